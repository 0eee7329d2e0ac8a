package io.tessera.ingest.views;

import io.tessera.plan.DagBuilder;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.StateSpec;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.promql.Parser;
import io.tessera.sketch.StateFamily;
import java.util.List;

/** Test DAGs: queries lowered as roots, each with an evaluation-grid view kept by ingestion runs. */
final class GridViewDags {

    private GridViewDags() {}

    static PhysicalDag of(List<String> queries, long gridMs, long retentionMs) {
        DagBuilder b = new DagBuilder();
        PromqlLowering lowering = new PromqlLowering(b, PromqlLowering.DEFAULT_LOOKBACK_MS);
        for (String q : queries) {
            int root = lowering.lower(Parser.parse(q));
            b.root(root);
            b.add(new PaneState(
                    root,
                    StateSpec.of(StateFamily.LAST),
                    Grouping.PER_SERIES,
                    new Materialization(Materialization.Mode.AT_INGESTION, gridMs, 0, retentionMs)));
        }
        return b.build();
    }
}
