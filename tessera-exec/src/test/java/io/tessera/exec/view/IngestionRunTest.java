package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.IngestionRun;
import io.tessera.exec.PlannedView;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ingestion runs of several views of one Scan: one run builds each view's panes as a run of that view alone does. */
class IngestionRunTest {

    private static final long PANE = 60_000;
    private static final long START = 1_767_225_600_000L;

    @Test
    void paneAndSampleViewsOfOneScanBuiltInOneRunGetTheStatesEachGetsAlone() {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "c"))));
        ViewRuns.ViewRead sums = ViewRuns.addViewRead(
                b, scan, "sum_over_time", new int[0], StateSpec.of(StateFamily.SUM), PANE, 5 * PANE, 60 * PANE);
        ViewRuns.ViewRead samples = ViewRuns.addViewRead(
                b, scan, "rate", new int[0], StateSpec.of(StateFamily.SAMPLES), PANE, 5 * PANE, 60 * PANE);
        b.root(sums.fallback());
        b.root(samples.fallback());
        PhysicalDag dag = b.build();
        PlannedView sumView = new PlannedView(dag, ViewRuns.view(dag, sums));
        PlannedView sampleView = new PlannedView(dag, ViewRuns.view(dag, samples));
        InMemoryDataStore store = new InMemoryDataStore();
        for (int s = 0; s < 5; s++) {
            long[] ts = new long[40];
            double[] vs = new double[40];
            for (int i = 0; i < ts.length; i++) {
                // series 4 starts in the fourth pane, so the first three of the span hold fewer series
                ts[i] = START + (s == 4 ? 3 * PANE : 0) + (i + 1) * 13_000L + s * 1_000L;
                vs[i] = s == 2 && i == 7 ? StaleMarker.VALUE : i * (s + 1);
            }
            store.add(Labels.of("__name__", "c", "series", Integer.toString(s)), ts, vs);
        }
        Interval span = new Interval(START, START + 10 * PANE);

        List<Map<String, String>> together = built(List.of(sumView, sampleView), span, store);

        assertThat(together.get(0))
                .isEqualTo(built(List.of(sumView), span, store).getFirst());
        assertThat(together.get(1))
                .isEqualTo(built(List.of(sampleView), span, store).getFirst());
        Labels late = Labels.of("__name__", "c", "series", "4");
        assertThat(together.get(0)).doesNotContainKey("0 " + late).containsKey("3 " + late);
    }

    /** Per view of the run, its states by pane index and group, serialized; an empty pane as its index alone. */
    private static List<Map<String, String>> built(List<PlannedView> views, Interval span, InMemoryDataStore store) {
        List<Map<String, String>> out = new ArrayList<>();
        for (int v = 0; v < views.size(); v++) {
            out.add(new HashMap<>());
        }
        IngestionRun.build(views, span, store, new PaneSink() {
            @Override
            public void state(int view, int pane, Labels group, State state) {
                out.get(view).put(pane + " " + group, Arrays.toString(state.serialize()));
            }

            @Override
            public void emptyPane(int view, int pane) {
                out.get(view).put(Integer.toString(pane), "");
            }
        });
        return out;
    }
}
