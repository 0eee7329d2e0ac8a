package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.PhysicalDag;
import io.tessera.sketch.StateFamily;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sums, means and counter increases from panes over series whose values are far larger than the
 * result (gauges read as counters, sums that cancel, values near the double range, infinities):
 * merged panes add the values in another grouping than the exact engine, sample by sample, so such
 * a window is answered exactly; every answer equals the exact evaluation bit for bit or within
 * 1e-9.
 */
class PanesOfExtremeValuesTest {

    private static final long PANE = 60_000;
    private static final long START = 1_767_225_600_000L;

    /** Four samples a pane: panes that overflow to +Inf and to -Inf in turn, where the sum sample by sample stays +Inf. */
    private static final double[] OVERFLOWING = {1e308, 1e308, 1e308, 1e308, -1e308, -1e308, -1e308, -1e308};

    private static final double[] CANCELLING = {0.125, 1e16, 1.5, -1e16, 3e15, -3e15};
    private static final double[] EXTREME = {
        Double.POSITIVE_INFINITY,
        Double.NaN,
        -800,
        1232,
        1e308,
        1e-300,
        -0.0,
        1e308,
        -1e308,
        -378,
        Double.NEGATIVE_INFINITY,
        1018,
        -1e308
    };

    @ParameterizedTest
    @CsvSource({
        "increase,COUNTER,1",
        "rate,COUNTER,2",
        "increase,COUNTER,3",
        "rate,COUNTER,4",
        "sum_over_time,SUM,5",
        "sum_over_time,SUM,6",
        "avg_over_time,AVG,7",
        "avg_over_time,AVG,8"
    })
    void windowsOfHugeValuesAgainstTheirResultAreAnsweredExactly(String function, StateFamily family, long seed) {
        ViewRuns.ViewQuery query = ViewRuns.viewQuery("x", function, family, PANE, 5 * PANE);
        PhysicalDag dag = query.dag();
        ViewRuns.ViewRead r = query.read();
        InMemoryDataStore store = new InMemoryDataStore();
        Random random = new Random(seed);
        int n = 3600 / 15;
        double[][] kinds = {CANCELLING, EXTREME, null, OVERFLOWING};
        for (int k = 0; k < kinds.length; k++) {
            long[] ts = new long[n];
            double[] vs = new double[n];
            double counter = 0;
            for (int i = 0; i < n; i++) {
                ts[i] = START + i * 15_000L + (kinds[k] == OVERFLOWING ? 1_000 : 1_001 + k);
                counter = random.nextInt(40) == 0 ? 0 : counter + random.nextInt(100);
                vs[i] = kinds[k] == null
                        ? counter
                        : kinds[k] == OVERFLOWING ? OVERFLOWING[i % 8] : kinds[k][random.nextInt(kinds[k].length)];
            }
            store.add(Labels.of("__name__", "x", "kind", "k" + k), ts, vs);
        }
        ViewRuns.buildPanes(dag, ViewRuns.view(dag, r), store, START, START + 3_600_000);
        for (long t = START + 10 * PANE; t <= START + 3_600_000; t += 7 * PANE + 1_234) {
            for (StepGrid grid : List.of(StepGrid.instant(t), StepGrid.instant(t - t % PANE))) {
                RunContext context = ViewRuns.context(grid);
                InstantVector viaView = ViewRuns.run(dag, ViewRuns.view(dag, r), r.fallback(), grid, store, context);
                InstantVector exact = ViewRuns.run(dag, ViewRuns.view(dag, r), r.exact(), grid, store);
                assertThat(viaView.size()).isEqualTo(exact.size());
                for (int s = 0; s < exact.size(); s++) {
                    int row = ViewRuns.indexOf(viaView, exact.labels(s));
                    assertThat(viaView.has(row, 0)).isEqualTo(exact.has(s, 0));
                    double a = viaView.value(row, 0);
                    double x = exact.value(s, 0);
                    String what = function + " " + exact.labels(s) + " at " + grid.time(0) + ": " + a + " vs " + x;
                    if (Double.isNaN(x) || Double.isInfinite(x)) {
                        assertThat(Double.compare(a, x)).as(what).isZero();
                    } else {
                        assertThat(Math.abs(a - x)).as(what).isLessThanOrEqualTo(1e-9 * Math.abs(x) + 1e-12);
                    }
                }
            }
        }
    }
}
