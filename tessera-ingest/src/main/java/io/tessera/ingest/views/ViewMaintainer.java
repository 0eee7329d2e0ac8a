package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
import io.tessera.exec.DataStore;
import io.tessera.exec.QueryLimits;
import io.tessera.exec.RunContext;
import io.tessera.exec.op.ScanOperator;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.PaneBuilder;
import io.tessera.exec.view.PaneSink;
import io.tessera.exec.view.PaneSlices;
import io.tessera.plan.LookBack;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.Source;
import io.tessera.plan.TableWindow;
import io.tessera.plan.ValueKind;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.ViewStore;
import io.tessera.store.wal.ViewCapture;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps the {@code AT_INGESTION} views of the installed plan up to date (and the
 * {@code AT_QUERY_KEPT} ones once a query has asked for them): one ingestion run per
 * pane once the watermark (the newest sample accepted, minus the allowed lateness) has passed the
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

    /** One maintained view and its progress. */
    static final class Maintained {
        final PhysicalDag dag;
        final MaterializedView view;
        final PaneGrid grid;
        /** Whether the view keeps its node's values at pane ends rather than the samples of each pane. */
        final boolean keepsValues;
        /** How far before a pane's end the view's input reads: 0 for panes of samples. */
        final long lookBackMs;
        final ViewStore store;
        final LongAdder panesBuilt = new LongAdder();
        final Map<Interval, Boolean> invalid = new ConcurrentHashMap<>();
        volatile long builtUntil = Long.MIN_VALUE;
        /** False for an AT_QUERY_KEPT view until a query first asks for it. */
        volatile boolean active;
        /** The end of the pane being built, set before its raw data is read. */
        volatile long buildingUntil = Long.MIN_VALUE;
        /** The SQL table a table view folds, or null for a view of time series. */
        final String table;

        Maintained(PhysicalDag dag, MaterializedView view, ViewStore store) {
            this.dag = dag;
            this.view = view;
            this.grid = new PaneGrid(view.paneMs(), view.phaseMs());
            int input = view.state().input();
            this.keepsValues = dag.node(input).kind() == ValueKind.INSTANT_VECTOR;
            this.active = view.materialization().mode() == Materialization.Mode.AT_INGESTION;
            this.lookBackMs = keepsValues ? LookBack.of(dag, input) : 0;
            this.store = store;
            this.table = dag.node(input) instanceof TableWindow w && dag.node(w.input()) instanceof Scan s
                    && s.source() instanceof Source.Table t ? t.name() : null;
        }
    }

    /** The most panes of an evaluation-grid view one ingestion run evaluates (the steps of its run). */
    private static final int VALUE_PANES_PER_RUN = 240;
    /** The most panes of a curve view one ingestion run builds: its pieces are held until the run ends. */
    private static final int CURVE_PANES_PER_RUN = 10;

    private final SummaryStore summaries;
    private final DataStore data;
    private final long allowedLatenessMs;
    private final AtomicLong newestSample = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong oldestSample = new AtomicLong(Long.MAX_VALUE);
    private final LongAdder lateSamples = new LongAdder();
    private final LongAdder lateRows = new LongAdder();
    private final LongAdder cpuNanos = new LongAdder();
    /** The maintaining thread's CPU time when last counted; guarded by this. */
    private long cpuMark = -1;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Per SQL table: {newest, oldest} row time accepted. */
    private final Map<String, AtomicLong[]> tableTimes = new ConcurrentHashMap<>();
    private volatile List<Maintained> views = List.of();

    public ViewMaintainer(SummaryStore summaries, DataStore data, long allowedLatenessMs) {
        this.summaries = summaries;
        this.data = data;
        this.allowedLatenessMs = allowedLatenessMs;
    }

    /**
     * Maintains exactly these views from now on. A view already maintained (the same
     * definition id) keeps its panes and progress; the others stop being built.
     */
    public synchronized void install(PhysicalDag dag, List<MaterializedView> installed) {
        List<Maintained> next = new ArrayList<>();
        for (MaterializedView view : installed) {
            Maintained existing = find(view.definitionId());
            next.add(existing != null ? existing : new Maintained(dag, view, summaries.view(view.definitionId())));
        }
        views = List.copyOf(next);
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
            for (Interval pane : invalid) {
                m.invalid.put(pane, Boolean.TRUE);
            }
        }
    }

    /** Widens the known sample time range (data recovered at start-up) without judging any sample late. */
    public void seed(long oldest, long newest) {
        if (oldest <= newest) {
            newestSample.accumulateAndGet(newest, Math::max);
            oldestSample.accumulateAndGet(oldest, Math::min);
        }
    }

    /**
     * What a snapshot saves of every view. Each view's frontier is read before its store, so
     * every pane up to the frontier is in the store snapshot.
     */
    public ViewCapture.All capture() {
        List<ViewCapture> out = new ArrayList<>();
        for (Maintained m : views) {
            long watermark = watermark(m);
            long frontier = m.builtUntil;
            List<Interval> invalid = new ArrayList<>();
            for (Interval pane : m.invalid.keySet()) {
                if (pane.end() <= frontier) {
                    invalid.add(pane);
                }
            }
            invalid.sort(null);
            long cutoff = watermark == Long.MIN_VALUE ? Long.MIN_VALUE : watermark - m.view.materialization().retentionMs();
            out.add(new ViewCapture(m.view.definitionId(), frontier, cutoff, invalid, m.store.snapshot()));
        }
        return new ViewCapture.All(oldestSample.get(), newestSample.get(), out);
    }

    /**
     * A query asked {@code definitionId} for panes from {@code fromMs} on and found them missing:
     * an AT_QUERY_KEPT view starts being built from there (within its retention) and is kept up
     * to date from then on, so later evaluations read it.
     */
    public synchronized void demand(String definitionId, long fromMs) {
        Maintained m = find(definitionId);
        if (m == null || m.active) {
            return;
        }
        long watermark = watermark(m);
        long first = Math.max(fromMs, Math.max(oldest(m),
                watermark == Long.MIN_VALUE ? fromMs : watermark - m.view.materialization().retentionMs()));
        m.builtUntil = m.grid.floor(first);
        m.active = true;
    }

    /** Called after a write with the time range of its samples. */
    public void accepted(long minTs, long maxTs, int samples) {
        newestSample.accumulateAndGet(maxTs, Math::max);
        oldestSample.accumulateAndGet(minTs, Math::min);
        for (Maintained m : views) {
            long built = Math.max(m.builtUntil, m.buildingUntil);
            if (m.table == null && minTs <= built) {
                lateSamples.add(samples);
                long last = Math.min(built, m.grid.paneEndFor(maxTs + m.lookBackMs));
                for (long end = m.grid.paneEndFor(minTs); end <= last; end += m.view.paneMs()) {
                    m.invalid.put(new Interval(end - m.view.paneMs(), end), Boolean.TRUE);
                }
            }
        }
    }

    /**
     * Called after rows were appended to SQL table {@code table}, with the time range of their
     * time column: advances that table's watermark, and a row for a pane of one of its views
     * already built makes that pane unusable.
     */
    public void acceptedRows(String table, long minTs, long maxTs, int rows) {
        AtomicLong[] times = tableTimes.computeIfAbsent(table,
                t -> new AtomicLong[] {new AtomicLong(Long.MIN_VALUE), new AtomicLong(Long.MAX_VALUE)});
        times[0].accumulateAndGet(maxTs, Math::max);
        times[1].accumulateAndGet(minTs, Math::min);
        boolean late = false;
        for (Maintained m : views) {
            long built = Math.max(m.builtUntil, m.buildingUntil);
            if (table.equals(m.table) && minTs <= built) {
                late = true;
                long last = Math.min(built, m.grid.paneEndFor(maxTs));
                for (long end = m.grid.paneEndFor(minTs); end <= last; end += m.view.paneMs()) {
                    m.invalid.put(new Interval(end - m.view.paneMs(), end), Boolean.TRUE);
                }
            }
        }
        if (late) {
            lateRows.add(rows);
        }
    }

    /** Widens the known row time range of {@code table} (rows recovered at start-up) without judging any row late. */
    public void seedTable(String table, long oldest, long newest) {
        if (oldest <= newest) {
            AtomicLong[] times = tableTimes.computeIfAbsent(table,
                    t -> new AtomicLong[] {new AtomicLong(Long.MIN_VALUE), new AtomicLong(Long.MAX_VALUE)});
            times[0].accumulateAndGet(newest, Math::max);
            times[1].accumulateAndGet(oldest, Math::min);
        }
    }

    /** The watermark view {@code m} is built to: its table's, or the time series'. */
    private long watermark(Maintained m) {
        if (m.table == null) {
            return watermark();
        }
        AtomicLong[] times = tableTimes.get(m.table);
        long newest = times == null ? Long.MIN_VALUE : times[0].get();
        return newest == Long.MIN_VALUE ? Long.MIN_VALUE : newest - allowedLatenessMs;
    }

    private long oldest(Maintained m) {
        if (m.table == null) {
            return oldestSample.get();
        }
        AtomicLong[] times = tableTimes.get(m.table);
        return times == null ? Long.MAX_VALUE : times[1].get();
    }

    /** Rows that arrived for panes of table views already built. */
    public long lateRows() {
        return lateRows.sum();
    }

    /** True when late data made {@code pane} of view {@code definitionId} unusable. */
    public boolean isInvalid(String definitionId, Interval pane) {
        Maintained m = find(definitionId);
        return m != null && m.invalid.containsKey(pane);
    }

    /** The newest sample time minus the allowed lateness: panes ending at or before it are complete. */
    public long watermark() {
        long newest = newestSample.get();
        return newest == Long.MIN_VALUE ? Long.MIN_VALUE : newest - allowedLatenessMs;
    }

    /**
     * Builds every pane that is complete and not built yet, at most {@code maxPanes} in all;
     * returns how many were built. A new view starts with the oldest pane its retention and the
     * raw data still cover.
     */
    public synchronized int runOnce(int maxPanes) {
        cpuMark = threadCpuNanos();
        try {
            return build(maxPanes);
        } finally {
            countCpu();
        }
    }

    private static long threadCpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    /** Adds the CPU time this thread took since the last mark (a run may chase a watermark that keeps moving for long). */
    private void countCpu() {
        long now = threadCpuNanos();
        if (now >= 0 && cpuMark >= 0) {
            cpuNanos.add(now - cpuMark);
        }
        cpuMark = now;
    }

    /** The CPU time ingestion runs took, all views, in nanoseconds (0 where the JVM does not measure a thread's CPU time). */
    public long cpuNanos() {
        return cpuNanos.sum();
    }

    private int build(int maxPanes) {
        int built = 0;
        for (Maintained m : views) {
            long watermark = watermark(m);
            if (m.active && watermark != Long.MIN_VALUE && m.builtUntil == Long.MIN_VALUE) {
                long first = Math.max(oldest(m), watermark - m.view.materialization().retentionMs());
                m.builtUntil = m.grid.floor(first);
            }
        }
        List<Maintained> paneViews = new ArrayList<>();
        for (Maintained m : views) {
            long watermark = watermark(m);
            if (!m.active || watermark == Long.MIN_VALUE) {
                continue;
            }
            if (!m.keepsValues) {
                paneViews.add(m);
                continue;
            }
            while (built < maxPanes && m.builtUntil + m.view.paneMs() <= watermark) {
                boolean curve = m.view.state().state().family() == StateFamily.CURVE;
                // evaluation-grid views of the same plan, grid and progress are evaluated in one run
                List<Maintained> sharers = new ArrayList<>();
                for (Maintained other : views) {
                    if (other == m || !curve && other.active && other.keepsValues && other.dag == m.dag
                            && other.builtUntil == m.builtUntil && other.grid.equals(m.grid) && watermark(other) == watermark
                            && other.view.state().state().family() != StateFamily.CURVE) {
                        sharers.add(other);
                    }
                }
                long panes = Math.min(Math.min(Math.max(1, (maxPanes - built) / sharers.size()),
                        curve ? CURVE_PANES_PER_RUN : VALUE_PANES_PER_RUN), (watermark - m.builtUntil) / m.view.paneMs());
                long first = m.builtUntil + m.view.paneMs();
                long last = m.builtUntil + panes * m.view.paneMs();
                for (Maintained sharer : sharers) {
                    sharer.buildingUntil = last;
                }
                buildValuePanes(sharers, first, last);
                for (Maintained sharer : sharers) {
                    sharer.builtUntil = last;
                }
                countCpu();
                built += (int) panes * sharers.size();
            }
        }
        // span by span across the views: the pane views of one selector and pane grid read each span of panes once
        boolean progress = true;
        while (progress && built < maxPanes) {
            progress = false;
            for (Maintained m : paneViews) {
                if (built < maxPanes && m.builtUntil + m.view.paneMs() <= watermark(m)) {
                    Scan scan = PaneBuilder.scanOf(m.dag, m.view);
                    built += scan == null ? buildPane(m) : buildSpan(m, scan, paneViews, maxPanes - built);
                    countCpu();
                    progress = true;
                }
            }
        }
        return built;
    }

    /**
     * How much raw data one read brings for every pane view of the same Scan and panes: ten panes,
     * or ten minutes of narrower panes (each read pays per series, so 15 s panes should not pay it
     * for every 150 s of samples).
     */
    private static final int PANES_PER_READ = 10;
    private static final long SPAN_PER_READ_MS = 600_000;

    /**
     * Builds the panes from {@code m}'s next one on, as many as are complete (at most {@link
     * #PANES_PER_READ} or {@link #SPAN_PER_READ_MS} of them, and no more than {@code budget} lets every view that shares them build),
     * for every pane view of the same Scan, pane grid and progress, from one read of their raw
     * data. Each of those views is marked as building up to the span's end before the read, so a
     * sample arriving for the span after it is judged late and its pane answered exactly.
     * Returns the number of panes built.
     */
    private int buildSpan(Maintained m, Scan scan, List<Maintained> paneViews, int budget) {
        List<Maintained> sharers = new ArrayList<>();
        for (Maintained other : paneViews) {
            if (other.builtUntil == m.builtUntil && other.grid.equals(m.grid) && scan.equals(PaneBuilder.scanOf(other.dag, other.view))) {
                sharers.add(other);
            }
        }
        long complete = (m.grid.floor(watermark(m)) - m.builtUntil) / m.view.paneMs();
        long perRead = Math.max(PANES_PER_READ, SPAN_PER_READ_MS / m.view.paneMs());
        int panes = (int) Math.max(1, Math.min(Math.min(perRead, complete), budget / sharers.size()));
        Interval span = new Interval(m.builtUntil, m.builtUntil + panes * m.view.paneMs());
        for (Maintained sharer : sharers) {
            sharer.buildingUntil = Math.max(sharer.buildingUntil, span.end());
        }
        SeriesRows rows = ScanOperator.read(data, scan, span, new RunContext(span.end(), span.end(), 60_000, QueryLimits.DEFAULTS));
        PaneSlices slices = new PaneSlices(rows, span, m.view.paneMs());
        for (Maintained sharer : sharers) {
            List<PaneBuilder.GroupPanes> groups = PaneBuilder.foldPanes(sharer.view, slices);
            StateBatch batch = new StateBatch(Math.max(1, groups.size() * panes));
            for (int j = 0; j < panes; j++) {
                long start = span.start() + j * m.view.paneMs();
                int before = batch.size();
                for (PaneBuilder.GroupPanes g : groups) {
                    State state = g.panes()[j];
                    if (state != null) {
                        batch.add(g.group(), start, start + m.view.paneMs(), state);
                    }
                }
                if (batch.size() == before) {
                    batch.addEmptyPane(new Interval(start, start + m.view.paneMs()));
                }
            }
            sharer.store.insertBatch(batch);
            sharer.builtUntil = span.end();
            sharer.panesBuilt.add(panes);
        }
        return panes * sharers.size();
    }

    /**
     * Panes ending in {@code [firstEnd, lastEnd]} of evaluation-grid views of one plan and pane
     * grid, built by one run over that grid (or of one curve view).
     */
    private void buildValuePanes(List<Maintained> ms, long firstEnd, long lastEnd) {
        Maintained first = ms.getFirst();
        RunContext context = new RunContext(firstEnd, lastEnd, 60_000, QueryLimits.DEFAULTS);
        long paneMs = first.view.paneMs();
        int panes = (int) ((lastEnd - firstEnd) / paneMs) + 1;
        StateBatch[] batches = new StateBatch[ms.size()];
        for (int v = 0; v < ms.size(); v++) {
            batches[v] = new StateBatch();
        }
        PaneSink sink = new PaneSink() {
            @Override
            public void expect(int view, int states) {
                batches[view] = new StateBatch(states + panes);
            }

            @Override
            public void state(int view, int pane, Labels group, State state) {
                long end = firstEnd + pane * paneMs;
                batches[view].add(group, end - paneMs, end, state);
            }

            @Override
            public void emptyPane(int view, int pane) {
                long end = firstEnd + pane * paneMs;
                batches[view].addEmptyPane(new Interval(end - paneMs, end));
            }
        };
        if (first.view.state().state().family() == StateFamily.CURVE) {
            List<Map<Labels, State>> curves = PaneBuilder.buildValues(first.dag, first.view, firstEnd, lastEnd, data, context);
            for (int i = 0; i < curves.size(); i++) {
                if (curves.get(i).isEmpty()) {
                    sink.emptyPane(0, i);
                }
                for (Map.Entry<Labels, State> e : curves.get(i).entrySet()) {
                    sink.state(0, i, e.getKey(), e.getValue());
                }
            }
        } else {
            PaneBuilder.buildValues(first.dag, ms.stream().map(m -> m.view).toList(), firstEnd, lastEnd, data, context, sink);
        }
        for (int v = 0; v < ms.size(); v++) {
            Maintained m = ms.get(v);
            m.store.insertBatch(batches[v]);
            m.panesBuilt.add(panes);
        }
    }

    /** The next pane of a pane view that folds no Scan's raw data (a SQL table view), from its own read; returns 1. */
    private int buildPane(Maintained m) {
        long end = m.builtUntil + m.view.paneMs();
        Interval pane = new Interval(end - m.view.paneMs(), end);
        m.buildingUntil = Math.max(m.buildingUntil, end);
        Map<Labels, State> states = PaneBuilder.build(m.dag, m.view, pane, data,
                new RunContext(pane.end(), pane.end(), 60_000, QueryLimits.DEFAULTS));
        StateBatch batch = new StateBatch(Math.max(1, states.size()));
        if (states.isEmpty()) {
            batch.addEmptyPane(pane);
        }
        for (Map.Entry<Labels, State> e : states.entrySet()) {
            batch.add(e.getKey(), pane, e.getValue());
        }
        m.store.insertBatch(batch);
        m.builtUntil = end;
        m.panesBuilt.increment();
        return 1;
    }

    /** Drops panes older than each view's retention from the summary store. */
    public void applyRetention() {
        for (Maintained m : views) {
            long watermark = watermark(m);
            if (watermark != Long.MIN_VALUE) {
                m.store.evictEpochsEndingBefore(watermark - m.view.materialization().retentionMs());
            }
        }
    }

    public List<ViewProgress> progress() {
        List<ViewProgress> out = new ArrayList<>();
        for (Maintained m : views) {
            long watermark = watermark(m);
            long lag = m.builtUntil == Long.MIN_VALUE || watermark == Long.MIN_VALUE ? 0 : Math.max(0, watermark - m.builtUntil);
            out.add(new ViewProgress(m.view.definitionId(), m.panesBuilt.sum(), lag, m.store.snapshot().memoryBytes(),
                    m.invalid.size()));
        }
        return out;
    }

    public long lateSamples() {
        return lateSamples.sum();
    }
}
