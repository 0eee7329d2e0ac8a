package io.tessera.plan.planner;

import io.tessera.core.Durations;
import io.tessera.plan.CurveShape;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.StateSpec;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Decides, per unaligned periodic range query of a {@link CurveShape} ({@code sum by (…)
 * (rate(c[5m]))} asked for "the last hour" at "now"), whether to keep its value as curves
 * ({@link StateFamily#CURVE}): ingestion runs cut every series' window into pieces once, and a
 * refresh reads each step of each group from its pane's curve whatever the steps' phase, where it
 * would otherwise sweep every series at every step. Weighed like the evaluation-grid views: work
 * on the query path {@link GridViewPlanner#QUERY_PATH_WEIGHT} times work in the background.
 */
final class CurveViewPlanner {

    static final long PANE_MS = 60_000;
    /** Kept beyond the range, so a refresh that lands late still finds its panes. */
    static final long SPARE_MS = 10 * 60_000;
    /** A breakpoint: its offset and level (slopes and counts of series present are kept only where they change). */
    static final double BREAKPOINT_BYTES = 12;
    /**
     * Measured per series piece in an ingestion run, besides reading the samples (an in-process loop
     * over 10,000 series at a 10 s scrape, one core: 4–5 ms for a 1-minute pane's 60,000 pieces):
     * the window's value computed as the engine does, its two events sorted and summed.
     */
    static final double PIECE_NS = 80;

    /** A chosen view (or null), the query root it keeps, the queries it answers and the line that explains the decision. */
    record Decision(MaterializedView view, int root, List<Integer> queries, String explanation) {}

    private final PhysicalDag dag;
    private final Workload workload;
    private final CostModel model;

    CurveViewPlanner(PhysicalDag dag, Workload workload, CostModel model) {
        this.dag = dag;
        this.workload = workload;
        this.model = model;
    }

    List<Decision> decide() {
        List<Decision> out = new ArrayList<>();
        Set<Integer> decided = new HashSet<>();
        for (int i = 0; i < workload.queries().size(); i++) {
            int root = dag.roots().get(i);
            if (!unaligned(workload.queries().get(i)) || decided.contains(root)) {
                continue;
            }
            CurveShape shape = CurveShape.of(dag, root);
            if (shape == null) {
                continue;
            }
            decided.add(root);
            List<Integer> queries = new ArrayList<>();
            for (int j = i; j < workload.queries().size(); j++) {
                if (dag.roots().get(j) == root && unaligned(workload.queries().get(j))) {
                    queries.add(j);
                }
            }
            out.add(decide(queries, root, shape));
        }
        return out;
    }

    private static boolean unaligned(WorkloadQuery q) {
        return q.periodic() && q.type() == WorkloadQuery.Type.RANGE && !q.aligned();
    }

    /**
     * The curve against what the queries cost without it: an exact run from raw data, or a sweep of
     * a samples view (whose upkeep the curve saves when it answers them).
     */
    private Decision decide(List<Integer> queries, int root, CurveShape shape) {
        CostConstants c = model.constants();
        double series = model.series();
        long w = shape.windowMs();
        double weight = GridViewPlanner.QUERY_PATH_WEIGHT;
        double groups = shape.grouping().isEmpty() && !shape.without()
                ? 1
                : shape.without() ? series : Math.max(1, Math.sqrt(series));
        double reads = 0;
        double exactRuns = 0;
        double sweeps = 0;
        long retention = 0;
        long samplesRetention = 0;
        for (int i : queries) {
            WorkloadQuery q = workload.queries().get(i);
            double span = q.rangeMs() + w;
            double swept = series
                    * (model.samples(span) * SampleViewPlanner.SWEEP_SAMPLE_NS
                            + q.steps() * SampleViewPlanner.SWEEP_STEP_NS);
            double exact =
                    series * (q.steps() * model.samples(w) * c.exactSampleNs() + model.samples(span) * c.rawReadNs());
            double evals = 1000.0 / q.everyMs();
            exactRuns += weight * evals * exact * 1e-9;
            sweeps += weight * evals * swept * 1e-9;
            reads += weight
                    * evals
                    * groups
                    * (q.steps() + (double) q.rangeMs() / PANE_MS + 1)
                    * GridViewPlanner.READ_NS
                    * 1e-9;
            retention = Math.max(retention, q.rangeMs() + PANE_MS + SPARE_MS);
            samplesRetention = Math.max(samplesRetention, (long) span + 2 * SampleViewPlanner.MAX_PANE_MS);
        }
        double samplesView = model.upkeep(
                Materialization.Mode.AT_INGESTION,
                StateSpec.of(StateFamily.SAMPLES),
                SampleViewPlanner.MAX_PANE_MS,
                samplesRetention);
        // a breakpoint where a sample enters a window and one where it leaves: one when the window is whole scrapes
        double perSample = Math.IEEEremainder(w, model.scrapeMs()) == 0 ? 1 : 2;
        double memory = perSample * series * model.samples(retention) * BREAKPOINT_BYTES;
        double samplesPerSecond = series * model.samples(1000);
        double upkeep =
                samplesPerSecond * ((double) (w + PANE_MS) / PANE_MS * c.rawReadNs() + perSample * PIECE_NS) * 1e-9
                        + memory * c.memoryCoresPerByte();
        double alternative = Math.min(exactRuns, sweeps + samplesView);
        String numbers = String.format(
                Locale.ROOT,
                "panes of %s kept %s (%s): upkeep %s + reads %s vs %s without (exact runs,"
                        + " or sweeps and their samples view; query-path work weighed %.0fx)",
                Durations.format(PANE_MS),
                Durations.format(retention),
                ExplanationText.bytes(memory),
                ExplanationText.micros(upkeep),
                ExplanationText.micros(reads),
                ExplanationText.micros(alternative),
                weight);
        if (upkeep + reads >= alternative) {
            return new Decision(null, root, List.of(), "no curve view for queries " + queries + ": " + numbers);
        }
        Materialization m = new Materialization(Materialization.Mode.AT_INGESTION, PANE_MS, 0, retention);
        PaneState state = new PaneState(root, StateSpec.of(StateFamily.CURVE), Grouping.PER_SERIES, m);
        String definition = DefinitionIds.ofPaneStateOver(dag, root, state);
        return new Decision(
                new MaterializedView(definition, root, state, List.of()),
                root,
                queries,
                "curve view " + ExplanationText.shortId(definition) + " of queries " + queries
                        + " (their steps miss every"
                        + " grid; each group's " + shape.function()
                        + " sum is kept as a function of time, read at any step,"
                        + " exact): " + numbers);
    }
}
