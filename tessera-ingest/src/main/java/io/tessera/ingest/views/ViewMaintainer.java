package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.spi.DataStore;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.ViewSnapshot;
import io.tessera.store.wal.ViewCapture;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Keeps the {@code AT_INGESTION} views of the installed plan up to date (and the
 * {@code AT_QUERY_KEPT} ones once a query has asked for them): one ingestion run per
 * pane once the watermark (the newest sample accepted, never later than the server's clock, minus
 * the allowed lateness) has passed the
 * pane's end, its states committed to the summary store in one batch. A sample that arrives for
 * a pane already built is stored raw as always, counted, and makes that pane unusable for the
 * view (for a view of values at pane ends, every pane whose evaluation reads it), so readers
 * answer that part exactly instead of from stale state.
 *
 * <p>A view of a SQL table has a watermark of its own: the newest row accepted into that table
 * minus the allowed lateness ({@link #acceptedRows}); rows that arrive for its panes already built
 * make those panes unusable the same way.
 */
public final class ViewMaintainer {

    private final SummaryStore summaries;
    private final Watermarks watermarks;
    private final LateWrites late = new LateWrites();
    private final RunAccounting accounting = new RunAccounting();
    private final RunScheduler scheduler;

    private volatile List<Maintained> views = List.of();

    public ViewMaintainer(SummaryStore summaries, DataStore data, long allowedLatenessMs) {
        this(summaries, data, allowedLatenessMs, System::currentTimeMillis);
    }

    /** @param clock the server's clock (epoch ms), which caps the watermark of time series */
    public ViewMaintainer(SummaryStore summaries, DataStore data, long allowedLatenessMs, LongSupplier clock) {
        this.summaries = summaries;
        this.watermarks = new Watermarks(allowedLatenessMs, clock);
        this.scheduler = new RunScheduler(data, watermarks, accounting);
    }

    /**
     * Maintains exactly these views from now on. A view already maintained (the same
     * definition id) keeps its panes and progress; the others stop being built and their states
     * are dropped: nothing watches late data for them any more, so a plan that brings one back
     * starts it afresh rather than reading panes that may have gone stale meanwhile.
     *
     * @return the definition ids of the views dropped
     */
    public synchronized List<String> install(PhysicalDag dag, List<MaterializedView> installed) {
        List<Maintained> next = new ArrayList<>();
        Set<String> kept = new HashSet<>();
        for (MaterializedView view : installed) {
            Maintained existing = find(view.definitionId());
            next.add(existing != null ? existing : new Maintained(dag, view, summaries.view(view.definitionId())));
            kept.add(view.definitionId());
        }
        List<String> dropped = new ArrayList<>();
        for (Maintained m : views) {
            if (!kept.contains(m.view.definitionId()) && !dropped.contains(m.view.definitionId())) {
                dropped.add(m.view.definitionId());
            }
        }
        views = List.copyOf(next);
        for (String id : dropped) {
            summaries.drop(id);
        }
        return dropped;
    }

    private Maintained find(String definitionId) {
        for (Maintained m : views) {
            if (m.view.definitionId().equals(definitionId)) {
                return m;
            }
        }
        return null;
    }

    /**
     * Continues view {@code definitionId} (installed, its saved panes loaded into its store) from
     * a restart: panes ending at or before {@code builtUntil} are built, {@code invalid} of them
     * unusable. Does nothing for a view that is not installed.
     */
    public synchronized void resume(String definitionId, long builtUntil, Collection<Interval> invalid) {
        Maintained m = find(definitionId);
        if (m != null) {
            m.builtUntil = builtUntil;
            m.active = m.active || builtUntil != Long.MIN_VALUE;
            m.store.markStale(invalid);
        }
    }

    /** Widens the known sample time range (data recovered at start-up) without judging any sample late. */
    public void seed(long oldest, long newest) {
        if (oldest <= newest) {
            watermarks.samples(oldest, newest);
        }
    }

    /**
     * What a snapshot saves of every view. Each view's frontier is read before its store, so
     * every pane up to the frontier is in the store snapshot.
     */
    public ViewCapture.All capture() {
        List<ViewCapture> out = new ArrayList<>();
        for (Maintained m : views) {
            long watermark = watermarks.of(m);
            long frontier = m.builtUntil;
            ViewSnapshot states = m.store.snapshot();
            Set<Interval> stale = new HashSet<>(states.staleMarks().keySet());
            stale.addAll(m.rebuilt);
            List<Interval> invalid = new ArrayList<>();
            for (Interval pane : stale) {
                if (pane.end() <= frontier) {
                    invalid.add(pane);
                }
            }
            invalid.sort(null);
            long cutoff = watermark == Long.MIN_VALUE
                    ? Long.MIN_VALUE
                    : watermark - m.view.materialization().retentionMs();
            out.add(new ViewCapture(m.view.definitionId(), frontier, cutoff, invalid, states));
        }
        return new ViewCapture.All(watermarks.oldestSample(), watermarks.newestSample(), out);
    }

    /**
     * A query asked {@code definitionId} for panes from {@code fromMs} on and found them missing:
     * an AT_QUERY_KEPT view starts being built from there (within its retention) and is kept up
     * to date from then on, so later evaluations read it.
     */
    public void demand(String definitionId, long fromMs) {
        Maintained m = find(definitionId);
        if (m == null || m.active) {
            // a view maintained already (every AT_INGESTION view) needs nothing: a query reading its newest,
            // unbuilt panes must not wait here for an ingestion run holding the lock
            return;
        }
        synchronized (this) {
            activate(definitionId, fromMs);
        }
    }

    private void activate(String definitionId, long fromMs) {
        Maintained m = find(definitionId);
        if (m == null || m.active) {
            return;
        }
        long watermark = watermarks.of(m);
        long first = Math.max(
                fromMs,
                Math.max(
                        watermarks.oldest(m),
                        watermark == Long.MIN_VALUE
                                ? fromMs
                                : watermark - m.view.materialization().retentionMs()));
        m.builtUntil = m.grid.floor(first);
        m.active = true;
    }

    /**
     * Called after a write was applied: advances the watermark, and marks stale the built panes
     * its late samples reach — of the views whose Scans select their series only — so that
     * readers answer those panes exactly until ingestion runs rebuild them.
     */
    public void accepted(AppendRequest request) {
        if (request.sampleCount() == 0) {
            return;
        }
        long minTs = watermarks.accepted(request);
        late.samples(request, minTs, views);
    }

    /**
     * Called for samples of series not known here (writes replayed at start-up), with their time
     * range: every built pane of every view of time series those times may reach is marked stale.
     */
    public void accepted(long minTs, long maxTs, int samples) {
        watermarks.samples(minTs, maxTs);
        late.unknownSeries(minTs, maxTs, samples, views);
    }

    /**
     * Called after rows were appended to SQL table {@code table}, with the time range of their
     * time column: advances that table's watermark, and a row for a pane of one of its views
     * already built makes that pane unusable.
     */
    public void acceptedRows(String table, long minTs, long maxTs, int rows) {
        watermarks.rows(table, minTs, maxTs);
        late.rows(table, minTs, maxTs, rows, views);
    }

    /** Widens the known row time range of {@code table} (rows recovered at start-up) without judging any row late. */
    public void seedTable(String table, long oldest, long newest) {
        if (oldest <= newest) {
            watermarks.rows(table, oldest, newest);
        }
    }

    /** Rows that arrived for panes of table views already built. */
    public long lateRows() {
        return late.lateRows();
    }

    /** True when late data made {@code pane} of view {@code definitionId} stale and it is not rebuilt yet. */
    public boolean isInvalid(String definitionId, Interval pane) {
        Maintained m = find(definitionId);
        return m != null && m.store.snapshot().isStale(pane);
    }

    /**
     * The newest sample time, but never later than the server's clock, minus the allowed lateness:
     * panes ending at or before it are complete. The clock caps it so that samples stamped ahead of
     * it (a sender whose clock runs fast) cannot make every other series' on-time samples late.
     */
    public long watermark() {
        return watermarks.watermark();
    }

    /**
     * Builds every pane that is complete and not built yet, at most {@code maxPanes} in all;
     * returns how many were built. A new view starts with the oldest pane its retention and the
     * raw data still cover.
     */
    public synchronized int runOnce(int maxPanes) {
        accounting.start();
        try {
            return scheduler.build(views, maxPanes);
        } finally {
            accounting.count();
        }
    }

    /** The CPU time ingestion runs took, all views, in nanoseconds (0 where the JVM does not measure a thread's CPU time). */
    public long cpuNanos() {
        return accounting.cpuNanos();
    }

    /** Drops panes older than each view's retention from the summary store. */
    public void applyRetention() {
        for (Maintained m : views) {
            long watermark = watermarks.of(m);
            if (watermark != Long.MIN_VALUE) {
                long cutoff = watermark - m.view.materialization().retentionMs();
                m.store.evictEpochsEndingBefore(cutoff);
                m.rebuilt.removeIf(pane -> pane.end() < cutoff);
            }
        }
    }

    public List<ViewProgress> progress() {
        List<ViewProgress> out = new ArrayList<>();
        for (Maintained m : views) {
            long watermark = watermarks.of(m);
            long lag = m.builtUntil == Long.MIN_VALUE || watermark == Long.MIN_VALUE
                    ? 0
                    : Math.max(0, watermark - m.builtUntil);
            ViewSnapshot snapshot = m.store.snapshot();
            out.add(new ViewProgress(
                    m.view.definitionId(),
                    m.panesBuilt.sum(),
                    lag,
                    snapshot.memoryBytes(),
                    snapshot.staleMarks().size(),
                    m.panesRebuilt.sum()));
        }
        return out;
    }

    public long lateSamples() {
        return late.lateSamples();
    }
}
