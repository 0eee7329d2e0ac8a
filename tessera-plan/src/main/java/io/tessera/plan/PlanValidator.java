package io.tessera.plan;

import io.tessera.core.InvalidInputException;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The DAG rules of an installable plan: inputs are earlier nodes (checked by {@link PhysicalDag}),
 * every node reads inputs of the kinds it takes, a view is a pane state over
 * {@code TimeRange(RANGE, pane)} over a Scan or an evaluation-grid view (a last-value pane state
 * over an instant vector that ingestion runs can evaluate), a view read's window is a multiple of
 * the pane width and within the view's retention, one root per query, and no node that no root
 * reaches.
 */
public final class PlanValidator {

    private static final long NOT_REACHED = Long.MIN_VALUE;

    private PlanValidator() {}

    public static void validate(PhysicalDag dag, int queryCount) {
        if (dag.roots().size() != queryCount) {
            throw new InvalidInputException("$.dag.roots: " + dag.roots().size() + " roots for " + queryCount
                    + " query texts; query i is answered by root i");
        }
        for (int i = 0; i < dag.roots().size(); i++) {
            PlanNode root = dag.node(dag.roots().get(i));
            ValueKind kind = root.kind();
            if (root instanceof SqlNode && !(root instanceof Project)) {
                throw new InvalidInputException("$.dag.roots[" + i + "]: a SQL query answers with a project, not "
                        + kindName(root) + " (node " + dag.roots().get(i) + ")");
            }
            if ((kind == ValueKind.ROWS && !(root instanceof Project)) || kind == ValueKind.STATES) {
                throw new InvalidInputException("$.dag.roots[" + i + "]: a query cannot answer with " + kind + " (node "
                        + dag.roots().get(i) + ")");
            }
        }
        for (int id = 0; id < dag.size(); id++) {
            checkNode(dag, id);
        }
        long[] reach = reachBack(dag);
        boolean[] reachable = reachable(dag);
        for (int id = 0; id < dag.size(); id++) {
            if (!reachable[id]) {
                throw new InvalidInputException(at(id, dag) + "no root reaches this node");
            }
            if (dag.node(id) instanceof ViewRangeFunction v && reach[id] != NOT_REACHED) {
                Materialization m = ((PaneState) dag.node(v.view())).materialization();
                long needed = v.windowMs() + Math.max(0, reach[id]) + m.paneMs();
                if (m.retentionMs() < needed) {
                    throw new InvalidInputException(at(id, dag) + "reads " + v.windowMs() + " ms "
                            + (reach[id] > 0 ? reach[id] + " ms back " : "") + "from view node " + v.view()
                            + ", whose retention " + m.retentionMs() + " ms is shorter than window + offset + pane = "
                            + needed + " ms");
                }
            }
            if (dag.node(id) instanceof ViewValue v && reach[id] != NOT_REACHED) {
                Materialization m = ((PaneState) dag.node(v.view())).materialization();
                if (m.retentionMs() < Math.max(0, reach[id]) + m.paneMs()) {
                    throw new InvalidInputException(at(id, dag) + "reads view node " + v.view() + " " + reach[id]
                            + " ms back, beyond its retention of " + m.retentionMs() + " ms");
                }
            }
        }
    }

    private static void checkNode(PhysicalDag dag, int id) {
        PlanNode node = dag.node(id);
        switch (node) {
            case Scan s -> {}
            case TimeRange t -> {
                if (!(dag.node(t.input()) instanceof Scan)) {
                    throw new InvalidInputException(
                            at(id, dag) + "a time range reads a scan, not " + kindName(dag.node(t.input())));
                }
            }
            case TimeShift t -> {
                if (t.kind() == ValueKind.ROWS
                        || t.kind() == ValueKind.STATES
                        || dag.node(t.input()).kind() != t.kind()) {
                    throw new InvalidInputException(at(id, dag) + "a time shift of " + t.kind() + " reads "
                            + dag.node(t.input()).kind());
                }
            }
            case RangeFunction r -> {
                expect(dag, id, r.input(), "its range vector", ValueKind.RANGE_VECTOR);
                params(dag, id, r.params());
            }
            case Subquery s -> expect(dag, id, s.input(), "its input", ValueKind.INSTANT_VECTOR, ValueKind.SCALAR);
            case InstantFunction f -> {
                for (int arg : f.args()) {
                    expect(
                            dag,
                            id,
                            arg,
                            "an argument",
                            ValueKind.INSTANT_VECTOR,
                            ValueKind.RANGE_VECTOR,
                            ValueKind.SCALAR,
                            ValueKind.STRING);
                }
                valueKind(id, dag, f.kind());
            }
            case VectorAggregate a -> {
                expect(dag, id, a.input(), "its input", ValueKind.INSTANT_VECTOR);
                if (a.param() >= 0) {
                    expect(dag, id, a.param(), "its parameter", ValueKind.SCALAR, ValueKind.STRING);
                }
            }
            case VectorBinary b -> {
                expect(dag, id, b.lhs(), "its left operand", ValueKind.INSTANT_VECTOR, ValueKind.SCALAR);
                expect(dag, id, b.rhs(), "its right operand", ValueKind.INSTANT_VECTOR, ValueKind.SCALAR);
                valueKind(id, dag, b.kind());
            }
            case Negate n -> {
                expect(dag, id, n.input(), "its operand", n.kind());
                valueKind(id, dag, n.kind());
            }
            case NumberLiteral n -> {}
            case StringLiteral s -> {}
            case PaneState p -> checkPaneState(dag, id, p);
            case ViewRangeFunction v -> checkViewRead(dag, id, v);
            case SqlNode q -> checkSqlNode(dag, id, q);
            case ViewValue v -> {
                if (!(dag.node(v.view()) instanceof PaneState p)
                        || p.materialization() == null
                        || dag.node(p.input()).kind() != ValueKind.INSTANT_VECTOR) {
                    throw new InvalidInputException(at(id, dag)
                            + "a view value reads a materialized pane state over an " + "instant vector, not "
                            + kindName(dag.node(v.view())) + " (node " + v.view() + ")");
                }
            }
            case GridCorrection c -> checkGridCorrection(dag, id, c);
            case Fallback f -> {
                valueKind(id, dag, f.kind());
                expect(dag, id, f.preferred(), "its preferred input", f.kind());
                expect(dag, id, f.exact(), "its exact input", f.kind());
            }
        }
    }

    private static void checkSqlNode(PhysicalDag dag, int id, SqlNode node) {
        PlanNode input = dag.node(node.input());
        if (node instanceof TableWindow) {
            if (!(input instanceof Scan)) {
                throw new InvalidInputException(at(id, dag) + "a table window reads a scan, not " + kindName(input));
            }
        } else if (node instanceof SqlViewAggregate v) {
            if (!(input instanceof GroupedAggregate)) {
                throw new InvalidInputException(
                        at(id, dag) + "a SQL view aggregate answers a grouped aggregate, not " + kindName(input));
            }
            if (!(dag.node(v.view()) instanceof PaneState p)
                    || p.materialization() == null
                    || dag.node(p.input()).kind() == ValueKind.INSTANT_VECTOR) {
                throw new InvalidInputException(
                        at(id, dag) + "a SQL view aggregate reads a materialized pane state of rows or"
                                + " samples, not " + kindName(dag.node(v.view())) + " (node " + v.view() + ")");
            }
        } else if (!(input instanceof SqlNode) || input instanceof Project) {
            throw new InvalidInputException(
                    at(id, dag) + "a " + kindName(node) + " reads the rows of a SQL node, not " + kindName(input));
        }
    }

    private static void checkPaneState(PhysicalDag dag, int id, PaneState p) {
        if (dag.node(p.input()).kind() == ValueKind.INSTANT_VECTOR) {
            checkEvaluationGridView(dag, id, p);
            return;
        }
        if (dag.node(p.input()) instanceof TableWindow w) {
            checkTableView(dag, id, p, w);
            return;
        }
        if (!(dag.node(p.input()) instanceof TimeRange t) || t.windowKind() != TimeRange.Kind.RANGE) {
            throw new InvalidInputException(
                    at(id, dag) + "a pane state reads a range time range, not " + kindName(dag.node(p.input())));
        }
        if (p.materialization() != null && t.rangeMs() != p.materialization().paneMs()) {
            throw new InvalidInputException(
                    at(id, dag) + "its pane is " + p.materialization().paneMs() + " ms but its input time range (node "
                            + p.input() + ") is " + t.rangeMs() + " ms");
        }
        if (p.materialization() != null && p.materialization().mode() == Materialization.Mode.AT_INGESTION) {
            ingestionTime(dag, id, p.input());
        }
    }

    /**
     * A view of a SQL table: a materialized state per group of {@code BY} key columns and pane,
     * over an unbounded table window of a table scan holding the time column, the keys and the
     * one column the states fold.
     */
    private static void checkTableView(PhysicalDag dag, int id, PaneState p, TableWindow w) {
        if (!(dag.node(w.input()) instanceof Scan s) || !(s.source() instanceof Source.Table)) {
            throw new InvalidInputException(at(id, dag) + "a pane state over a table window reads a table scan");
        }
        if (p.materialization() == null || p.grouping().kind() != Grouping.Kind.BY) {
            throw new InvalidInputException(
                    at(id, dag) + "a pane state over a table window is a view grouped by key columns");
        }
        if (w.startExclusive() != Long.MIN_VALUE || w.endInclusive() != Long.MAX_VALUE) {
            throw new InvalidInputException(at(id, dag) + "the table window under a view is unbounded: panes bound it");
        }
        if (TableViews.measure(w, p.grouping()) == null) {
            throw new InvalidInputException(at(id, dag) + "its table window (node " + p.input()
                    + ") must hold the time column " + w.timeColumn() + ", the keys "
                    + p.grouping().labels() + " and exactly one column to fold, not " + w.columns());
        }
        if (!TableViews.FAMILIES.contains(p.state().family())) {
            throw new InvalidInputException(at(id, dag) + "a table view keeps one of " + TableViews.FAMILIES + ", not "
                    + p.state().family());
        }
    }

    private static void checkEvaluationGridView(PhysicalDag dag, int id, PaneState p) {
        if (p.state().family() == StateFamily.CURVE) {
            if (p.grouping().kind() != Grouping.Kind.PER_SERIES
                    || p.materialization() == null
                    || p.materialization().mode() != Materialization.Mode.AT_INGESTION) {
                throw new InvalidInputException(
                        at(id, dag) + "a curve view is built by ingestion runs, per output series");
            }
            if (CurveShape.of(dag, p.input()) == null) {
                throw new InvalidInputException(at(id, dag)
                        + "a curve view keeps sum by/without (rate, increase or delta of a"
                        + " selector's range), not node " + p.input() + " (" + kindName(dag.node(p.input())) + ")");
            }
            evaluatedAtIngestion(dag, id, p.input());
            return;
        }
        if (p.state().family() != StateFamily.LAST
                || p.grouping().kind() != Grouping.Kind.PER_SERIES
                || p.materialization() == null) {
            throw new InvalidInputException(
                    at(id, dag) + "a pane state over an instant vector keeps its value per series: "
                            + "a materialized last-value state per series, not "
                            + p.state().family() + " by " + p.grouping().kind());
        }
        evaluatedAtIngestion(dag, id, p.input());
    }

    /**
     * Below an evaluation-grid view everything is evaluated by ingestion runs at the pane's end:
     * no view reads, no {@code @} (a pinned time would make every kept value depend on one
     * instant's data) and no negative offset (it reads data newer than the pane).
     */
    private static void evaluatedAtIngestion(PhysicalDag dag, int view, int id) {
        PlanNode node = dag.node(id);
        boolean queryOnly = switch (node) {
            case PaneState p -> true;
            case ViewRangeFunction v -> true;
            case ViewValue v -> true;
            case GridCorrection c -> true;
            case Fallback f -> true;
            case TimeShift t -> t.at() != null || t.offsetMs() < 0;
            default -> false;
        };
        if (queryOnly) {
            throw new InvalidInputException(
                    at(view, dag) + "an evaluation-grid view is evaluated by ingestion runs, but node " + id + " ("
                            + kindName(node) + ") below it can only run in a query");
        }
        for (int input : node.inputs()) {
            evaluatedAtIngestion(dag, view, input);
        }
    }

    /** Everything below an ingestion-time view runs in ingestion runs: raw reads and windows only. */
    private static void ingestionTime(PhysicalDag dag, int view, int id) {
        PlanNode node = dag.node(id);
        if (!(node instanceof Scan) && !(node instanceof TimeRange) && !(node instanceof TableWindow)) {
            throw new InvalidInputException(at(view, dag) + "an AT_INGESTION view is built by ingestion runs, but node "
                    + id + " (" + kindName(node) + ") below it runs at query time");
        }
        for (int input : node.inputs()) {
            ingestionTime(dag, view, input);
        }
    }

    /**
     * A grid correction reads two evaluation-grid views on one grid, kept over {@code function}
     * and over {@code count_over_time} of its own range, which is a range time range over a Scan.
     */
    private static void checkGridCorrection(PhysicalDag dag, int id, GridCorrection c) {
        if (!RangeFunctionKind.byName(c.function())
                .map(kind -> kind.gridCorrection().supported())
                .orElse(false)) {
            throw new InvalidInputException(
                    at(id, dag) + c.function() + " has no grid correction; supported: " + withGridCorrection());
        }
        if (!(dag.node(c.range()) instanceof TimeRange t) || t.windowKind() != TimeRange.Kind.RANGE) {
            throw new InvalidInputException(at(id, dag) + "a grid correction reads a range time range, not "
                    + kindName(dag.node(c.range())) + " (node " + c.range() + ")");
        }
        Materialization value = gridViewOver(dag, id, c.value(), c.function(), c.range());
        Materialization count =
                gridViewOver(dag, id, c.count(), RangeFunctionKind.COUNT_OVER_TIME.promqlName(), c.range());
        if (value.paneMs() != count.paneMs() || value.phaseMs() != count.phaseMs()) {
            throw new InvalidInputException(at(id, dag) + "its value view keeps every " + value.paneMs()
                    + " ms but its count view every " + count.paneMs() + " ms; they must share one grid");
        }
        params(dag, id, c.params());
    }

    private static List<String> withGridCorrection() {
        List<String> names = new ArrayList<>();
        for (RangeFunctionKind kind : RangeFunctionKind.values()) {
            if (kind.gridCorrection().supported()) {
                names.add(kind.promqlName());
            }
        }
        return names;
    }

    private static Materialization gridViewOver(PhysicalDag dag, int id, int view, String function, int range) {
        if (!(dag.node(view) instanceof PaneState p)
                || p.materialization() == null
                || !(dag.node(p.input()) instanceof RangeFunction f)
                || !f.function().equals(function)
                || f.input() != range) {
            throw new InvalidInputException(at(id, dag) + "node " + view + " is not an evaluation-grid view of "
                    + function + " over node " + range);
        }
        return p.materialization();
    }

    private static void checkViewRead(PhysicalDag dag, int id, ViewRangeFunction v) {
        if (!(dag.node(v.view()) instanceof PaneState p) || p.materialization() == null) {
            throw new InvalidInputException(at(id, dag) + "a view range function reads a materialized pane state, not "
                    + kindName(dag.node(v.view())) + " (node " + v.view() + ")");
        }
        long pane = p.materialization().paneMs();
        if (p.state().family() == StateFamily.SAMPLES) {
            if (v.windowMs() <= 0
                    || !RangeFunctionKind.byName(v.function())
                            .map(RangeFunctionKind::answersFromSamples)
                            .orElse(false)) {
                throw new InvalidInputException(at(id, dag) + v.function() + " over " + v.windowMs()
                        + " ms cannot be answered from a SAMPLES view");
            }
            params(dag, id, v.params());
            return;
        }
        if (v.windowMs() <= 0 || v.windowMs() % pane != 0) {
            throw new InvalidInputException(at(id, dag) + "its window " + v.windowMs()
                    + " ms is not a positive multiple of the view's pane width " + pane + " ms");
        }
        StateFamily family = RangeFunctionKind.byName(v.function())
                .flatMap(RangeFunctionKind::viewFamily)
                .orElse(null);
        if (family == null || family != p.state().family()) {
            throw new InvalidInputException(at(id, dag) + v.function() + " cannot be answered from a "
                    + p.state().family() + " view");
        }
        params(dag, id, v.params());
    }

    private static void params(PhysicalDag dag, int id, int[] params) {
        for (int param : params) {
            expect(dag, id, param, "a parameter", ValueKind.SCALAR, ValueKind.STRING);
        }
    }

    private static void expect(PhysicalDag dag, int id, int input, String role, ValueKind... kinds) {
        ValueKind actual = dag.node(input).kind();
        for (ValueKind k : kinds) {
            if (k == actual) {
                return;
            }
        }
        throw new InvalidInputException(at(id, dag) + role + " (node " + input + ") is " + actual + ", expected "
                + (kinds.length == 1 ? kinds[0] : "one of " + Arrays.toString(kinds)));
    }

    private static void valueKind(int id, PhysicalDag dag, ValueKind kind) {
        if (kind == null || kind == ValueKind.ROWS || kind == ValueKind.STATES) {
            throw new InvalidInputException(at(id, dag) + "cannot produce " + kind);
        }
    }

    /**
     * Per node, how far before a root's evaluation time its evaluation times reach: the offsets
     * and subquery ranges above it, the longest over all paths; {@link #NOT_REACHED} for nodes
     * reached only under an {@code @} (their times are pinned, not relative to the evaluation).
     */
    public static long[] reachBack(PhysicalDag dag) {
        long[] reach = new long[dag.size()];
        Arrays.fill(reach, NOT_REACHED);
        for (int root : dag.roots()) {
            reach[root] = Math.max(reach[root], 0);
        }
        for (int id = dag.size() - 1; id >= 0; id--) {
            if (reach[id] == NOT_REACHED) {
                continue;
            }
            PlanNode node = dag.node(id);
            long extra = switch (node) {
                case TimeShift t -> t.at() == null ? t.offsetMs() : NOT_REACHED;
                case Subquery s -> s.rangeMs();
                default -> 0;
            };
            if (extra == NOT_REACHED) {
                continue;
            }
            for (int input : node.inputs()) {
                reach[input] = Math.max(reach[input], reach[id] + extra);
            }
        }
        return reach;
    }

    private static boolean[] reachable(PhysicalDag dag) {
        boolean[] seen = new boolean[dag.size()];
        for (int root : dag.roots()) {
            seen[root] = true;
        }
        for (int id = dag.size() - 1; id >= 0; id--) {
            if (seen[id]) {
                for (int input : dag.node(id).inputs()) {
                    seen[input] = true;
                }
            }
        }
        return seen;
    }

    private static String at(int id, PhysicalDag dag) {
        return "$.dag.nodes[" + id + "] (" + kindName(dag.node(id)) + "): ";
    }

    static String kindName(PlanNode node) {
        return PlanNodes.kindOf(node);
    }
}
