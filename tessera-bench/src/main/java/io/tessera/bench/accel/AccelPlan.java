package io.tessera.bench.accel;

import io.tessera.plan.DagBuilder;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The bench's plans: the planner's, from a workload of the bench's queries; or built by hand: the queries lowered into one DAG, and per-series views on
 * their Scans with pane = gcd(window, evaluation step). The gauge's [1h] windows are evaluated
 * instantly, so its panes are one minute (KLL for the quantiles, sum, count, avg, max); the
 * counter serves rate[5m] at a 15 s step and increase[1h], so its panes are gcd(5m, 15s, 1h) = 15 s.
 */
public final class AccelPlan {

    public static final long GAUGE_PANE_MS = 60_000;
    public static final long COUNTER_PANE_MS = 15_000;
    /** KLL k whose normalized rank error (double-sided, 99%) is under the 1% target. */
    public static final int KLL_K = 400;

    private AccelPlan() {}

    /**
     * The plan the planner makes for the bench's queries as a dashboard and rules would run them:
     * instant queries as rules every minute (aligned to the minute), the range query as a panel
     * over 1 h at 15 s refreshed every 30 s, both with its steps aligned (as Grafana asks) and not (as
     * a client asking for the last hour at "now" does), with the dataset's series count and scrape interval.
     */
    public static PlanResult plan(List<AccelQuery> queries, long series, long scrapeMs) {
        List<WorkloadQuery> workload = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (AccelQuery q : queries) {
            if (seen.add(q.text())) {
                if (q.range()) {
                    // the same panel from Grafana (steps aligned) and from a client asking for the last hour at "now"
                    WorkloadQuery panel = WorkloadQuery.range(q.text(), 3_600_000, COUNTER_PANE_MS, 30_000);
                    workload.add(panel);
                    workload.add(panel.unaligned());
                } else {
                    workload.add(WorkloadQuery.instant(q.text(), GAUGE_PANE_MS).alignedToInterval());
                }
            }
        }
        return Planner.plan(Workload.of(workload).withEstimates(series, scrapeMs));
    }

    /**
     * How far behind the newest sample ingestion runs may be once they caught up: the widest
     * pane of the plan's views (a pane is built only once it is whole) and a minute of lateness.
     */
    public static long caughtUpLagMs(InstallablePlan plan) {
        long widest = GAUGE_PANE_MS;
        for (io.tessera.plan.MaterializedView v : plan.materializedViews()) {
            widest = Math.max(widest, v.paneMs());
        }
        return widest + 60_000;
    }

    /** Per-series pane views of every Scan, chosen by hand rather than by the planner. */
    public static InstallablePlan build(List<String> queries, long retentionMs) {
        return withPaneViews(queries, retentionMs, scan -> {
            if (!scan.matchers().getFirst().value().equals("x")) {
                return new ScanPanes(COUNTER_PANE_MS, List.of(StateSpec.of(StateFamily.COUNTER)));
            }
            List<StateSpec> states = new ArrayList<>();
            states.add(new StateSpec(StateFamily.KLL, Map.of("k", (double) KLL_K)));
            for (StateFamily family : List.of(StateFamily.SUM, StateFamily.COUNT, StateFamily.AVG, StateFamily.MAX)) {
                states.add(StateSpec.of(family));
            }
            return new ScanPanes(GAUGE_PANE_MS, states);
        });
    }

    /**
     * The queries lowered into one DAG, with the per-series pane views {@code panes} chooses on
     * each Scan (over a range of one pane, kept for {@code retentionMs}), and the queries
     * rewritten to read them.
     */
    public static InstallablePlan withPaneViews(
            List<String> queries, long retentionMs, Function<Scan, ScanPanes> panes) {
        DagBuilder b = new DagBuilder();
        PromqlLowering.lowerRoots(b, queries);
        PhysicalDag lowered = b.build();
        for (int id = 0; id < lowered.size(); id++) {
            if (lowered.node(id) instanceof Scan scan) {
                ScanPanes views = panes.apply(scan);
                int range = b.add(new TimeRange(id, TimeRange.Kind.RANGE, views.paneMs()));
                Materialization kept =
                        new Materialization(Materialization.Mode.AT_INGESTION, views.paneMs(), 0, retentionMs);
                for (StateSpec spec : views.states()) {
                    b.add(new PaneState(range, spec, Grouping.PER_SERIES, kept));
                }
            }
        }
        PhysicalDag withViews = b.build();
        return InstallablePlan.of(ViewMatcher.rewriteAll(withViews, MaterializedViews.of(withViews)), queries);
    }
}
