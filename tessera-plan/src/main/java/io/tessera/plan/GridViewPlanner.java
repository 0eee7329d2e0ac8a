package io.tessera.plan;

import io.tessera.core.Durations;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides, per periodic range query, whether to keep its result at its step grid in an
 * evaluation-grid view: ingestion runs then evaluate the query once per step (one new point),
 * where every refresh would otherwise evaluate all its steps again. An aligned instant query
 * (a rule) is kept at its interval: that saves no CPU, only the wait, so work on the query path
 * is weighed {@link #QUERY_PATH_WEIGHT} times work in the background. Instant queries at "now"
 * are off any grid, so they are left to the pane views.
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
    record Decision(MaterializedView view, int root, String explanation) {
    }

    private final PhysicalDag dag;
    private final Workload workload;
    private final CostModel model;

    GridViewPlanner(PhysicalDag dag, Workload workload, CostModel model) {
        this.dag = dag;
        this.workload = workload;
        this.model = model;
    }

    List<Decision> decide() {
        List<Decision> out = new ArrayList<>();
        for (int i = 0; i < workload.queries().size(); i++) {
            WorkloadQuery q = workload.queries().get(i);
            int root = dag.roots().get(i);
            boolean onGrid = q.type() == WorkloadQuery.Type.RANGE || q.aligned();
            if (!onGrid || !q.periodic() || dag.node(root).kind() != ValueKind.INSTANT_VECTOR || !evaluableAtIngestion(root)) {
                continue;
            }
            long cadence = q.type() == WorkloadQuery.Type.RANGE ? q.stepMs() : q.everyMs();
            double stepCost = stepCostNs(root);
            double series = outputSeries(root);
            double exact = QUERY_PATH_WEIGHT * 1000.0 / q.everyMs() * q.steps() * stepCost * 1e-9;
            long retention = q.rangeMs() + SPARE_STEPS * cadence;
            double memory = series * ((double) retention / cadence) * VALUE_BYTES;
            double upkeep = 1000.0 / cadence * stepCost * 1e-9 + memory * model.constants().memoryCoresPerByte();
            double read = QUERY_PATH_WEIGHT * 1000.0 / q.everyMs() * q.steps() * series * READ_NS * 1e-9;
            String numbers = String.format(Locale.ROOT, "kept every %s for %s (%s): upkeep %s + reads %s vs exact %s"
                    + " (query-path work weighed %.0fx)",
                    Durations.format(cadence), Durations.format(retention), ExplanationText.bytes((long) memory),
                    ExplanationText.micros(upkeep), ExplanationText.micros(read), ExplanationText.micros(exact), QUERY_PATH_WEIGHT);
            if (upkeep + read >= exact) {
                out.add(new Decision(null, root, "no evaluation-grid view for query [" + i + "]: " + numbers));
                continue;
            }
            Materialization m = new Materialization(Materialization.Mode.AT_INGESTION, cadence, 0, retention);
            PaneState state = new PaneState(root, StateSpec.of(StateFamily.LAST), Grouping.PER_SERIES, m);
            String definition = DefinitionIds.ofPaneStateOver(dag, root, state);
            out.add(new Decision(new MaterializedView(definition, root, state, List.of()), root,
                    "evaluation-grid view " + ExplanationText.shortId(definition) + " of query [" + i + "]: its result "
                            + numbers + "; off the grid it runs from pane views or raw data"));
        }
        return out;
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

    /** The exact cost of evaluating {@code root} at one time: the samples of every window below it. */
    private double stepCostNs(int root) {
        double ns = 0;
        for (int id = 0; id <= root; id++) {
            if (below(root, id) && dag.node(id) instanceof TimeRange t) {
                ns += workload.seriesPerSelector() * Math.max(1, model.samples(t.rangeMs()))
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
