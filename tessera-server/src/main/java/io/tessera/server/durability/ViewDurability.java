package io.tessera.server.durability;

import io.tessera.core.PaneGrid;
import io.tessera.ingest.views.ViewMaintainer;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.server.metrics.MetricsRegistry;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.AppendResult;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.wal.DurableRawStore;
import io.tessera.store.wal.DurableViews;
import io.tessera.store.wal.ReplayListener;
import io.tessera.store.wal.SnapshotParticipant;
import io.tessera.store.wal.ViewCapture;
import io.tessera.store.wal.WalPosition;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the views of a durable server survive restarts: saves them with every raw-store snapshot
 * and brings them back at start-up (see docs/durability.md, "Views").
 *
 * <p>Consistency rests on one gate. A write holds it (shared) from before its append until the
 * view maintainer has been told about it; a snapshot holds it (exclusive) while the raw store is
 * cut and the views are captured. So at a capture every request before the cut has been applied
 * and judged for lateness, and none after it has been applied: each saved pane was built from
 * requests before the cut only, and every later sample that reaches a saved pane is in the log
 * after the cut, where recovery finds it and marks the pane unusable, as the running server did.
 */
public final class ViewDurability implements SnapshotParticipant {

    private static final Logger LOG = LoggerFactory.getLogger(ViewDurability.class);

    private final DurableViews files;
    private final ReentrantReadWriteLock gate = new ReentrantReadWriteLock();
    /** (min time, max time, samples) of each log record replayed at start-up, in log order. */
    private long[] replayed = new long[48];

    private int replayedCount;
    private ViewMaintainer maintainer;
    private ViewCapture.All pending;
    private volatile long recoveryNanos;
    private volatile long loadedEntries;
    private volatile int loadedViews;

    private ViewDurability(DurableViews files) {
        this.files = files;
    }

    /** Opens the view files under {@code dataDir}; call before the raw store recovers. */
    public static ViewDurability open(Path dataDir) {
        return new ViewDurability(DurableViews.open(dataDir));
    }

    /** Collects the time range of every replayed record, to judge saved panes against it. */
    public ReplayListener replayListener() {
        return request -> {
            int n = request.sampleCount();
            if (n == 0) {
                return;
            }
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            long[] ts = request.timestamps();
            for (int i = 0; i < n; i++) {
                min = Math.min(min, ts[i]);
                max = Math.max(max, ts[i]);
            }
            if (3 * replayedCount + 3 > replayed.length) {
                replayed = Arrays.copyOf(replayed, replayed.length * 2);
            }
            replayed[3 * replayedCount] = min;
            replayed[3 * replayedCount + 1] = max;
            replayed[3 * replayedCount + 2] = n;
            replayedCount++;
        };
    }

    /** The plan installed before the restart, or null. */
    public String savedPlan() {
        return files.plan();
    }

    /**
     * Views a plan change dropped: the next save writes them afresh if a plan brings them back,
     * instead of adding to files of states the running server no longer holds.
     */
    public void viewsDropped(List<String> definitionIds) {
        files.forget(definitionIds);
    }

    /** Saves {@code plan} durably as the installed plan. */
    public void planInstalled(InstallablePlan plan) {
        files.savePlan(InstallablePlanCodec.toJson(plan));
    }

    /**
     * Brings the installed views back after the raw store recovered: loads their files, resumes
     * each from its frontier, marks the saved panes that replayed log records reached as
     * unusable, and widens the maintainer's known time range to the recovered data.
     */
    public void recover(
            DurableRawStore raw, ViewMaintainer maintainer, SummaryStore summaries, List<MaterializedView> views) {
        long start = System.nanoTime();
        this.maintainer = maintainer;
        WalPosition saved = files.position();
        if (saved != null && !saved.equals(raw.recovery().replayedFrom())) {
            files.discardAll("they were saved at log position " + saved + ", the raw snapshot loaded covers the log to "
                    + raw.recovery().replayedFrom());
        }
        long entries = 0;
        int loaded = 0;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (MaterializedView view : views) {
            if (!seen.add(view.definitionId())) {
                continue;
            }
            DurableViews.Loaded l = files.load(view.definitionId(), summaries.view(view.definitionId()));
            if (l == null || l.frontier() == Long.MIN_VALUE) {
                continue;
            }
            long frontier = l.frontier();
            if (raw.recoveredMinTime() != Long.MAX_VALUE) {
                frontier =
                        Math.max(frontier, new PaneGrid(view.paneMs(), view.phaseMs()).floor(raw.recoveredMinTime()));
            }
            maintainer.resume(view.definitionId(), frontier, l.invalid());
            entries += l.entries();
            loaded++;
        }
        for (int r = 0; r < replayedCount; r++) {
            maintainer.accepted(replayed[3 * r], replayed[3 * r + 1], (int) replayed[3 * r + 2]);
        }
        replayed = null;
        maintainer.seed(
                Math.min(files.oldestSample(), raw.recoveredMinTime()),
                Math.max(files.newestSample(), raw.recoveredMaxTime()));
        for (String warning : files.drainWarnings()) {
            LOG.warn(warning);
        }
        loadedEntries = entries;
        loadedViews = loaded;
        recoveryNanos = System.nanoTime() - start;
        LOG.info(
                "recovered {} views ({} saved states and pane markers) in {} ms",
                loaded,
                entries,
                recoveryNanos / 1_000_000);
    }

    /** A write: appended (and logged), then the maintainer told, inside the gate. */
    public AppendResult append(DurableRawStore raw, AppendRequest request) {
        gate.readLock().lock();
        try {
            AppendResult result = raw.append(request);
            maintainer.accepted(request);
            return result;
        } finally {
            gate.readLock().unlock();
        }
    }

    /** A raw-store snapshot with the views saved alongside. */
    public DurableRawStore.SnapshotInfo snapshot(DurableRawStore raw) {
        gate.writeLock().lock();
        try {
            return raw.snapshot(this);
        } finally {
            if (gate.isWriteLockedByCurrentThread()) {
                gate.writeLock().unlock();
            }
        }
    }

    @Override
    public void cut(WalPosition position) {
        try {
            pending = maintainer == null ? null : maintainer.capture();
        } finally {
            gate.writeLock().unlock();
        }
    }

    @Override
    public void committed(WalPosition position) throws IOException {
        if (pending != null) {
            files.save(position, pending);
            pending = null;
        }
    }

    public void registerMetrics(MetricsRegistry metrics) {
        metrics.gauge(
                "tessera_view_files",
                "View files on disk that the view manifest lists.",
                () -> files.listed().count());
        metrics.gauge(
                "tessera_view_file_bytes",
                "Bytes of those view files.",
                () -> files.listed().bytes());
        metrics.counter(
                "tessera_view_files_discarded_total",
                "View files found damaged at start-up and discarded; their panes are built again.",
                files::filesDiscarded);
        metrics.gauge(
                "tessera_view_recovered_states",
                "States and pane markers loaded from view files at start-up.",
                () -> loadedEntries);
        metrics.gauge("tessera_view_recovered_views", "Views resumed from their files at start-up.", () -> loadedViews);
        metrics.gauge(
                "tessera_view_recovery_duration_seconds",
                "How long loading the view files took at start-up.",
                () -> recoveryNanos / 1e9);
    }
}
