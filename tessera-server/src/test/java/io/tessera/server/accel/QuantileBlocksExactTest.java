package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.server.ServerHttp;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Quantiles at "now" from a KLL pane view whose panes still hold their samples' values: asked
 * again and again as a dashboard does, with whole blocks of panes kept as sorted values between
 * runs, every answer equals the same server's {@code accelerate=false} answer to the last bit
 * (ties, ±0, infinities and NaN samples included), and comes from the view.
 */
class QuantileBlocksExactTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long HOUR = 3_600_000;
    private static final long END = T0 + 3 * HOUR;

    /** At a 15 s scrape a block's runs are short and copied together; at 1 s they are selected from by binary search. */
    @ParameterizedTest
    @ValueSource(longs = {15_000, 1_000})
    void quantilesFromBlocksOfSortedValuesAreTheExactOnes(long scrape) throws Exception {
        String config = """
                listen: 127.0.0.1:0
                storage:
                  retention: 1000d
                acceleration:
                  allowed_lateness: 5s
                """;
        try (AcceleratedServer s = new AcceleratedServer(config)) {
            Random random = new Random(7);
            for (int i = 0; i < 6; i++) {
                List<Long> times = new ArrayList<>();
                for (long t = T0 + 100 * (i + 1); t <= END; t += scrape) {
                    times.add(t);
                }
                long[] ts = times.stream().mapToLong(Long::longValue).toArray();
                double[] vs = new double[ts.length];
                for (int k = 0; k < ts.length; k++) {
                    vs[k] = switch (random.nextInt(20)) {
                        case 0 -> i == 2 ? Double.NaN : 0.0;
                        case 1 -> -0.0;
                        case 2 -> i == 3 ? Double.POSITIVE_INFINITY : 1.0;
                        case 3, 4, 5 -> random.nextInt(4);
                        default -> random.nextGaussian() * 10;
                    };
                }
                s.write(Labels.of("__name__", "g", "job", "j" + i % 2, "instance", "i" + i), ts, vs);
            }
            ServerHttp.installPlan(
                    s.server.address(),
                    InstallablePlanCodec.toJson(FuzzPlans.oneView("g", StateFamily.KLL, 60_000, 2 * HOUR)));
            while (s.server.runIngestionRuns() > 0) {
                Thread.onSpinWait();
            }
            List<AcceleratedServer.Comparison> pairs = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (String window : List.of("30m", "1h")) {
                    for (double q : new double[] {0, 0.1, 0.5, 0.9, 0.99, 1}) {
                        String query = "quantile_over_time(" + q + ", g[" + window + "])";
                        for (long t : new long[] {END, END - 60_000, END - 23_457, END - 5 * 60_000, END - 731_001}) {
                            pairs.add(s.compareInstant(query, t));
                        }
                    }
                }
            }
            for (AcceleratedServer.Comparison c : pairs) {
                assertThat(c.fromViews())
                        .as(c.query() + " at " + c.time() + " " + c.infos())
                        .isTrue();
                assertThat(c.relativeError())
                        .as(c.query() + " at " + c.time() + " " + c.infos())
                        .isZero();
                assertThat(c.infos()).as("the answer says it is exact").contains("exact: every pane held");
            }
            assertThat(s.metric("tessera_view_kept_pane_blocks"))
                    .as("whole blocks of the windows kept as sorted values")
                    .isPositive();
        }
    }
}
