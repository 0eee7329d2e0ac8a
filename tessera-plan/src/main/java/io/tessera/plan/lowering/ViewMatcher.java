package io.tessera.plan.lowering;

import io.tessera.plan.DagBuilder;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Fallback;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.PlanNodes;
import io.tessera.plan.PlanValidator;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StringLiteral;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ValueKind;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Rewrites a query DAG to read views: every {@code RangeFunction(f, TimeRange(RANGE, w) over a
 * Scan)}, possibly under a {@code TimeShift} for offset or {@code @}, becomes
 * {@code Fallback(ViewRangeFunction(f, view, w), RangeFunction(f, TimeRange(RANGE, w)))} when a
 * view summarizes that Scan per series in f's family with a pane width dividing w; the TimeShift
 * moves above the Fallback. The exact branch reads the same Scan node as the view.
 *
 * <p>An instant-vector node that an evaluation-grid view keeps (a last-value pane state over the
 * node itself) becomes {@code Fallback(ViewValue(view), <the node, rewritten as above>)}: on the
 * view's grid the kept values answer, elsewhere the node runs, from pane views where they cover.
 * A node a curve view keeps ({@link CurveShape}) gets {@code Fallback(ViewValue(curve view), …)}
 * in front of that exact side, after the evaluation-grid view when it has one too.
 *
 * <p>Views are matched by content: a view's definition id must be the hash of the pane state
 * this Scan would give, so views from any DAG (an installed plan's) serve a freshly lowered
 * query. The node ids inside the given views are not used.
 */
public final class ViewMatcher {

    /** The accelerable shape around one RangeFunction. */
    public record Match(
            RangeFunction function, int timeRange, long windowMs, int scan, TimeShift shift, StateFamily family) {

        /** Whether a view keeping the samples answers the function (a SQL reader's label names none). */
        public boolean answersFromSamples() {
            return function.functionKind()
                    .map(RangeFunctionKind::answersFromSamples)
                    .orElse(false);
        }

        /** Whether the exact engine slides the function over overlapping windows. */
        public boolean slides() {
            return function.functionKind().map(kind -> kind.sliding().slides()).orElse(false);
        }
    }

    private ViewMatcher() {}

    /** A DAG whose single root is {@code root} of {@code dag}, reading views where it can. */
    public static PhysicalDag rewrite(PhysicalDag dag, int root, List<MaterializedView> views) {
        return rewrite(dag, List.of(root), views, id -> true, Map.of());
    }

    /**
     * As {@link #rewrite(PhysicalDag, int, List)}, with the length of each view's definition
     * ({@link #definitionLengths}): a node is hashed against a view only when its rendering has
     * the length the view's has, so that matching stays linear in the size of the query.
     */
    public static PhysicalDag rewrite(
            PhysicalDag dag, int root, List<MaterializedView> views, Map<String, Long> definitionLengths) {
        return rewrite(dag, List.of(root), views, id -> true, definitionLengths);
    }

    /** {@code dag} with every root rewritten, roots in the same order. */
    public static PhysicalDag rewriteAll(PhysicalDag dag, List<MaterializedView> views) {
        return rewrite(dag, dag.roots(), views, id -> true, Map.of());
    }

    /** Rewrites only the RangeFunction nodes {@code which} accepts. */
    public static PhysicalDag rewrite(
            PhysicalDag dag, List<Integer> roots, List<MaterializedView> views, IntPredicate which) {
        return rewrite(dag, roots, views, which, Map.of());
    }

    private static PhysicalDag rewrite(
            PhysicalDag dag,
            List<Integer> roots,
            List<MaterializedView> views,
            IntPredicate which,
            Map<String, Long> definitionLengths) {
        return new Rewrite(dag, views, which, definitionLengths).run(roots);
    }

    /** The length of the rendering each view's definition id hashes, for the views {@code planDag} defines. */
    public static Map<String, Long> definitionLengths(PhysicalDag planDag, List<MaterializedView> views) {
        long[] lengths = DefinitionIds.canonicalLengths(planDag);
        Map<String, Long> out = new HashMap<>();
        for (MaterializedView v : views) {
            int node = v.node();
            if (node >= 0
                    && node < planDag.size()
                    && planDag.node(node) instanceof PaneState
                    && DefinitionIds.of(planDag, node).equals(v.definitionId())) {
                out.put(v.definitionId(), lengths[node]);
            }
        }
        return Map.copyOf(out);
    }

    /** The accelerable shape at {@code id}, or null. */
    public static Match match(PhysicalDag dag, int id) {
        if (!(dag.node(id) instanceof RangeFunction f)) {
            return null;
        }
        StateFamily family =
                f.functionKind().flatMap(RangeFunctionKind::viewFamily).orElse(null);
        if (family == null) {
            return null;
        }
        int input = f.input();
        TimeShift shift = null;
        if (dag.node(input) instanceof TimeShift t) {
            shift = t;
            input = t.input();
            for (int param : f.params()) {
                if (!(dag.node(param) instanceof NumberLiteral) && !(dag.node(param) instanceof StringLiteral)) {
                    return null;
                }
            }
        }
        if (dag.node(input) instanceof TimeRange t
                && t.windowKind() == TimeRange.Kind.RANGE
                && dag.node(t.input()) instanceof Scan) {
            return new Match(f, input, t.rangeMs(), t.input(), shift, family);
        }
        return null;
    }

    /** The pane state a view over {@code scan} with {@code view}'s spec would be, as a three-node DAG. */
    public static PhysicalDag paneDag(Scan scan, PaneState view) {
        long pane = view.materialization().paneMs();
        return new PhysicalDag(
                List.of(
                        scan,
                        new TimeRange(0, TimeRange.Kind.RANGE, pane),
                        new PaneState(1, view.state(), view.grouping(), view.materialization())),
                List.of(2));
    }

    /** {@code count_over_time(scan[windowMs])} as a three-node DAG, whose root is node 2. */
    public static PhysicalDag countDag(Scan scan, long windowMs) {
        return new PhysicalDag(
                List.of(
                        scan,
                        new TimeRange(0, TimeRange.Kind.RANGE, windowMs),
                        new RangeFunction(RangeFunctionKind.COUNT_OVER_TIME.promqlName(), 1, new int[0])),
                List.of(2));
    }

    private static final class Rewrite {

        private final PhysicalDag dag;
        private final List<MaterializedView> views;
        private final IntPredicate which;
        private final long[] reach;
        private final long[] lengths;
        private final Map<String, Long> definitionLengths;
        private final DagBuilder out = new DagBuilder();
        private final int[] copied;
        private final int[] rewritten;

        Rewrite(
                PhysicalDag dag,
                List<MaterializedView> views,
                IntPredicate which,
                Map<String, Long> definitionLengths) {
            this.dag = dag;
            this.views = views;
            this.which = which;
            this.definitionLengths = definitionLengths;
            this.reach = PlanValidator.reachBack(dag);
            this.lengths = definitionLengths.isEmpty() ? null : DefinitionIds.canonicalLengths(dag);
            this.copied = new int[dag.size()];
            this.rewritten = new int[dag.size()];
            Arrays.fill(copied, -1);
            Arrays.fill(rewritten, -1);
        }

        PhysicalDag run(List<Integer> roots) {
            List<Integer> newRoots = new ArrayList<>();
            for (int root : roots) {
                newRoots.add(visit(root, true));
            }
            newRoots.forEach(out::root);
            return out.build();
        }

        /** The new id of {@code id}; below a Fallback nothing is rewritten again. */
        private int visit(int id, boolean mayRewrite) {
            int[] memo = mayRewrite ? rewritten : copied;
            if (memo[id] >= 0) {
                return memo[id];
            }
            int result = mayRewrite && which.test(id) ? rewriteAt(id) : -1;
            if (result < 0) {
                result = withInputsVisited(id, mayRewrite);
            }
            memo[id] = result;
            return result;
        }

        private int withInputsVisited(int id, boolean mayRewrite) {
            PlanNode node = dag.node(id);
            int[] inputs = node.inputs();
            boolean below = mayRewrite && !(node instanceof Fallback);
            for (int i = 0; i < inputs.length; i++) {
                inputs[i] = visit(inputs[i], below);
            }
            return out.add(PlanNodes.withInputs(node, inputs));
        }

        /**
         * The view read that answers {@code id}, or -1: an evaluation-grid view of the node itself
         * (its exact side reading pane views where they cover), else a pane view of its range function.
         */
        private int rewriteAt(int id) {
            Match m = match(dag, id);
            MaterializedView paneView = m == null ? null : viewFor(m, id, m.family());
            MaterializedView sampleView =
                    m == null || !m.answersFromSamples() ? null : viewFor(m, id, StateFamily.SAMPLES);
            int panes = paneView == null && sampleView == null ? -1 : readView(m, paneView, sampleView);
            MaterializedView gridView = gridViewFor(id, StateFamily.LAST);
            MaterializedView curveView = gridViewFor(id, StateFamily.CURVE);
            if (gridView == null && curveView == null) {
                return panes;
            }
            int exact = panes >= 0 ? panes : withInputsVisited(id, true);
            if (curveView != null) {
                PaneState c = curveView.state();
                int curve = out.add(new PaneState(visit(id, false), c.state(), c.grouping(), c.materialization()));
                exact = out.add(new Fallback(out.add(new ViewValue(curve)), exact, ValueKind.INSTANT_VECTOR));
            }
            if (gridView == null) {
                return exact;
            }
            PaneState p = gridView.state();
            int state = out.add(new PaneState(visit(id, false), p.state(), p.grouping(), p.materialization()));
            int corrected = correction(id, gridView, state);
            if (corrected >= 0) {
                exact = out.add(new Fallback(corrected, exact, ValueKind.INSTANT_VECTOR));
            }
            return out.add(new Fallback(out.add(new ViewValue(state)), exact, ValueKind.INSTANT_VECTOR));
        }

        /**
         * A {@link GridCorrection} of range function {@code id} from its evaluation-grid view (new
         * node {@code state}) and a count view on the same grid, or -1 when there is none.
         */
        private int correction(int id, MaterializedView gridView, int state) {
            if (!(dag.node(id) instanceof RangeFunction f)
                    || !f.functionKind()
                            .map(kind -> kind.gridCorrection().supported())
                            .orElse(false)
                    || !(dag.node(f.input()) instanceof TimeRange t)
                    || t.windowKind() != TimeRange.Kind.RANGE
                    || !(dag.node(t.input()) instanceof Scan scan)) {
                return -1;
            }
            int range = visit(f.input(), false);
            int countState = state;
            if (f.functionKind().orElseThrow().gridCorrection().readsCountCompanion()) {
                MaterializedView countView = countViewFor(scan, t.rangeMs(), gridView);
                if (countView == null) {
                    return -1;
                }
                PaneState c = countView.state();
                int count =
                        out.add(new RangeFunction(RangeFunctionKind.COUNT_OVER_TIME.promqlName(), range, new int[0]));
                countState = out.add(new PaneState(count, c.state(), c.grouping(), c.materialization()));
            }
            int[] params = f.params().clone();
            for (int i = 0; i < params.length; i++) {
                params[i] = visit(params[i], false);
            }
            return out.add(new GridCorrection(f.function(), state, countState, range, params));
        }

        /** The evaluation-grid view of {@code count_over_time} over {@code scan}'s window on {@code like}'s grid, or null. */
        private MaterializedView countViewFor(Scan scan, long windowMs, MaterializedView like) {
            PhysicalDag count = countDag(scan, windowMs);
            Materialization grid = like.state().materialization();
            for (MaterializedView v : views) {
                Materialization m = v.state().materialization();
                if (m == null
                        || v.state().state().family() != StateFamily.LAST
                        || m.paneMs() != grid.paneMs()
                        || m.phaseMs() != grid.phaseMs()
                        || m.retentionMs() < grid.retentionMs()) {
                    continue;
                }
                if (DefinitionIds.ofPaneStateOver(count, 2, v.state()).equals(v.definitionId())) {
                    return v;
                }
            }
            return null;
        }

        /** The view of {@code family} (an evaluation-grid view, or a curve view) that kept node {@code id}, or null. */
        private MaterializedView gridViewFor(int id, StateFamily family) {
            if (dag.node(id).kind() != ValueKind.INSTANT_VECTOR || reach[id] == Long.MIN_VALUE) {
                return null;
            }
            for (MaterializedView v : views) {
                PaneState p = v.state();
                if (p.materialization() == null
                        || p.state().family() != family
                        || p.grouping().kind() != Grouping.Kind.PER_SERIES
                        || p.materialization().retentionMs() < Math.max(0, reach[id]) + v.paneMs()) {
                    continue;
                }
                if (lengthDiffers(v, id)) {
                    continue;
                }
                if (DefinitionIds.ofPaneStateOver(dag, id, p).equals(v.definitionId())) {
                    return v;
                }
            }
            return null;
        }

        /** Whether node {@code id} cannot be what view {@code v} keeps, its rendering having another length. */
        private boolean lengthDiffers(MaterializedView v, int id) {
            Long known = definitionLengths.get(v.definitionId());
            return known != null && known != DefinitionIds.paneStateOverLength(v.state(), lengths[id]);
        }

        /**
         * {@code Fallback(view read, exact)}; with both a pane view of the function's family and
         * a view keeping the samples, {@code Fallback(pane view, Fallback(samples, exact))}.
         */
        private int readView(Match m, MaterializedView paneView, MaterializedView sampleView) {
            int scan = visit(m.scan(), false);
            int[] params = null;
            List<Integer> reads = new ArrayList<>();
            // in the order a copy of the result visits them, so that rewriting it again changes nothing
            for (MaterializedView view : new MaterializedView[] {paneView, sampleView}) {
                if (view == null) {
                    continue;
                }
                int paneRange = out.add(new TimeRange(scan, TimeRange.Kind.RANGE, view.paneMs()));
                int state = out.add(new PaneState(
                        paneRange, view.state().state(), view.state().grouping(), view.materialization()));
                if (params == null) {
                    params = m.function().params().clone();
                    for (int i = 0; i < params.length; i++) {
                        params[i] = visit(params[i], true);
                    }
                }
                reads.add(out.add(new ViewRangeFunction(m.function().function(), state, m.windowMs(), params)));
            }
            int fallback = out.add(new RangeFunction(m.function().function(), visit(m.timeRange(), false), params));
            for (int j = reads.size() - 1; j >= 0; j--) {
                fallback = out.add(new Fallback(reads.get(j), fallback, ValueKind.INSTANT_VECTOR));
            }
            if (m.shift() == null) {
                return fallback;
            }
            return out.add(
                    new TimeShift(fallback, m.shift().offsetMs(), m.shift().at(), ValueKind.INSTANT_VECTOR));
        }

        /** The view of {@code family} with the widest pane that can answer {@code m}, or null. */
        private MaterializedView viewFor(Match m, int id, StateFamily family) {
            Scan scan = (Scan) dag.node(m.scan());
            long back = reach[id];
            if (back != Long.MIN_VALUE && m.shift() != null) {
                back = m.shift().at() == null ? back + m.shift().offsetMs() : Long.MIN_VALUE;
            }
            MaterializedView best = null;
            for (MaterializedView v : views) {
                PaneState p = v.state();
                if (p.materialization() == null
                        || p.state().family() != family
                        || p.grouping().kind() != Grouping.Kind.PER_SERIES
                        || family != StateFamily.SAMPLES && m.windowMs() % v.paneMs() != 0) {
                    continue;
                }
                if (back != Long.MIN_VALUE
                        && p.materialization().retentionMs() < m.windowMs() + Math.max(0, back) + v.paneMs()) {
                    continue;
                }
                if (!DefinitionIds.of(paneDag(scan, p), 2).equals(v.definitionId())) {
                    continue;
                }
                if (best == null || v.paneMs() > best.paneMs()) {
                    best = v;
                }
            }
            return best;
        }
    }
}
