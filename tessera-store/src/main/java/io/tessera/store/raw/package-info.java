/**
 * The raw time-series store: what Tessera keeps of every ingested sample, read by Scans.
 *
 * <p>{@link io.tessera.store.raw.RawStore} is the entry point. Series are found through a
 * postings index of (label name, value) pairs with Prometheus matcher semantics; each series
 * keeps its samples in chunks of about 120 XOR-compressed samples.
 *
 * <p>Writes are whole requests ({@link io.tessera.store.raw.AppendRequest}), validated in full
 * and then applied in full, under writer locks striped by series labels and taken in ascending
 * order. Reads take no writer lock: they decode immutable chunk lists and a published prefix of
 * each head chunk.
 *
 * <p>Out-of-order samples within the configured window are folded into the chunk they belong
 * to when the request is applied (the chunk is re-encoded once per request), so reads never
 * merge. Samples older than that, conflicting repeats and samples outside retention are refused
 * with a {@link io.tessera.store.raw.SampleRejectedException}; the memory limit is enforced by
 * reserving a worst-case bound per request, refused with a
 * {@link io.tessera.core.LimitExceededException}.
 */
package io.tessera.store.raw;
