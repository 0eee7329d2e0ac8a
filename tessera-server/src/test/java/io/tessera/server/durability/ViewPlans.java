package io.tessera.server.durability;

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
import io.tessera.promql.Parser;
import io.tessera.sketch.StateFamily;
import java.util.List;
import java.util.Map;

/** Plans for the view tests: every Scan of the queries gets per-series views of the given families. */
public final class ViewPlans {

    private ViewPlans() {}

    /** {@code counters} names the metrics that get a counter view; the others get {@code gaugeFamilies}. */
    public static InstallablePlan plan(
            List<String> queries,
            List<StateFamily> gaugeFamilies,
            List<String> counters,
            long paneMs,
            long retentionMs) {
        DagBuilder b = new DagBuilder();
        PromqlLowering lowering = new PromqlLowering(b, PromqlLowering.DEFAULT_LOOKBACK_MS);
        for (String q : queries) {
            b.root(lowering.lower(Parser.parse(q)));
        }
        PhysicalDag lowered = b.build();
        for (int id = 0; id < lowered.size(); id++) {
            if (lowered.node(id) instanceof Scan scan) {
                String metric = scan.matchers().getFirst().value();
                int range = b.add(new TimeRange(id, TimeRange.Kind.RANGE, paneMs));
                for (StateFamily family : counters.contains(metric) ? List.of(StateFamily.COUNTER) : gaugeFamilies) {
                    StateSpec spec = family == StateFamily.KLL
                            ? new StateSpec(family, Map.of("k", 400.0))
                            : StateSpec.of(family);
                    b.add(new PaneState(
                            range,
                            spec,
                            Grouping.PER_SERIES,
                            new Materialization(Materialization.Mode.AT_INGESTION, paneMs, 0, retentionMs)));
                }
            }
        }
        PhysicalDag withViews = b.build();
        return InstallablePlan.of(ViewMatcher.rewriteAll(withViews, MaterializedViews.of(withViews)), queries);
    }
}
