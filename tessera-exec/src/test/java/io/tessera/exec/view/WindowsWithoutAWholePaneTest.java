package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.PhysicalDag;
import io.tessera.sketch.StateFamily;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A range run whose step is not a multiple of the pane, with windows as short as a pane: some
 * steps' windows hold no whole pane and are answered from their raw edges alone, between steps
 * answered from panes. Every step equals the exact evaluation.
 */
class WindowsWithoutAWholePaneTest {

    private static final long PANE = 60_000;
    private static final long START = 1_767_225_600_000L;

    @ParameterizedTest
    @CsvSource({
        "min_over_time,MIN,90000",
        "max_over_time,MAX,90000",
        "sum_over_time,SUM,150000",
        "count_over_time,COUNT,90000"
    })
    void stepsWithAndWithoutAWholePaneAgreeWithTheExactAnswer(String function, StateFamily family, long step) {
        ViewRuns.ViewQuery query = ViewRuns.viewQuery("g", function, family, PANE, PANE);
        PhysicalDag dag = query.dag();
        ViewRuns.ViewRead r = query.read();
        InMemoryDataStore store = new InMemoryDataStore();
        Random random = new Random(step);
        for (int s = 0; s < 4; s++) {
            int n = 2 * 3600 / 10;
            long[] ts = new long[n];
            double[] vs = new double[n];
            for (int i = 0; i < n; i++) {
                ts[i] = START + i * 10_000L + 1 + s;
                vs[i] = random.nextGaussian();
            }
            store.add(Labels.of("__name__", "g", "s", "s" + s), ts, vs);
        }
        ViewRuns.buildPanes(dag, ViewRuns.view(dag, r), store, START, START + 2 * 3_600_000);
        StepGrid grid = new StepGrid(START + 3_600_000, START + 2 * 3_600_000, step);
        RunContext context = ViewRuns.context(grid);
        InstantVector viaView = ViewRuns.run(dag, ViewRuns.view(dag, r), r.fallback(), grid, store, context);
        InstantVector exact = ViewRuns.run(dag, ViewRuns.view(dag, r), r.exact(), grid, store);
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("answered from view"));
        assertThat(viaView.size()).isEqualTo(exact.size());
        for (int s = 0; s < exact.size(); s++) {
            int row = ViewRuns.indexOf(viaView, exact.labels(s));
            for (int i = 0; i < grid.size(); i++) {
                assertThat(viaView.has(row, i)).isEqualTo(exact.has(s, i));
                if (exact.has(s, i)) {
                    assertThat(viaView.value(row, i))
                            .as(function + " step " + i)
                            .isCloseTo(
                                    exact.value(s, i),
                                    org.assertj.core.api.Assertions.within(1e-9 * Math.abs(exact.value(s, i)) + 1e-12));
                }
            }
        }
    }
}
