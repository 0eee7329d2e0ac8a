/**
 * The summary store, which keeps the states of materialized views. {@link SummaryStore} holds
 * one {@link ViewStore} per view definition id; each takes inserts into a {@link MutableEpoch},
 * sealed into immutable {@link SealedEpoch}s, and commits whole {@link StateBatch}es at once.
 * Reads take no lock: a run reads one {@link ViewSnapshot}, batched exact-interval reads go
 * through {@link ExactReader}, and {@link PaneVersions} records panes that late data made stale.
 */
package io.tessera.store.summary;
