package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
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
import io.tessera.plan.TableWindow;
import io.tessera.plan.ValueKind;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.DataStore;
import io.tessera.spi.Source;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.ViewSnapshot;
import io.tessera.store.summary.ViewStore;
import io.tessera.store.wal.ViewCapture;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
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
        final LongAdder panesRebuilt = new LongAdder();
        /** Which built panes a write's late samples reach. */
        final LatePanes late;
        /**
         * Panes rebuilt since this view was installed: a copy saved before the rebuild holds
         * their old states, so a capture names them for rebuilding again after a restart.
         */
        final Set<Interval> rebuilt = ConcurrentHashMap.newKeySet();

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
            this.late = new LatePanes(dag, input, grid, view.paneMs(), lookBackMs);
            this.table = dag.node(input) instanceof TableWindow w
                            && dag.node(w.input()) instanceof Scan s
                            && s.source() instanceof Source.Table t
                    ? t.name()
                    : null;
        }
    }

    /** The most panes of an evaluation-grid view one ingestion run evaluates (the steps of its run). */
    private static final int VALUE_PANES_PER_RUN = 240;
    /** The most panes of a curve view one ingestion run builds: its pieces are held until the run ends. */
    private static final int CURVE_PANES_PER_RUN = 10;

    private final SummaryStore summaries;
    private final DataStore data;
    private final long allowedLatenessMs;
    private final LongSupplier clock;
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
        this(summaries, data, allowedLatenessMs, System::currentTimeMillis);
    }

    /** @param clock the server's clock (epoch ms), which caps the watermark of time series */
    public ViewMaintainer(SummaryStore summaries, DataStore data, long allowedLatenessMs, LongSupplier clock) {
        this.summaries = summaries;
        this.data = data;
        this.allowedLatenessMs = allowedLatenessMs;
        this.clock = clock;
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
        long first = Math.max(
                fromMs,
                Math.max(
                        oldest(m),
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
        int n = request.sampleCount();
        if (n == 0) {
            return;
        }
        long[] ts = request.timestamps();
        long minTs = Long.MAX_VALUE;
        long maxTs = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            minTs = Math.min(minTs, ts[i]);
            maxTs = Math.max(maxTs, ts[i]);
        }
        newestSample.accumulateAndGet(maxTs, Math::max);
        oldestSample.accumulateAndGet(minTs, Math::min);
        boolean anyLate = false;
        for (Maintained m : views) {
            long built = Math.max(m.builtUntil, m.buildingUntil);
            if (m.table != null || minTs > built) {
                continue;
            }
            long[] times = new long[16];
            int count = 0;
            int[] offsets = request.sampleOffsets();
            Labels[] series = request.series();
            for (int s = 0; s < series.length; s++) {
                int from = offsets[s];
                int to = offsets[s + 1];
                if (!hasSampleAtOrBefore(ts, from, to, built) || !m.late.selects(series[s])) {
                    continue;
                }
                for (int i = from; i < to; i++) {
                    if (ts[i] <= built) {
                        if (count == times.length) {
                            times = Arrays.copyOf(times, count * 2);
                        }
                        times[count++] = ts[i];
                    }
                }
            }
            if (count > 0) {
                anyLate = true;
                m.store.markStale(m.late.reached(times, count, built));
            }
        }
        if (anyLate) {
            lateSamples.add(n);
        }
    }

    private static boolean hasSampleAtOrBefore(long[] ts, int from, int to, long time) {
        for (int i = from; i < to; i++) {
            if (ts[i] <= time) {
                return true;
            }
        }
        return false;
    }

    /**
     * Called for samples of series not known here (writes replayed at start-up), with their time
     * range: every built pane of every view of time series those times may reach is marked stale.
     */
    public void accepted(long minTs, long maxTs, int samples) {
        newestSample.accumulateAndGet(maxTs, Math::max);
        oldestSample.accumulateAndGet(minTs, Math::min);
        for (Maintained m : views) {
            long built = Math.max(m.builtUntil, m.buildingUntil);
            if (m.table == null && minTs <= built) {
                lateSamples.add(samples);
                m.store.markStale(m.late.reachedByAny(minTs, maxTs, built));
            }
        }
    }

    /**
     * Called after rows were appended to SQL table {@code table}, with the time range of their
     * time column: advances that table's watermark, and a row for a pane of one of its views
     * already built makes that pane unusable.
     */
    public void acceptedRows(String table, long minTs, long maxTs, int rows) {
        AtomicLong[] times = tableTimes.computeIfAbsent(
                table, t -> new AtomicLong[] {new AtomicLong(Long.MIN_VALUE), new AtomicLong(Long.MAX_VALUE)});
        times[0].accumulateAndGet(maxTs, Math::max);
        times[1].accumulateAndGet(minTs, Math::min);
        boolean late = false;
        for (Maintained m : views) {
            long built = Math.max(m.builtUntil, m.buildingUntil);
            if (table.equals(m.table) && minTs <= built) {
                late = true;
                m.store.markStale(m.late.reachedByAny(minTs, maxTs, built));
            }
        }
        if (late) {
            lateRows.add(rows);
        }
    }

    /** Widens the known row time range of {@code table} (rows recovered at start-up) without judging any row late. */
    public void seedTable(String table, long oldest, long newest) {
        if (oldest <= newest) {
            AtomicLong[] times = tableTimes.computeIfAbsent(
                    table, t -> new AtomicLong[] {new AtomicLong(Long.MIN_VALUE), new AtomicLong(Long.MAX_VALUE)});
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
        return newest == Long.MIN_VALUE ? Long.MIN_VALUE : Math.min(newest, clock.getAsLong()) - allowedLatenessMs;
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
        long newest = newestSample.get();
        return newest == Long.MIN_VALUE ? Long.MIN_VALUE : Math.min(newest, clock.getAsLong()) - allowedLatenessMs;
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
            if (built < maxPanes) {
                built += rebuildStale(m, maxPanes - built);
            }
        }
        for (Maintained m : views) {
            long watermark = watermark(m);
            if (m.active && watermark != Long.MIN_VALUE && m.builtUntil == Long.MIN_VALUE) {
                long first =
                        Math.max(oldest(m), watermark - m.view.materialization().retentionMs());
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
                    if (other == m
                            || !curve
                                    && other.active
                                    && other.keepsValues
                                    && other.dag == m.dag
                                    && other.builtUntil == m.builtUntil
                                    && other.grid.equals(m.grid)
                                    && watermark(other) == watermark
                                    && other.view.state().state().family() != StateFamily.CURVE) {
                        sharers.add(other);
                    }
                }
                long panes = Math.min(
                        Math.min(
                                Math.max(1, (maxPanes - built) / sharers.size()),
                                curve ? CURVE_PANES_PER_RUN : VALUE_PANES_PER_RUN),
                        (watermark - m.builtUntil) / m.view.paneMs());
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
            if (other.builtUntil == m.builtUntil
                    && other.grid.equals(m.grid)
                    && scan.equals(PaneBuilder.scanOf(other.dag, other.view))) {
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
        PaneSlices slices = readSpan(scan, span, m.view.paneMs());
        for (Maintained sharer : sharers) {
            sharer.store.insertBatch(spanBatch(sharer, slices, span, panes));
            sharer.builtUntil = span.end();
            sharer.panesBuilt.add(panes);
        }
        return panes * sharers.size();
    }

    /** The raw data of {@code span} read with {@code scan}, cut into panes of {@code paneMs}. */
    private PaneSlices readSpan(Scan scan, Interval span, long paneMs) {
        SeriesRows rows = ScanOperator.read(
                data, scan, span, new RunContext(span.end(), span.end(), 60_000, QueryLimits.DEFAULTS));
        return new PaneSlices(rows, span, paneMs);
    }

    /** The states of pane view {@code m} in the {@code panes} panes of {@code span}, folded from {@code slices}. */
    private static StateBatch spanBatch(Maintained m, PaneSlices slices, Interval span, int panes) {
        List<PaneBuilder.GroupPanes> groups = PaneBuilder.foldPanes(m.view, slices);
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
        return batch;
    }

    /**
     * Panes ending in {@code [firstEnd, lastEnd]} of evaluation-grid views of one plan and pane
     * grid, built by one run over that grid (or of one curve view).
     */
    private void buildValuePanes(List<Maintained> ms, long firstEnd, long lastEnd) {
        StateBatch[] batches = valueBatches(ms, firstEnd, lastEnd);
        int panes = (int) ((lastEnd - firstEnd) / ms.getFirst().view.paneMs()) + 1;
        for (int v = 0; v < ms.size(); v++) {
            Maintained m = ms.get(v);
            m.store.insertBatch(batches[v]);
            m.panesBuilt.add(panes);
        }
    }

    /** The states of the panes ending in {@code [firstEnd, lastEnd]} of each of {@code ms}, from one run (see {@link #buildValuePanes}). */
    private StateBatch[] valueBatches(List<Maintained> ms, long firstEnd, long lastEnd) {
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
            List<Map<Labels, State>> curves =
                    PaneBuilder.buildValues(first.dag, first.view, firstEnd, lastEnd, data, context);
            for (int i = 0; i < curves.size(); i++) {
                if (curves.get(i).isEmpty()) {
                    sink.emptyPane(0, i);
                }
                for (Map.Entry<Labels, State> e : curves.get(i).entrySet()) {
                    sink.state(0, i, e.getKey(), e.getValue());
                }
            }
        } else {
            PaneBuilder.buildValues(
                    first.dag, ms.stream().map(m -> m.view).toList(), firstEnd, lastEnd, data, context, sink);
        }
        return batches;
    }

    /** The next pane of a pane view that folds no Scan's raw data (a SQL table view), from its own read; returns 1. */
    private int buildPane(Maintained m) {
        long end = m.builtUntil + m.view.paneMs();
        Interval pane = new Interval(end - m.view.paneMs(), end);
        m.buildingUntil = Math.max(m.buildingUntil, end);
        StateBatch batch = new StateBatch();
        addPane(m, pane, batch);
        m.store.insertBatch(batch);
        m.builtUntil = end;
        m.panesBuilt.increment();
        return 1;
    }

    /** Adds to {@code batch} the states of {@code pane} of {@code m}, from the pane's own ingestion run. */
    private void addPane(Maintained m, Interval pane, StateBatch batch) {
        Map<Labels, State> states = PaneBuilder.build(
                m.dag, m.view, pane, data, new RunContext(pane.end(), pane.end(), 60_000, QueryLimits.DEFAULTS));
        if (states.isEmpty()) {
            batch.addEmptyPane(pane);
        }
        for (Map.Entry<Labels, State> e : states.entrySet()) {
            batch.add(e.getKey(), pane, e.getValue());
        }
    }

    /**
     * Rebuilds stale panes of {@code m} — built panes that late samples reached — from raw data,
     * at most {@code budget} of them, oldest first, each run of adjacent ones by one ingestion run,
     * and replaces their states in one commit per run. Their stale marks are read before the raw
     * data, so a sample that arrives during a rebuild marks its pane again and it is rebuilt once
     * more. Panes past the view's retention are left to it. Returns the number rebuilt.
     */
    private int rebuildStale(Maintained m, int budget) {
        Map<Interval, Long> marks = m.store.snapshot().staleMarks();
        long watermark = watermark(m);
        if (marks.isEmpty() || !m.active || watermark == Long.MIN_VALUE) {
            return 0;
        }
        long cutoff = watermark - m.view.materialization().retentionMs();
        List<Interval> due = new ArrayList<>();
        for (Interval pane : marks.keySet()) {
            if (pane.end() <= m.builtUntil && pane.end() >= cutoff) {
                due.add(pane);
            }
        }
        due.sort(null);
        int most = m.keepsValues
                ? (m.view.state().state().family() == StateFamily.CURVE ? CURVE_PANES_PER_RUN : VALUE_PANES_PER_RUN)
                : (int) Math.max(PANES_PER_READ, SPAN_PER_READ_MS / m.view.paneMs());
        int done = 0;
        int i = 0;
        while (i < due.size() && done < budget) {
            int j = i + 1;
            while (j < due.size()
                    && j - i < most
                    && done + (j - i) < budget
                    && due.get(j).start() == due.get(j - 1).end()) {
                j++;
            }
            List<Interval> run = due.subList(i, j);
            Map<Interval, Long> expected = new HashMap<>();
            for (Interval pane : run) {
                expected.put(pane, marks.get(pane));
            }
            // named rebuilt before the marks go, so a capture that no longer sees a mark sees the name
            m.rebuilt.addAll(run);
            m.store.replacePanes(rebuild(m, run), expected);
            m.panesRebuilt.add(run.size());
            done += run.size();
            i = j;
        }
        countCpu();
        return done;
    }

    /** The states of the adjacent panes {@code run} of {@code m}, built anew from raw data. */
    private StateBatch rebuild(Maintained m, List<Interval> run) {
        long firstEnd = run.getFirst().end();
        long lastEnd = run.getLast().end();
        if (m.keepsValues) {
            return valueBatches(List.of(m), firstEnd, lastEnd)[0];
        }
        Scan scan = PaneBuilder.scanOf(m.dag, m.view);
        if (scan == null) {
            StateBatch batch = new StateBatch();
            for (Interval pane : run) {
                addPane(m, pane, batch);
            }
            return batch;
        }
        Interval span = new Interval(run.getFirst().start(), lastEnd);
        return spanBatch(m, readSpan(scan, span, m.view.paneMs()), span, run.size());
    }

    /** Drops panes older than each view's retention from the summary store. */
    public void applyRetention() {
        for (Maintained m : views) {
            long watermark = watermark(m);
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
            long watermark = watermark(m);
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
        return lateSamples.sum();
    }
}
