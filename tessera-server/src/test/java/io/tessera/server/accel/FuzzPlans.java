package io.tessera.server.accel;

import io.tessera.plan.DagBuilder;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.promql.Parser;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Plans for the fuzzer: the planner's plan for a random workload of dashboard panels (aligned and
 * not) and aligned rules over the fuzzed queries, with per-series views of every state family
 * forced onto the selectors' Scans (the planner keeps only the views that pay). No DDSketch view:
 * no PromQL function reads one, and the plan validator refuses a view no root reaches.
 */
final class FuzzPlans {

    private static final long HOUR = 3_600_000;

    private static final List<StateFamily> GAUGE_FAMILIES = List.of(
            StateFamily.SUM,
            StateFamily.COUNT,
            StateFamily.AVG,
            StateFamily.MIN,
            StateFamily.MAX,
            StateFamily.VARIANCE,
            StateFamily.LAST,
            StateFamily.PRESENT,
            StateFamily.COUNTER,
            StateFamily.KLL);
    private static final List<StateFamily> COUNTER_FAMILIES =
            List.of(StateFamily.COUNTER, StateFamily.SUM, StateFamily.KLL);
    /** A query of each family, up to its range selector, that reads a view of that family. */
    private static final Map<StateFamily, String> READERS = Map.of(
            StateFamily.SUM,
            "sum_over_time(",
            StateFamily.COUNT,
            "count_over_time(",
            StateFamily.AVG,
            "avg_over_time(",
            StateFamily.MIN,
            "min_over_time(",
            StateFamily.MAX,
            "max_over_time(",
            StateFamily.VARIANCE,
            "stdvar_over_time(",
            StateFamily.LAST,
            "last_over_time(",
            StateFamily.PRESENT,
            "present_over_time(",
            StateFamily.COUNTER,
            "rate(",
            StateFamily.KLL,
            "quantile_over_time(0.5, ");

    /** What a plan was made of, for the report. */
    record Made(InstallablePlan plan, List<String> workload, int forcedViews) {}

    private FuzzPlans() {}

    /**
     * The planner's plan for a workload of a random share of {@code queries}, plus forced views of
     * pane {@code forcedPaneMs} on each selector of {@code selectors} (a gauge's or a counter's).
     */
    static Made make(
            List<FuzzQuery> queries, List<String> selectors, long forcedPaneMs, long retentionMs, Random random) {
        List<WorkloadQuery> workload = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (FuzzQuery q : queries) {
            if (!q.plannable() || !q.rule() && random.nextInt(3) == 0) {
                continue;
            }
            WorkloadQuery w = workloadEntry(
                    q, q.rule() || q.text().matches("[a-z_]+\\([^()]*\\)") && random.nextBoolean(), random);
            if (plannable(w)) {
                workload.add(w);
                described.add(w.type() + (w.aligned() ? " aligned " : " at now ") + q.text());
            }
        }
        for (int i = 0; i < queries.size() && workload.isEmpty(); i++) {
            WorkloadQuery w = WorkloadQuery.range(queries.get(i).text(), HOUR, 60_000, 30_000);
            if (queries.get(i).plannable() && plannable(w)) {
                workload.add(w);
                described.add(w.type() + " aligned " + queries.get(i).text());
            }
        }
        InstallablePlan planned = Planner.plan(Workload.of(workload).withEstimates(10_000, 15_000))
                .plan();
        PlanWithViews out = new PlanWithViews(planned);
        for (String selector : selectors) {
            boolean counter = selector.startsWith(FuzzDataGenerator.COUNTER);
            for (StateFamily family : counter ? COUNTER_FAMILIES : GAUGE_FAMILIES) {
                out.force(selector, family, forcedPaneMs, retentionMs);
            }
        }
        return out.build(described);
    }

    /** A plan of one per-series view of {@code family} over {@code selector} and a query that reads it, nothing else. */
    static InstallablePlan oneView(String selector, StateFamily family, long paneMs, long retentionMs) {
        PlanWithViews out = new PlanWithViews();
        out.force(selector, family, paneMs, retentionMs);
        return out.build(List.of()).plan();
    }

    /**
     * A rule or a dashboard's instant at "now" ({@code asRule}: the planner may keep its values on
     * a grid and correct off-grid instants from it), or a dashboard panel over the last hour.
     */
    private static WorkloadQuery workloadEntry(FuzzQuery q, boolean asRule, Random random) {
        long every = random.nextBoolean() ? 10_000 : 15_000;
        if (asRule) {
            WorkloadQuery atNow = WorkloadQuery.instant(q.text(), every);
            return random.nextBoolean() ? atNow.alignedToInterval() : atNow;
        }
        return switch (random.nextInt(3)) {
            case 0 ->
                q.slidingCounter()
                        ? WorkloadQuery.range(q.text(), HOUR, 15_000, every).unaligned()
                        : WorkloadQuery.range(q.text(), HOUR, 60_000, every);
            case 1 -> WorkloadQuery.range(q.text(), HOUR, 15_000, every);
            default -> WorkloadQuery.range(q.text(), HOUR, 60_000, every);
        };
    }

    /** True when the planner takes {@code w} on its own (some shapes, such as a pinned {@code @}, it refuses). */
    private static boolean plannable(WorkloadQuery w) {
        try {
            Planner.plan(Workload.of(List.of(w)).withEstimates(10_000, 15_000));
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * A plan's DAG with pane views appended, and for each a root query of its family (a view no
     * root reaches is not a valid plan). The roots are then matched to views again, so the forced
     * views serve the planner's roots too; a forced view the matcher passes over for an equal one
     * of the planner's drops out.
     */
    private static final class PlanWithViews {
        private final DagBuilder dag = new DagBuilder();
        private final PromqlLowering lowering = new PromqlLowering(dag, PromqlLowering.DEFAULT_LOOKBACK_MS);
        private final List<String> texts = new ArrayList<>();
        private final int plannedViews;

        PlanWithViews() {
            plannedViews = 0;
        }

        PlanWithViews(InstallablePlan planned) {
            List<PlanNode> nodes = planned.dag().nodes();
            for (int id = 0; id < nodes.size(); id++) {
                if (dag.add(nodes.get(id)) != id) {
                    throw new IllegalStateException("the planner's DAG has node " + id + " twice");
                }
            }
            planned.dag().roots().forEach(dag::root);
            texts.addAll(planned.queryTexts());
            plannedViews = planned.materializedViews().size();
        }

        void force(String selector, StateFamily family, long paneMs, long retentionMs) {
            int scan = dag.add(scanOf(selector));
            int range = dag.add(new TimeRange(scan, TimeRange.Kind.RANGE, paneMs));
            StateSpec spec =
                    family == StateFamily.KLL ? new StateSpec(family, Map.of("k", 200.0)) : StateSpec.of(family);
            dag.add(new PaneState(
                    range,
                    spec,
                    Grouping.PER_SERIES,
                    new Materialization(Materialization.Mode.AT_INGESTION, paneMs, 0, retentionMs)));
            String reader = READERS.get(family) + selector + "[" + (5 * paneMs / 1000) + "s])";
            dag.root(lowering.lower(Parser.parse(reader)));
            texts.add(reader);
        }

        Made build(List<String> workload) {
            PhysicalDag withViews = dag.build();
            PhysicalDag rewritten = ViewMatcher.rewriteAll(withViews, MaterializedViews.of(withViews));
            InstallablePlan plan = InstallablePlan.of(rewritten, texts);
            return new Made(plan, workload, plan.materializedViews().size() - plannedViews);
        }
    }

    /** The Scan the engine lowers {@code selector} to, so that views on it match the queries' own. */
    static Scan scanOf(String selector) {
        PhysicalDag dag =
                PromqlLowering.lowerQuery(Parser.parse(selector + "[1m]"), PromqlLowering.DEFAULT_LOOKBACK_MS);
        for (PlanNode n : dag.nodes()) {
            if (n instanceof Scan s) {
                return s;
            }
        }
        throw new IllegalStateException("no Scan in " + selector);
    }
}
