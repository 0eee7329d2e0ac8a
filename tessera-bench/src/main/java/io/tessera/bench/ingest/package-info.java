/**
 * {@code tessera bench ingest} ({@link IngestBenchCommand}): the same pre-encoded remote-write
 * requests ({@link EncodedLoad} of a {@link LoadShape}) sent by {@link LoadSender} to Tessera and
 * to Prometheus in turn, each a {@link Target} measured per {@link RunPlan} into a
 * {@link TargetResult}.
 */
package io.tessera.bench.ingest;
