/**
 * Durability on disk: the write-ahead log ({@link WalWriter} with group commit,
 * {@link WalReplay}, {@link Segments}, {@link Frames}), raw-store snapshots ({@link Snapshots},
 * {@link SnapshotWriter}, {@link SnapshotReader}) behind {@link DurableRawStore}, the files of
 * views ({@link DurableViews}) and of the installed plan ({@link PlanFile}), the table log
 * ({@link DurableTables}), and the data directory's lock ({@link DataDirLock}). Damaged state that
 * cannot be trusted is refused with a {@link CorruptionException}.
 */
package io.tessera.store.wal;
