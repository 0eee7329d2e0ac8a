package io.tessera.store.wal;

import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.AppendResult;
import io.tessera.store.raw.RawImage;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A raw store whose accepted requests survive a restart or a crash: every request is logged
 * before it is applied and acknowledged only once its record is as durable as {@link WalFsync}
 * promises; periodic snapshots bound the log and the time recovery takes.
 *
 * <p>On disk, under the data directory: {@code wal/} holds the log segments and
 * {@code snapshots/} the snapshots, the last {@value #KEEP_SNAPSHOTS} of them. {@link #open}
 * recovers: the newest snapshot, then the log after the position it covers.
 *
 * <p>Order of a write: the record is encoded; the store locks the request's series, validates
 * it, enqueues the record (so two requests that share a series are logged in the order they are
 * applied) and applies it; then the caller waits for the record's group to be written (and
 * forced, under {@link WalFsync#ALWAYS}). A request whose record fails to reach the log is
 * refused with a {@link WalFailedException} even though the store has applied it; the log is
 * then failed for good and refuses every later request, so what is on disk stays a prefix of
 * what was applied and a restart recovers exactly the logged requests.
 */
public final class DurableRawStore extends LoggedStore {

    public static final int KEEP_SNAPSHOTS = 2;
    private static final Logger LOG = LoggerFactory.getLogger(DurableRawStore.class);

    /** One snapshot taken: its number, the log position it covers, its size and how long it took. */
    public record SnapshotInfo(
            long number,
            WalPosition position,
            long series,
            long samples,
            long bytes,
            long durationNanos,
            boolean skipped) {}

    /**
     * The newest snapshot on disk: its number (-1 when none), the log position it covers (null
     * when none), when it was taken (epoch ms, 0 if never) and how long taking it took.
     */
    private record LastSnapshot(long number, WalPosition position, long takenAtMillis, long durationNanos) {}

    private final RawStore store;
    private final Path walDir;
    private final Path snapshotsDir;
    private final SeriesRefs refs;
    private final RecoveryReport recovery;
    /** The oldest and newest sample time recovered at start-up. */
    private final long[] recoveredSpan;

    private volatile LastSnapshot lastSnapshot;

    private DurableRawStore(
            RawStore store,
            Path walDir,
            Path snapshotsDir,
            WalWriter wal,
            SeriesRefs refs,
            RecoveryReport recovery,
            long[] recoveredSpan,
            LastSnapshot lastSnapshot) {
        super(wal);
        this.store = store;
        this.walDir = walDir;
        this.snapshotsDir = snapshotsDir;
        this.refs = refs;
        this.recovery = recovery;
        this.recoveredSpan = recoveredSpan;
        this.lastSnapshot = lastSnapshot;
    }

    /**
     * Recovers the store kept under {@code dataDir} (created if absent) and opens its log for
     * appends.
     *
     * @throws CorruptionException when a snapshot is damaged, a log segment is missing, or the log is of a newer format;
     *     damaged log records are skipped and reported in {@link #recovery()} instead
     */
    public static DurableRawStore open(Path dataDir, RawStoreConfig config, WalOptions options) {
        return open(dataDir, config, options, ReplayListener.NONE);
    }

    /** {@link #open(Path, RawStoreConfig, WalOptions)}, telling {@code listener} about every replayed record. */
    public static DurableRawStore open(
            Path dataDir, RawStoreConfig config, WalOptions options, ReplayListener listener) {
        return open(dataDir, config, options, listener, new RecoveryProgress());
    }

    /** {@link #open(Path, RawStoreConfig, WalOptions, ReplayListener)}, reporting how far recovery got to {@code progress}. */
    public static DurableRawStore open(
            Path dataDir,
            RawStoreConfig config,
            WalOptions options,
            ReplayListener listener,
            RecoveryProgress progress) {
        return open(dataDir, config, options, listener, WalIo.DISK, progress);
    }

    static DurableRawStore open(
            Path dataDir, RawStoreConfig config, WalOptions options, ReplayListener listener, WalWriter.Forcer forcer) {
        return open(dataDir, config, options, listener, WalIo.forcingWith(forcer), new RecoveryProgress());
    }

    static DurableRawStore open(
            Path dataDir,
            RawStoreConfig config,
            WalOptions options,
            ReplayListener listener,
            WalIo io,
            RecoveryProgress progress) {
        try {
            return recover(dataDir, config, options, listener, io, progress);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot recover the data directory " + dataDir + ": " + e.getMessage(), e);
        }
    }

    private static DurableRawStore recover(
            Path dataDir,
            RawStoreConfig config,
            WalOptions options,
            ReplayListener listener,
            WalIo io,
            RecoveryProgress progress)
            throws IOException {
        long start = System.nanoTime();
        Path walDir = dataDir.resolve("wal");
        Path snapshotsDir = dataDir.resolve("snapshots");
        Files.createDirectories(walDir);
        Files.createDirectories(snapshotsDir);
        Snapshots.deleteTemporary(snapshotsDir);
        RawStore store = new RawStore(config);

        List<Long> snapshots = Snapshots.list(snapshotsDir);
        long snapshot = snapshots.isEmpty() ? -1 : snapshots.getLast();
        SnapshotReader reader = new SnapshotReader();
        if (snapshot >= 0) {
            progress.stage("loading snapshot " + Segments.name(snapshot));
        }
        SnapshotManifest manifest = snapshot < 0 ? null : reader.load(Snapshots.path(snapshotsDir, snapshot), store);
        long[] span = {reader.minTime(), reader.maxTime()};
        ReplayListener spanning = request -> {
            long[] ts = request.timestamps();
            for (int i = 0, n = request.sampleCount(); i < n; i++) {
                span[0] = Math.min(span[0], ts[i]);
                span[1] = Math.max(span[1], ts[i]);
            }
            listener.replayed(request);
        };
        List<Long> segments = Segments.list(walDir);
        WalPosition from;
        if (manifest != null) {
            from = manifest.wal();
            for (long s : List.copyOf(segments)) {
                if (s < from.segment()) {
                    Files.delete(Segments.path(walDir, s));
                    segments.remove(s);
                }
            }
            if (segments.isEmpty() || segments.getFirst() != from.segment()) {
                throw new CorruptionException(
                        Segments.path(walDir, from.segment()),
                        from.offset(),
                        "the log segment where snapshot " + Segments.name(snapshot) + " says replay starts is missing");
            }
        } else {
            from = new WalPosition(segments.isEmpty() ? 0 : segments.getFirst(), Segments.HEADER);
            if (!segments.isEmpty() && segments.getFirst() != 0) {
                throw new CorruptionException(
                        Segments.path(walDir, segments.getFirst()),
                        0,
                        "the log starts after segment 00000000 and no snapshot covers what came before");
            }
        }
        Segments.requireConsecutive(walDir, segments, "log segment");
        WalReplay.Result replayed = new WalReplay(walDir, store, spanning, progress).replay(segments, from);
        for (WalReplay.Damage d : replayed.damage()) {
            LOG.warn("recovery: damaged log skipped, everything else kept: {}", d.describe());
        }
        Map<Long, Long> existing = new HashMap<>(replayed.segmentSizes());
        long first = Math.max(replayed.lastSegment(), from.segment() - 1) + 1;
        WalWriter wal = new WalWriter(walDir, options, first, existing, io);
        WalReplay.TornTail torn = replayed.torn();
        long droppedBytes = 0;
        long droppedRecords = 0;
        long droppedSamples = 0;
        for (WalReplay.Damage d : replayed.damage()) {
            droppedBytes += d.bytes();
            droppedRecords = droppedRecords < 0 || d.records() < 0 ? -1 : droppedRecords + d.records();
            droppedSamples = droppedSamples < 0 || d.samples() < 0 ? -1 : droppedSamples + d.samples();
        }
        RecoveryReport report = new RecoveryReport(
                snapshot,
                manifest == null ? 0 : manifest.series(),
                manifest == null ? 0 : manifest.samples(),
                from,
                replayed.records(),
                replayed.samples(),
                torn == null ? 0 : 1,
                torn == null
                        ? null
                        : torn.file() + " at byte offset " + torn.offset() + " (" + torn.bytesRemoved() + " bytes): "
                                + torn.problem(),
                System.nanoTime() - start,
                replayed.damage().stream().map(WalReplay.Damage::describe).toList(),
                droppedBytes,
                droppedRecords,
                droppedSamples);
        LastSnapshot last = manifest == null
                ? new LastSnapshot(snapshot, null, 0, 0)
                : new LastSnapshot(snapshot, manifest.wal(), manifest.takenAtMillis(), 0);
        return new DurableRawStore(
                store, walDir, snapshotsDir, wal, new SeriesRefs(replayed.maxSeriesRef() + 1), report, span, last);
    }

    /** The store itself, for reads; writes go through {@link #append}. */
    public RawStore store() {
        return store;
    }

    public RecoveryReport recovery() {
        return recovery;
    }

    /**
     * Validates, logs and applies the request, returning once its record is durable.
     *
     * @throws io.tessera.store.raw.SampleRejectedException as {@link RawStore#append(AppendRequest)}; nothing is logged
     * @throws io.tessera.core.LimitExceededException as {@link RawStore#append(AppendRequest)}; nothing is logged
     * @throws WalFailedException when the record did not reach the log; the request must not be acknowledged
     */
    public AppendResult append(AppendRequest request) {
        PendingRecord record = new PendingRecord(wal, request, refs);
        AppendResult result = store.append(request, record);
        record.await();
        return result;
    }

    /**
     * Takes a snapshot of the store and truncates the log to what it does not cover. Writers are
     * held off only while the store is cut; a snapshot when nothing was logged since the last
     * one is skipped.
     */
    public SnapshotInfo snapshot() {
        return snapshot(SnapshotParticipant.NONE);
    }

    /**
     * {@link #snapshot()}, saving {@code participant}'s state with it: {@link SnapshotParticipant#cut}
     * right after the cut, {@link SnapshotParticipant#committed} after the raw snapshot is durable
     * and before the log is truncated. A participant that fails fails the snapshot; the log is
     * then kept.
     */
    public synchronized SnapshotInfo snapshot(SnapshotParticipant participant) {
        long start = System.nanoTime();
        WalWriter.Cut[] cut = new WalWriter.Cut[1];
        RawImage image = store.capture(() -> cut[0] = wal.cut());
        WalPosition position = cut[0].position();
        participant.cut(position);
        LastSnapshot last = lastSnapshot;
        if (position.equals(last.position())) {
            try {
                participant.committed(position);
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "saving state with snapshot " + Segments.name(last.number()) + " failed: " + e.getMessage(), e);
            }
            return new SnapshotInfo(last.number(), position, image.seriesCount(), image.sampleCount(), 0, 0, true);
        }
        wal.syncThrough(cut[0]);
        long number = last.number() + 1;
        try {
            SnapshotManifest manifest =
                    SnapshotWriter.write(snapshotsDir, number, image, position, System.currentTimeMillis());
            lastSnapshot = new LastSnapshot(number, position, last.takenAtMillis(), last.durationNanos());
            participant.committed(position);
            wal.deleteBefore(position.segment());
            Snapshots.retain(snapshotsDir, KEEP_SNAPSHOTS);
            // Series gone since (retention) stop being remembered; the others get new numbers, defined again once in
            // the open segment.
            refs.clear();
            long took = System.nanoTime() - start;
            lastSnapshot = new LastSnapshot(number, position, manifest.takenAtMillis(), took);
            return new SnapshotInfo(
                    number,
                    position,
                    image.seriesCount(),
                    image.sampleCount(),
                    manifest.files().getFirst().bytes(),
                    took,
                    false);
        } catch (IOException e) {
            throw new UncheckedIOException("snapshot " + Segments.name(number) + " failed: " + e.getMessage(), e);
        }
    }

    /** The oldest sample time recovered at start-up (snapshot and log), {@code Long.MAX_VALUE} when none. */
    public long recoveredMinTime() {
        return recoveredSpan[0];
    }

    /** The newest sample time recovered at start-up, {@code Long.MIN_VALUE} when none. */
    public long recoveredMaxTime() {
        return recoveredSpan[1];
    }

    /** When the last snapshot was taken (epoch ms), 0 if never. */
    public long lastSnapshotMillis() {
        return lastSnapshot.takenAtMillis();
    }

    public long lastSnapshotDurationNanos() {
        return lastSnapshot.durationNanos();
    }

    Path walDir() {
        return walDir;
    }
}
