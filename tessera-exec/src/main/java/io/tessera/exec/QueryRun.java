package io.tessera.exec;

import io.tessera.core.Interval;
import io.tessera.core.MissingStateException;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.function.InstantFunctions;
import io.tessera.exec.function.RangeFunctions;
import io.tessera.exec.op.Aggregations;
import io.tessera.exec.op.BinaryOperators;
import io.tessera.exec.op.GridOperators;
import io.tessera.exec.op.ScanOperator;
import io.tessera.exec.op.TimeRangeOperator;
import io.tessera.exec.op.Unary;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.StringValue;
import io.tessera.exec.value.Value;
import io.tessera.exec.view.StepPrefix;
import io.tessera.exec.view.grid.GridCorrectionOperator;
import io.tessera.exec.view.grid.KeptCorrections;
import io.tessera.exec.view.grid.ViewValueOperator;
import io.tessera.exec.view.panes.PaneAnswer;
import io.tessera.exec.view.panes.PaneBlocks;
import io.tessera.exec.view.panes.ViewOperator;
import io.tessera.plan.Fallback;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.InstantFunction;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.Negate;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StringLiteral;
import io.tessera.plan.Subquery;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.VectorAggregate;
import io.tessera.plan.VectorBinary;
import io.tessera.plan.ViewKind;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import io.tessera.spi.DataStore;
import java.util.HashMap;
import java.util.Map;

/**
 * One run of a compiled DAG against one store handle: the whole step grid in one pass. Every
 * node is evaluated once per grid it is asked for, and every Scan reads its union window once.
 */
public final class QueryRun {

    private record Key(int node, StepGrid grid) {}

    private final PhysicalDag dag;
    private final DataStore store;
    private final RunContext context;

    private record ScanRead(int scan, Interval window) {}

    private final Map<Integer, Interval> scanWindows;
    private final Map<Integer, MaterializedView> views;
    private final Map<ScanRead, SeriesRows> scans = new HashMap<>();
    private final Map<Key, Value> memo = new HashMap<>();
    /** Shared between runs; null when nothing is. */
    private final KeptCorrections keptCorrections;
    /** Shared between runs; null when nothing is. */
    private final PaneBlocks paneBlocks;
    /** The reads of sketch pane views this run answered exactly. */
    private final java.util.Set<ViewRangeFunction> exactPaneReads = new java.util.HashSet<>();
    /** Newest panes of a curve view a run computes another way when they are not built yet (at "now": being filled, or in the allowed lateness). */
    static final int CURVE_NEWEST_PANES = 3;

    /** A run that evaluates any of {@code roots} over {@code grid}, their common nodes and Scan reads once. */
    QueryRun(
            PhysicalDag dag,
            Map<Integer, MaterializedView> views,
            int[] roots,
            StepGrid grid,
            DataStore store,
            RunContext context,
            KeptCorrections keptCorrections,
            PaneBlocks paneBlocks) {
        this.dag = dag;
        this.keptCorrections = keptCorrections;
        this.paneBlocks = paneBlocks;
        this.views = views;
        this.store = store;
        this.context = context;
        this.scanWindows = new HashMap<>(ScanWindows.of(dag, roots, grid.start(), grid.last(), context));
    }

    /** The value of {@code node} at every time of {@code grid}. */
    public Value evaluate(int node, StepGrid grid) {
        Key key = new Key(node, grid);
        Value cached = memo.get(key);
        if (cached != null) {
            return cached;
        }
        context.checkAlive();
        Value value = compute(dag.node(node), grid);
        memo.put(key, value);
        return value;
    }

    private Value compute(PlanNode node, StepGrid grid) {
        return switch (node) {
            case Scan s -> throw new IllegalStateException("a Scan is read through its TimeRange");
            case io.tessera.plan.SqlNode q -> throw new IllegalStateException("SQL node " + q + " in a PromQL run");
            case TimeRange t -> {
                SeriesRows rows = t.windowKind() == TimeRange.Kind.INSTANT && grid.size() == 1
                        ? scanNewest(t.input(), new Interval(grid.time(0) - t.rangeMs(), grid.time(0)))
                        : scan(t.input());
                yield t.windowKind() == TimeRange.Kind.RANGE
                        ? TimeRangeOperator.range(rows, grid, t.rangeMs(), context)
                        : TimeRangeOperator.instant(rows, grid, t.rangeMs(), context);
            }
            case TimeShift s -> {
                if (s.at() != null) {
                    long at = ScanWindows.anchorTime(s.at(), context) - s.offsetMs();
                    yield GridOperators.regrid(evaluate(s.input(), StepGrid.instant(at)), grid, true);
                }
                yield GridOperators.regrid(evaluate(s.input(), grid.shift(-s.offsetMs())), grid, false);
            }
            case Subquery q -> {
                long step = q.stepMs() > 0 ? q.stepMs() : context.defaultSubqueryStepMs();
                StepGrid inner = GridOperators.subqueryGrid(grid, q.rangeMs(), step);
                if (inner != null) {
                    context.checkGrid(inner);
                }
                Value points = inner == null ? new InstantVector(grid, 0) : evaluate(q.input(), inner);
                yield GridOperators.subquery(points, inner, grid, q.rangeMs(), context);
            }
            case RangeFunction f ->
                RangeFunctions.evaluate(
                        f.function(), (RangeVector) evaluate(f.input(), grid), params(f.params(), grid), context);
            case InstantFunction f -> InstantFunctions.evaluate(f, args(f.args(), grid), grid, context);
            case VectorAggregate a -> {
                InstantVector summed = sumFromSamples(a, grid);
                yield summed != null
                        ? summed
                        : Aggregations.evaluate(
                                a.op(),
                                (InstantVector) evaluate(a.input(), grid),
                                a.param() < 0 ? null : evaluate(a.param(), grid),
                                a.grouping(),
                                a.without(),
                                context);
            }
            case VectorBinary b ->
                BinaryOperators.evaluate(b, evaluate(b.lhs(), grid), evaluate(b.rhs(), grid), context);
            case Negate n -> Unary.negate(evaluate(n.input(), grid));
            case NumberLiteral n -> ScalarValues.constant(grid, n.value());
            case StringLiteral s -> new StringValue(s.value());
            case PaneState p -> throw new IllegalStateException("a view is read through a ViewRangeFunction");
            case ViewRangeFunction v -> read(v, v.view(), grid);
            case ViewValue v -> read(v, v.view(), grid);
            case GridCorrection c -> read(c, c.value(), grid);
            case Fallback f -> {
                MaterializedView stepwise = stepwiseView(f.preferred(), grid);
                if (stepwise != null) {
                    yield fromBuiltSteps(f, stepwise, grid);
                }
                try {
                    Value accelerated = evaluate(f.preferred(), grid);
                    if (!(dag.node(f.preferred()) instanceof GridCorrection)) {
                        context.info(acceleratedInfo(f.preferred()));
                    }
                    yield accelerated;
                } catch (MissingStateException e) {
                    yield fallBack(f, grid, e);
                }
            }
        };
    }

    /**
     * View node {@code node}, which reads the view of node {@code viewNode}, over {@code grid}:
     * the one place a run chooses how a view is read, by its kind.
     */
    private Value read(PlanNode node, int viewNode, StepGrid grid) {
        MaterializedView view = view(viewNode);
        return switch (ViewKind.of(dag, view)) {
            case ViewKind.Panes p -> {
                ViewRangeFunction v = (ViewRangeFunction) node;
                int scanId = viewScan(view);
                PaneAnswer answer = ViewOperator.evaluate(
                        v,
                        view,
                        grid,
                        params(v.params(), grid),
                        store,
                        context,
                        spans -> io.tessera.exec.view.SpanRows.read(store, (Scan) dag.node(scanId), spans, context),
                        paneBlocks);
                if (answer.exact()) {
                    exactPaneReads.add(v);
                }
                yield answer.vector();
            }
            case ViewKind.Samples s ->
                io.tessera.exec.view.samples.SampleSweep.evaluate(
                        (ViewRangeFunction) node, sampleSource(view, (Scan) dag.node(viewScan(view))), grid);
            case ViewKind.EvaluationGrid e ->
                node instanceof GridCorrection c
                        ? corrected(c, view, grid)
                        : ViewValueOperator.evaluate(view, grid, store, context);
            case ViewKind.Curves c -> io.tessera.exec.view.curves.CurveOperator.evaluate(view, grid, store, context);
            case ViewKind.TableBuckets t ->
                throw new IllegalStateException("a SQL table view in a PromQL run: " + view.definitionId());
        };
    }

    /** The materialized view of node {@code viewNode}. */
    private MaterializedView view(int viewNode) {
        MaterializedView view = views.get(viewNode);
        if (view == null) {
            throw new IllegalStateException("node " + viewNode + " is not a materialized view of this DAG");
        }
        return view;
    }

    /** Grid correction {@code c} off the evaluation-grid view {@code value}. */
    private Value corrected(GridCorrection c, MaterializedView value, StepGrid grid) {
        MaterializedView count = view(c.count());
        TimeRange range = (TimeRange) dag.node(c.range());
        Scan scan = (Scan) dag.node(range.input());
        GridCorrectionOperator.Corrected corrected = GridCorrectionOperator.evaluate(new GridCorrectionOperator.Request(
                c,
                value,
                count,
                range.rangeMs(),
                grid,
                params(c.params(), grid),
                store,
                context,
                scan,
                (spans, accepted) -> io.tessera.exec.view.SpanRows.read(store, scan, spans, context, accepted),
                (series, window) -> ScanOperator.read(store, oneSeries(scan, series), window, context),
                io.tessera.plan.workload.AccuracyTarget.DEFAULT.quantileRankError(),
                keptCorrections));
        context.info(corrected.info());
        return corrected.vector();
    }

    /** {@code f}'s exact side over {@code grid}, after its preferred side found state missing; the info says why. */
    private Value fallBack(Fallback f, StepGrid grid, MissingStateException e) {
        context.info("PromQL info: "
                + (dag.node(f.exact()) instanceof Fallback
                        ? "not answered from this view, trying the next way: "
                        : "answered exactly from raw data, not from a view: ")
                + e.getMessage());
        widenScanWindows(f.exact(), grid);
        return evaluate(f.exact(), grid);
    }

    /**
     * The view {@code node} reads step by step, so that a run answers the steps whose panes are
     * built from it: a curve view, or an evaluation-grid view over more than one step; null otherwise.
     */
    private MaterializedView stepwiseView(int node, StepGrid grid) {
        if (!(dag.node(node) instanceof ViewValue v)) {
            return null;
        }
        MaterializedView view = views.get(v.view());
        if (view == null) {
            return null;
        }
        ViewKind kind = ViewKind.of(dag, view);
        return kind instanceof ViewKind.Curves || (kind instanceof ViewKind.EvaluationGrid && grid.size() > 1)
                ? view
                : null;
    }

    /**
     * Fallback {@code f} whose preferred node reads curve or evaluation-grid view {@code view}: the
     * steps in the panes it has built from it, the newest ones (not built yet, at "now") from
     * {@code f}'s exact side.
     */
    private Value fromBuiltSteps(Fallback f, MaterializedView view, StepGrid grid) {
        StepPrefix part;
        try {
            part = ViewKind.of(dag, view) instanceof ViewKind.Curves
                    ? io.tessera.exec.view.curves.CurveOperator.evaluate(view, grid, store, context, CURVE_NEWEST_PANES)
                    : ViewValueOperator.evaluateBuilt(view, grid, store, context);
        } catch (MissingStateException e) {
            return fallBack(f, grid, e);
        }
        int answered = part.answered();
        if (answered == grid.size()) {
            context.info(acceleratedInfo(f.preferred()));
            return part.vector();
        }
        context.info(acceleratedInfo(f.preferred()) + "; its newest " + (grid.size() - answered) + " of " + grid.size()
                + " steps computed another way"
                + (part.unanswered() == null ? "" : ": " + part.unanswered().getMessage()));
        StepGrid tail = new StepGrid(grid.time(answered), grid.end(), grid.step());
        widenScanWindows(f.exact(), tail);
        InstantVector rest = (InstantVector) evaluate(f.exact(), tail);
        InstantVector out = part.vector();
        Map<io.tessera.core.Labels, Integer> rows = new HashMap<>();
        for (int s = 0; s < out.size(); s++) {
            rows.put(out.labels(s), s);
        }
        for (int s = 0; s < rest.size(); s++) {
            Integer row = rows.get(rest.labels(s));
            for (int i = 0; i < tail.size(); i++) {
                if (rest.has(s, i)) {
                    if (row == null) {
                        row = out.addSeries(rest.labels(s));
                        rows.put(rest.labels(s), row);
                    }
                    out.set(row, answered + i, rest.value(s, i));
                }
            }
        }
        return out;
    }

    /**
     * A {@code sum} of a function a samples view answers, summed while the view is swept (no
     * answer per series is kept); null when {@code a} is not that or the view cannot answer, and
     * then the aggregation runs over its input as always (whose Fallback says why). A view tried
     * before the samples view (a pane view, which answers steps on its grid) is tried first here.
     */
    private InstantVector sumFromSamples(VectorAggregate a, StepGrid grid) {
        if (a.op() != io.tessera.promql.AggregateOp.SUM || !(dag.node(a.input()) instanceof Fallback f)) {
            return null;
        }
        if (samplesFunction(f.preferred()) != null) {
            return sweptSum(a, f, grid);
        }
        if (!(dag.node(f.exact()) instanceof Fallback inner) || samplesFunction(inner.preferred()) == null) {
            return null;
        }
        Value first;
        try {
            first = evaluate(f.preferred(), grid);
        } catch (MissingStateException e) {
            context.info("PromQL info: not answered from this view, trying the next way: " + e.getMessage());
            InstantVector summed = sweptSum(a, inner, grid);
            return summed != null
                    ? summed
                    : Aggregations.evaluate(
                            a.op(),
                            (InstantVector) evaluate(f.exact(), grid),
                            null,
                            a.grouping(),
                            a.without(),
                            context);
        }
        if (!(dag.node(f.preferred()) instanceof GridCorrection)) {
            context.info(acceleratedInfo(f.preferred()));
        }
        return Aggregations.evaluate(a.op(), (InstantVector) first, null, a.grouping(), a.without(), context);
    }

    /** The sweep's sum for {@code f}, whose preferred node a samples view answers; null when the view cannot. */
    private InstantVector sweptSum(VectorAggregate a, Fallback f, StepGrid grid) {
        ViewRangeFunction v = samplesFunction(f.preferred());
        MaterializedView view = views.get(v.view());
        try {
            Scan scan = (Scan) dag.node(viewScan(view));
            InstantVector summed = io.tessera.exec.view.samples.SampleSweep.evaluateSum(
                    v,
                    sampleSource(view, scan),
                    grid,
                    new io.tessera.exec.view.samples.SumGrouping(a.grouping(), a.without()));
            context.info(acceleratedInfo(f.preferred()));
            return summed;
        } catch (MissingStateException e) {
            return null;
        }
    }

    /** Whether {@code scan} selects one metric by name. */
    private static boolean namesOneMetric(Scan scan) {
        for (io.tessera.core.LabelMatcher m : scan.matchers()) {
            if (m.name().equals(io.tessera.core.Labels.METRIC_NAME) && m.type() == io.tessera.core.MatchType.EQUAL) {
                return true;
            }
        }
        return false;
    }

    /** {@code node} as a function a samples view answers, or null. */
    private ViewRangeFunction samplesFunction(int node) {
        if (!(dag.node(node) instanceof ViewRangeFunction v) || v.params().length > 0) {
            return null;
        }
        MaterializedView view = views.get(v.view());
        return view != null && ViewKind.of(dag, view) instanceof ViewKind.Samples ? v : null;
    }

    /** Reads {@code scan} over one interval with the span reader, which the recent-samples log answers for the newest minutes. */
    private io.tessera.exec.view.samples.SampleSource sampleSource(MaterializedView view, Scan scan) {
        return new io.tessera.exec.view.samples.SampleSource(
                view,
                store,
                context,
                (window, known) ->
                        io.tessera.exec.view.SpanRows.read(store, scan, java.util.List.of(window), context, known),
                namesOneMetric(scan));
    }

    private String acceleratedInfo(int preferred) {
        PlanNode node = dag.node(preferred);
        if (node instanceof ViewValue v) {
            MaterializedView view = views.get(v.view());
            if (ViewKind.of(dag, view) instanceof ViewKind.Curves) {
                return "PromQL info: answered from view "
                        + view.definitionId()
                                .substring(0, Math.min(19, view.definitionId().length()))
                        + " (sums kept as functions of time over panes of "
                        + io.tessera.core.Durations.format(view.paneMs())
                        + " by ingestion runs, exact)";
            }
            return "PromQL info: answered from view "
                    + view.definitionId()
                            .substring(0, Math.min(19, view.definitionId().length())) + " (values kept every "
                    + io.tessera.core.Durations.format(view.paneMs()) + " by ingestion runs, exact)";
        }
        if (!(node instanceof ViewRangeFunction v)) {
            return "PromQL info: answered from a view";
        }
        MaterializedView view = views.get(v.view());
        String family = view.state().state().family().name().toLowerCase(java.util.Locale.ROOT);
        String bound = view.state().state().family().isExact()
                ? "exact"
                : exactPaneReads.contains(v)
                        ? "exact: every pane held its samples' values"
                        : io.tessera.exec.view.StateFactory.create(view.state().state())
                                .errorBound()
                                .describe();
        return "PromQL info: " + v.function() + " answered from view "
                + view.definitionId()
                        .substring(0, Math.min(19, view.definitionId().length())) + " (" + family + " panes of "
                + io.tessera.core.Durations.format(view.paneMs()) + ", " + bound + ")";
    }

    /**
     * The windows the exact branch of a Fallback needs over {@code grid}, added to the Scans'
     * windows. {@code grid} is the one the Fallback is evaluated over (shifted by every offset,
     * {@code @} and subquery above it), not the run's.
     */
    private void widenScanWindows(int exact, StepGrid grid) {
        for (Map.Entry<Integer, Interval> e :
                ScanWindows.of(dag, exact, grid.start(), grid.last(), context).entrySet()) {
            scanWindows.merge(
                    e.getKey(),
                    e.getValue(),
                    (a, b) -> new Interval(Math.min(a.start(), b.start()), Math.max(a.end(), b.end())));
        }
    }

    /** {@code scan} narrowed to the series whose labels, without the metric name, include {@code series}. */
    private static Scan oneSeries(Scan scan, io.tessera.core.Labels series) {
        java.util.List<io.tessera.core.LabelMatcher> matchers = new java.util.ArrayList<>(scan.matchers());
        for (int i = 0; i < series.size(); i++) {
            matchers.add(io.tessera.core.LabelMatcher.equal(series.name(i), series.value(i)));
        }
        return new Scan(scan.source(), matchers);
    }

    private int viewScan(MaterializedView view) {
        TimeRange range = (TimeRange) dag.node(view.state().input());
        return range.input();
    }

    private SeriesRows scan(int scanId) {
        return scan(scanId, scanWindows.get(scanId));
    }

    private SeriesRows scan(int scanId, Interval window) {
        ScanRead key = new ScanRead(scanId, window);
        SeriesRows rows = scans.get(key);
        if (rows == null) {
            rows = ScanOperator.read(store, (Scan) dag.node(scanId), window, context);
            scans.put(key, rows);
        }
        return rows;
    }

    /** Each series' newest sample in {@code window}: an instant selector at one time reads no more. */
    private SeriesRows scanNewest(int scanId, Interval window) {
        return ScanOperator.readNewest(store, (Scan) dag.node(scanId), window, context);
    }

    private Value[] params(int[] ids, StepGrid grid) {
        Value[] values = new Value[ids.length];
        for (int i = 0; i < ids.length; i++) {
            values[i] = evaluate(ids[i], grid);
        }
        return values;
    }

    private Value[] args(int[] ids, StepGrid grid) {
        return params(ids, grid);
    }
}
