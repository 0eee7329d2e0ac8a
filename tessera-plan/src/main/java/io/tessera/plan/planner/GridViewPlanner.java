package io.tessera.plan.planner;

import io.tessera.core.Durations;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ValueKind;
import io.tessera.plan.VectorAggregate;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.promql.GridCorrectionKind;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntToDoubleFunction;

/**
 * Decides, per periodic range query, whether to keep its result at its step grid in an
 * evaluation-grid view: ingestion runs then evaluate the query once per step (one new point),
 * where every refresh would otherwise evaluate all its steps again. An aligned instant query
 * (a rule) is kept at its interval: that saves no CPU, only the wait, so work on the query path
 * is weighed {@link #QUERY_PATH_WEIGHT} times work in the background. An instant query at "now"
 * is off any grid; when its root is a range function a {@link GridCorrection} moves, a grid kept
 * at its interval is weighed against the pane views or exact runs the plan has for it
 * ({@link GridCorrectionPlanner}).
 */
final class GridViewPlanner {

    /** Per kept value: a last-value state and its share of the store's index. */
    static final long VALUE_BYTES = 64;
    /** Steps kept beyond the range, so a refresh that lands late still finds its grid. */
    static final int SPARE_STEPS = 20;

    static final double READ_NS = 40;
    /** How much more a core-second on the query path costs than one in an ingestion run: someone waits for it. */
    static final double QUERY_PATH_WEIGHT = 2;

    /** A chosen view, the query root it keeps, and the lines that explain the decision. */
    record Decision(MaterializedView view, int root, String explanation) {}

    private final PhysicalDag dag;
    private final Workload workload;
    private final CostModel model;
    private final IntToDoubleFunction currentCost;
    private final GridCorrectionPlanner corrections;
    private final Set<String> decided = new HashSet<>();

    /**
     * @param currentCost the cores a range function node costs in the plan so far (from pane
     *                    views or exact), for the evaluations at "now" a correction would replace
     */
    GridViewPlanner(PhysicalDag dag, Workload workload, CostModel model, IntToDoubleFunction currentCost) {
        this.dag = dag;
        this.workload = workload;
        this.model = model;
        this.currentCost = currentCost;
        this.corrections = new GridCorrectionPlanner(dag, model);
    }

    List<Decision> decide() {
        List<Decision> out = new ArrayList<>();
        for (int i = 0; i < workload.queries().size(); i++) {
            WorkloadQuery q = workload.queries().get(i);
            int root = dag.roots().get(i);
            boolean onGrid = q.aligned();
            if (!q.periodic()
                    || dag.node(root).kind() != ValueKind.INSTANT_VECTOR
                    || !evaluableAtIngestion(root)
                    || q.type() == WorkloadQuery.Type.RANGE && !onGrid) {
                continue;
            }
            if (!onGrid) {
                atNow(i, q, root, out);
                continue;
            }
            long cadence = q.type() == WorkloadQuery.Type.RANGE ? q.stepMs() : q.everyMs();
            double stepCost = stepCostNs(root);
            double series = outputSeries(root);
            double exact = QUERY_PATH_WEIGHT * 1000.0 / q.everyMs() * exactRunNs(root, q) * 1e-9;
            long retention = q.rangeMs() + SPARE_STEPS * cadence;
            double memory = series * ((double) retention / cadence) * VALUE_BYTES;
            double upkeep = 1000.0 / cadence * stepCost * 1e-9
                    + memory * model.constants().memoryCoresPerByte();
            double read = QUERY_PATH_WEIGHT * 1000.0 / q.everyMs() * q.steps() * series * READ_NS * 1e-9;
            String numbers = String.format(
                    Locale.ROOT,
                    "kept every %s for %s (%s): upkeep %s + reads %s vs exact %s" + " (query-path work weighed %.0fx)",
                    Durations.format(cadence),
                    Durations.format(retention),
                    ExplanationText.bytes((long) memory),
                    ExplanationText.micros(upkeep),
                    ExplanationText.micros(read),
                    ExplanationText.micros(exact),
                    QUERY_PATH_WEIGHT);
            if (upkeep + read >= exact) {
                out.add(new Decision(null, root, "no evaluation-grid view for query [" + i + "]: " + numbers));
                continue;
            }
            Materialization m = new Materialization(Materialization.Mode.AT_INGESTION, cadence, 0, retention);
            RangeFunction f = q.type() == WorkloadQuery.Type.INSTANT ? corrections.correctable(root) : null;
            String off = f == null
                    ? "; off the grid it runs from pane views or raw data"
                    : "; off the grid (a panel at \"now\") it is corrected from the grid point before by the raw samples"
                            + " that entered and left the window";
            addGridView(out, i, root, m, numbers + off);
            if (f != null) {
                companion(out, i, f, m, upkeep);
            }
        }
        return out;
    }

    /**
     * An instant query at "now" of a range function a correction can move: a grid kept every
     * {@code every} (upkeep: one exact evaluation per step, of the function and of its count)
     * and, per evaluation, two kept values and two short raw spans per series, against what the
     * plan so far spends on it. Quantiles are left to grids kept for other reasons: whether the
     * kept value stays within the rank target at "now" depends on the data.
     */
    private void atNow(int i, WorkloadQuery q, int root, List<Decision> out) {
        RangeFunction f = corrections.correctable(root);
        if (f == null || f.functionKind().orElseThrow().gridCorrection() == GridCorrectionKind.QUANTILE) {
            return;
        }
        long window = ((TimeRange) dag.node(f.input())).rangeMs();
        double stepCost = stepCostNs(root);
        double series = workload.seriesPerSelector();
        int views = f.functionKind().orElseThrow().gridCorrection().readsCountCompanion() ? 2 : 1;
        double now = QUERY_PATH_WEIGHT * currentCost.applyAsDouble(root);
        long best = 0;
        double bestUpkeep = 0;
        double bestReads = Double.POSITIVE_INFINITY;
        // a grid coarser than the query's interval costs less to keep and more to correct from
        for (long times : CADENCE_MULTIPLES) {
            long cadence = q.everyMs() * times;
            if (cadence > window / 4) {
                break;
            }
            double memory = views * series * GridCorrectionPlanner.KEPT_STEPS * VALUE_BYTES;
            double upkeep = views * 1000.0 / cadence * stepCost * 1e-9
                    + memory * model.constants().memoryCoresPerByte();
            double reads = QUERY_PATH_WEIGHT * 1000.0 / q.everyMs() * corrections.perEvaluation(cadence);
            if (upkeep + reads < bestUpkeep + bestReads) {
                best = cadence;
                bestUpkeep = upkeep;
                bestReads = reads;
            }
        }
        if (best == 0) {
            return;
        }
        long retention = GridCorrectionPlanner.KEPT_STEPS * best;
        String numbers = String.format(
                Locale.ROOT,
                "kept every %s for %s and corrected to \"now\": upkeep %s + reads %s"
                        + " vs %s from pane views or raw data (query-path work weighed %.0fx)",
                Durations.format(best),
                Durations.format(retention),
                ExplanationText.micros(bestUpkeep),
                ExplanationText.micros(bestReads),
                ExplanationText.micros(now),
                QUERY_PATH_WEIGHT);
        if (bestUpkeep + bestReads >= now) {
            out.add(new Decision(null, root, "no evaluation-grid view for query [" + i + "] at \"now\": " + numbers));
            return;
        }
        Materialization m = new Materialization(Materialization.Mode.AT_INGESTION, best, 0, retention);
        addGridView(out, i, root, m, numbers);
        companion(out, i, f, m, 0);
    }

    /** The evaluation-grid view of query [i]'s result at {@code root}, kept as {@code m} says. */
    private void addGridView(List<Decision> out, int i, int root, Materialization m, String reasons) {
        PaneState state = new PaneState(root, StateSpec.of(StateFamily.LAST), Grouping.PER_SERIES, m);
        String definition = DefinitionIds.ofPaneStateOver(dag, root, state);
        add(
                out,
                new Decision(
                        new MaterializedView(definition, root, state, List.of()),
                        root,
                        "evaluation-grid view " + ExplanationText.shortId(definition) + " of query [" + i
                                + "]: its result " + reasons));
    }

    /** Grid steps tried for a query at "now", in multiples of its interval. */
    private static final long[] CADENCE_MULTIPLES = {1, 2, 3, 5, 10, 15, 30, 60};

    /** The count view a correction of {@code f} reads, unless an equal one is already decided. */
    private void companion(List<Decision> out, int i, RangeFunction f, Materialization m, double upkeep) {
        MaterializedView count = corrections.countCompanion(f, m);
        if (count == null || decided.contains(count.definitionId())) {
            return;
        }
        String cost = upkeep > 0 ? ", upkeep about " + ExplanationText.micros(upkeep) : "";
        add(
                out,
                new Decision(
                        count,
                        -1,
                        "evaluation-grid view " + ExplanationText.shortId(count.definitionId())
                                + " of count_over_time beside query [" + i
                                + "]: the counts its corrections off the grid read" + cost));
    }

    /** Adds a decision; a companion (no root of its own) only once per definition. */
    private void add(List<Decision> out, Decision d) {
        boolean fresh = d.view() == null || decided.add(d.view().definitionId());
        if (fresh || d.root() >= 0) {
            out.add(d);
        }
    }

    /**
     * How many series the node answers with, roughly: a selector's series, one for an aggregation
     * without grouping, k for topk/bottomk with a literal k, and the square root of the series
     * for an aggregation by labels (their cardinality is not in the workload).
     */
    private double outputSeries(int id) {
        double series = workload.seriesPerSelector();
        if (!(dag.node(id) instanceof VectorAggregate a) || a.without()) {
            return series;
        }
        boolean ranks = a.op() == io.tessera.promql.AggregateOp.TOPK || a.op() == io.tessera.promql.AggregateOp.BOTTOMK;
        if (ranks && dag.node(a.param()) instanceof NumberLiteral k) {
            return Math.max(1, Math.min(series, k.value()));
        }
        return a.grouping().isEmpty() ? 1 : Math.max(1, Math.sqrt(series));
    }

    /**
     * The exact cost of one run of {@code q}: at each step the samples of every window below
     * {@code root}, except that a range function the engine slides touches its first window and
     * then what enters and leaves at each step; each selection's raw samples are read once.
     */
    private double exactRunNs(int root, WorkloadQuery q) {
        if (q.type() != WorkloadQuery.Type.RANGE) {
            return stepCostNs(root);
        }
        double ns = 0;
        for (int id = 0; id <= root; id++) {
            if (below(root, id) && dag.node(id) instanceof TimeRange t) {
                double touched = model.samplesTouched(t.rangeMs(), q.steps(), q.stepMs(), slides(root, id));
                ns += workload.seriesPerSelector()
                        * (Math.max(1, touched) * model.constants().exactSampleNs()
                                + Math.max(1, model.samples(q.rangeMs() + t.rangeMs()))
                                        * model.constants().rawReadNs());
            }
        }
        return ns;
    }

    /** Whether the windows of TimeRange {@code range} below {@code root} are read by a range function the engine slides. */
    private boolean slides(int root, int range) {
        for (int id = range + 1; id <= root; id++) {
            if (dag.node(id) instanceof RangeFunction f && f.input() == range && below(root, id)) {
                return f.functionKind().map(kind -> kind.sliding().slides()).orElse(false);
            }
        }
        return false;
    }

    /** The exact cost of evaluating {@code root} at one time: the samples of every window below it. */
    private double stepCostNs(int root) {
        double ns = 0;
        for (int id = 0; id <= root; id++) {
            if (below(root, id) && dag.node(id) instanceof TimeRange t) {
                ns += workload.seriesPerSelector()
                        * Math.max(1, model.samples(t.rangeMs()))
                        * (model.constants().exactSampleNs() + model.constants().rawReadNs());
            }
        }
        return ns;
    }

    private boolean below(int from, int id) {
        if (from == id) {
            return true;
        }
        for (int input : dag.node(from).inputs()) {
            if (below(input, id)) {
                return true;
            }
        }
        return false;
    }

    private boolean evaluableAtIngestion(int id) {
        PlanNode node = dag.node(id);
        if (node instanceof TimeShift t && (t.at() != null || t.offsetMs() < 0)) {
            return false;
        }
        for (int input : node.inputs()) {
            if (!evaluableAtIngestion(input)) {
                return false;
            }
        }
        return true;
    }
}
