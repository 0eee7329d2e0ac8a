package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tessera.core.Labels;
import io.tessera.exec.context.QueryLimits;
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
 * Windows that end at "now", past the newest pane the ingestion runs have built (the pane being
 * filled and those within the allowed lateness): the built panes answer their part and the rest is
 * read from raw data, so the answer equals the exact one and still comes from the view; when the
 * unbuilt part is most of the window, the run answers exactly.
 */
class NewestPanesNotBuiltTest {

    private static final long PANE = 60_000;
    private static final long HOUR = 3_600_000;
    private static final long START = 1_767_225_600_000L;
    private static final long END = START + 2 * HOUR;

    @ParameterizedTest
    @CsvSource({
        "sum_over_time,SUM",
        "count_over_time,COUNT",
        "max_over_time,MAX",
        "min_over_time,MIN",
        "avg_over_time,AVG",
        "last_over_time,LAST"
    })
    void instantWindowsAtNowMergeTheBuiltPanesWithRawData(String function, StateFamily family) {
        Fixture f = new Fixture(function, family, END - 3 * PANE);
        for (long t : new long[] {END - 3 * PANE + 1, END - 2 * PANE + 7_001, END - 7, END}) {
            f.assertAgrees(new StepGrid(t, t, PANE), true);
        }
    }

    @ParameterizedTest
    @CsvSource({"sum_over_time,SUM", "max_over_time,MAX", "count_over_time,COUNT"})
    void rangeRunsEndingAtNowReadTheirNewestStepsFromRawData(String function, StateFamily family) {
        Fixture f = new Fixture(function, family, END - 3 * PANE);
        f.assertAgrees(new StepGrid(END - 30 * PANE, END, PANE), true);
    }

    @ParameterizedTest
    @CsvSource({"sum_over_time,SUM", "max_over_time,MAX"})
    void aWindowMostlyPastTheBuiltPanesIsAnsweredExactly(String function, StateFamily family) {
        Fixture f = new Fixture(function, family, END - 50 * PANE);
        f.assertAgrees(new StepGrid(END - 7, END - 7, PANE), false);
    }

    @ParameterizedTest
    @CsvSource({"sum_over_time,SUM", "max_over_time,MAX"})
    void aWindowShorterThanAPaneHoldsNoWholePane(String function, StateFamily family) {
        Fixture f = new Fixture(function, family, END - 3 * PANE, PANE / 2);
        for (long t : new long[] {END - 5 * PANE - 7_001, END - 5 * PANE + PANE / 4, END - 7_001}) {
            f.assertAgrees(new StepGrid(t, t, PANE), null);
        }
    }

    /** Four series at a 10 s scrape over two hours; panes of a minute built up to {@code builtUntil}. */
    private static final class Fixture {
        private final String function;
        private final PhysicalDag dag;
        private final ViewRuns.ViewRead read;
        private final InMemoryDataStore store = new InMemoryDataStore();

        Fixture(String function, StateFamily family, long builtUntil) {
            this(function, family, builtUntil, HOUR);
        }

        Fixture(String function, StateFamily family, long builtUntil, long windowMs) {
            this.function = function;
            ViewRuns.ViewQuery query = ViewRuns.viewQuery("g", function, family, PANE, windowMs);
            dag = query.dag();
            read = query.read();
            Random random = new Random(family.ordinal());
            for (int s = 0; s < 4; s++) {
                int n = (int) (2 * HOUR / 10_000);
                long[] ts = new long[n];
                double[] vs = new double[n];
                for (int i = 0; i < n; i++) {
                    ts[i] = START + i * 10_000L + 3 + 2 * s;
                    vs[i] = random.nextGaussian() * 10 + s;
                }
                store.add(Labels.of("__name__", "g", "s", "s" + s), ts, vs);
            }
            ViewRuns.buildPanes(dag, ViewRuns.view(dag, read), store, START, builtUntil);
        }

        /** {@code fromView} null: either way, as long as the answer is the exact one. */
        void assertAgrees(StepGrid grid, Boolean fromView) {
            RunContext context = new RunContext(grid.start(), grid.end(), 300_000, QueryLimits.DEFAULTS);
            InstantVector viaView = ViewRuns.run(dag, ViewRuns.view(dag, read), read.fallback(), grid, store, context);
            InstantVector exact = ViewRuns.run(
                    dag,
                    ViewRuns.view(dag, read),
                    read.exact(),
                    grid,
                    store,
                    new RunContext(grid.start(), grid.end(), 300_000, QueryLimits.DEFAULTS));
            if (fromView != null) {
                String answered = fromView ? "answered from view" : "answered exactly";
                assertThat(context.infos())
                        .as(function + " at " + grid.start())
                        .anySatisfy(i -> assertThat(i).contains(answered));
            }
            assertThat(viaView.size()).isEqualTo(exact.size()).isPositive();
            for (int s = 0; s < exact.size(); s++) {
                int row = ViewRuns.indexOf(viaView, exact.labels(s));
                assertThat(row).isNotNegative();
                for (int i = 0; i < grid.size(); i++) {
                    assertThat(viaView.has(row, i)).isEqualTo(exact.has(s, i));
                    if (exact.has(s, i)) {
                        assertThat(viaView.value(row, i))
                                .as(function + " step " + i)
                                .isCloseTo(exact.value(s, i), within(1e-9 * Math.abs(exact.value(s, i)) + 1e-12));
                    }
                }
            }
        }
    }
}
