package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStoreConfig;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Off-grid instants corrected from evaluation-grid views over series of extreme values (±1e308,
 * whose differences and sums overflow, infinities and NaN), against the exact engine: where a
 * correction would go through a non-finite intermediate value, the answer must still be the exact
 * one, bit for bit where it is not finite.
 */
class ExtremeValueCorrectionTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 2 * 3_600_000L;
    private static final long GRID = 60_000;
    private static final long WINDOW = 10 * 60_000;
    private static final List<String> QUERIES = List.of(
            "delta(x[10m])",
            "rate(x[10m])",
            "increase(x[10m])",
            "sum_over_time(x[10m])",
            "avg_over_time(x[10m])",
            "count_over_time(x[10m])",
            "max_over_time(x[10m])",
            "min_over_time(x[10m])");

    private final ViewedStores stores =
            new ViewedStores(RawStoreConfig.defaults().withRetention(30 * 3_600_000L));
    private ViewMaintainer maintainer;

    /** A value of series {@code s} in pattern {@code pattern} at sample {@code k}. */
    private static double value(String pattern, int s, int k, Random random) {
        return switch (pattern) {
            case "alternating" -> (k % 2 == 0 ? 1 : -1) * 1e308 * (s == 0 ? 1 : 1 - random.nextInt(1000) * 1e-6);
            case "huge" -> 1e308 * (0.5 + random.nextDouble() / 2) * (s % 2 == 0 ? 1 : -1);
            case "rising" -> Math.min(1.7e308, (1e307 + k * 1e305) * (1 + s));
            case "infinities" ->
                random.nextInt(40) == 0
                        ? (random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY)
                        : random.nextInt(1000);
            case "nan" -> random.nextInt(40) == 0 ? Double.NaN : random.nextInt(1000);
            default -> throw new IllegalArgumentException(pattern);
        };
    }

    private void load(String pattern, long seed) {
        Random random = new Random(seed);
        for (int s = 0; s < 4; s++) {
            AppendRequest.Builder r = AppendRequest.builder().series(Labels.of("__name__", "x", "instance", "i" + s));
            int k = 0;
            for (long t = T0 + 1 + random.nextInt(999); t < T0 + SPAN; t += 5_000 + random.nextInt(3) * 100) {
                r.sample(t, value(pattern, s, k++, random));
            }
            stores.raw.append(r.build());
        }
        PhysicalDag dag = GridViewDags.of(QUERIES, GRID, 3 * 3_600_000L);
        List<MaterializedView> views = MaterializedViews.of(dag);
        maintainer = stores.installViews(dag, views, T0, T0 + SPAN);
        assertThat(maintainer.runOnce(Integer.MAX_VALUE)).isPositive();
    }

    @ParameterizedTest
    @CsvSource({"alternating, 1", "alternating, 2", "huge, 3", "rising, 4", "infinities, 5", "infinities, 6", "nan, 7"})
    void correctedAnswersEqualTheExactEngine(String pattern, long seed) {
        load(pattern, seed);
        Random random = new Random(seed * 31);
        for (int k = 0; k < 12; k++) {
            long t = T0 + WINDOW + 5 * 60_000 + random.nextLong(SPAN - WINDOW - 7 * 60_000);
            if (t % GRID == 0) {
                t += 1;
            }
            for (String q : QUERIES) {
                compare(
                        pattern + ": " + q + " at " + t,
                        stores.accelerated.instant(q, t, stores.store),
                        stores.exact.instant(q, t, stores.store));
            }
        }
    }

    private static void compare(String what, QueryResult actual, QueryResult expected) {
        List<QueryResult.Sample> a = GridCorrectionTest.sortedSamples(actual);
        List<QueryResult.Sample> e = GridCorrectionTest.sortedSamples(expected);
        assertThat(a).as(what).hasSameSizeAs(e);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).labels()).as(what).isEqualTo(e.get(i).labels());
            double x = a.get(i).value();
            double y = e.get(i).value();
            String detail = what + " " + e.get(i).labels() + ": " + x + " vs " + y + " " + actual.infos();
            if (!Double.isFinite(y) || !Double.isFinite(x)) {
                assertThat(Double.valueOf(x)).as(detail).isEqualTo(Double.valueOf(y));
            } else {
                assertThat(Math.abs(x - y)).as(detail).isLessThanOrEqualTo(1e-9 * Math.abs(y) + 1e-12);
            }
        }
    }
}
