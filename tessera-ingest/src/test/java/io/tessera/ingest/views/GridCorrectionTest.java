package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryAccelerator;
import io.tessera.exec.QueryResult;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.store.raw.AppendRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Instant queries off an evaluation-grid view's grid, corrected from the grid point below them
 * by the raw samples that entered and left the window, against the exact engine on the same
 * data: sums, counts and averages within 1e-9 relative, quantiles within the 1% rank target among
 * the window's raw samples (computed here by brute force), maxima and minima exactly. The data has series that start and
 * stop inside windows, a stale marker, jittered scrapes, and a late sample inside a correction span.
 */
class GridCorrectionTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 3 * 3_600_000L;
    private static final long GRID = 60_000;
    private static final long WINDOW = 30 * 60_000;
    private static final long SPIKY_GRID = T0 + 2 * 3_600_000L + 7 * GRID;
    private static final Labels SPIKY = Labels.of("__name__", "g", "job", "j0", "instance", "spiky");
    private static final List<String> QUERIES = List.of(
            "sum_over_time(g[30m])",
            "count_over_time(g[30m])",
            "avg_over_time(g[30m])",
            "quantile_over_time(0.9, g[30m])",
            "quantile_over_time(0.5, g[30m])",
            "max_over_time(g[30m])",
            "min_over_time(g[30m])",
            "increase(c_total[30m])",
            "rate(c_total[30m])",
            "delta(g[30m])",
            "count_over_time(c_total[30m])");

    private final ViewedStores stores = new ViewedStores();
    private ViewMaintainer maintainer;
    /** Every sample written, per series without its name, for the brute-force ranks. */
    private final Map<Labels, List<long[]>> times = new HashMap<>();

    private final Map<Labels, List<double[]>> values = new HashMap<>();
    private final List<Labels> gauges = new ArrayList<>();
    private final List<MaterializedView> views;

    GridCorrectionTest() {
        Random random = new Random(11);
        for (int s = 0; s < 10; s++) {
            Labels gauge = Labels.of("__name__", "g", "job", "j" + s % 3, "instance", "i" + s);
            gauges.add(gauge);
            long start = T0 + 1 + random.nextInt(999);
            long end = T0 + SPAN;
            if (s == 7) {
                start = T0 + 80 * 60_000 + 7_321;
            }
            if (s == 8) {
                end = T0 + 100 * 60_000 + 4_567;
            }
            long[] ts = new long[(int) ((end - start) / 1000) + 2];
            double[] vs = new double[ts.length];
            int n = 0;
            for (long t = start; t < end; t += 1000 + (random.nextInt(5) == 0 ? random.nextInt(300) : 0)) {
                ts[n] = t;
                vs[n] = s == 9 ? random.nextInt(5) : Math.exp(random.nextGaussian()) * (1 + s);
                n++;
            }
            if (s == 8) {
                ts[n] = ts[n - 1] + 1000;
                vs[n] = StaleMarker.VALUE;
                n++;
            }
            append(gauge, Arrays.copyOf(ts, n), Arrays.copyOf(vs, n));
            // a counter on the same scrapes, with resets (some inside the correction spans)
            double total = 100 * s;
            double[] cs = new double[n];
            for (int i = 0; i < n; i++) {
                total = random.nextInt(150) == 0 ? random.nextInt(3) : total + random.nextInt(20) * 0.5;
                cs[i] = StaleMarker.isStale(vs[i]) ? vs[i] : total;
            }
            append(Labels.of("__name__", "c_total", "job", "j" + s % 3, "instance", "i" + s), Arrays.copyOf(ts, n), cs);
        }
        // a gauge whose maximum leaves the window just after SPIKY_GRID: spikes there, later in the window, and after
        // the grid point
        long[] ts = new long[(int) (SPAN / 1000)];
        double[] vs = new double[ts.length];
        for (int k = 0; k < ts.length; k++) {
            ts[k] = T0 + 500 + k * 1000L;
            long t = ts[k];
            vs[k] = t == SPIKY_GRID - WINDOW + 10_500
                    ? 1000
                    : t == SPIKY_GRID - WINDOW + 45_500 ? 900 : t == SPIKY_GRID + 20_500 ? 950 : 1 + (k % 7) * 0.1;
        }
        append(SPIKY, ts, vs);
        PhysicalDag dag = GridViewDags.of(QUERIES, GRID, 3 * 3_600_000L);
        views = MaterializedViews.of(dag);
        maintainer = stores.installViews(dag, views, T0, T0 + SPAN);
        assertThat(maintainer.runOnce(Integer.MAX_VALUE)).isGreaterThan(100);
    }

    private void append(Labels series, long[] ts, double[] vs) {
        if (!series.metricName().equals("g")) {
            AppendRequest.Builder r = AppendRequest.builder().series(series);
            for (int i = 0; i < ts.length; i++) {
                r.sample(ts[i], vs[i]);
            }
            stores.raw.append(r.build());
            return;
        }
        AppendRequest.Builder r = AppendRequest.builder().series(series);
        for (int i = 0; i < ts.length; i++) {
            r.sample(ts[i], vs[i]);
        }
        stores.raw.append(r.build());
        times.computeIfAbsent(series.withoutMetricName(), k -> new ArrayList<>())
                .add(ts);
        values.computeIfAbsent(series.withoutMetricName(), k -> new ArrayList<>())
                .add(vs);
    }

    @Test
    void offGridInstantsAreCorrectedFromTheGridAndMatchTheExactEngine() {
        Random random = new Random(3);
        int corrected = 0;
        int quantiles = 0;
        int extremes = 0;
        int counters = 0;
        int exactSeries = 0;
        int checked = 0;
        for (int k = 0; k < 40; k++) {
            long t = T0 + WINDOW + 10 * 60_000 + random.nextLong(SPAN - WINDOW - 12 * 60_000);
            if (t % GRID == 0) {
                t += 1;
            }
            for (String q : QUERIES) {
                QueryResult fast = stores.accelerated.instant(q, t, stores.store);
                QueryResult truth = stores.exact.instant(q, t, stores.store);
                boolean moved = fast.infos().stream().anyMatch(i -> i.contains("moved to the query time"));
                corrected += moved ? 1 : 0;
                quantiles += moved && q.startsWith("quantile") ? 1 : 0;
                extremes += moved && q.startsWith("m") ? 1 : 0;
                counters +=
                        moved && (q.startsWith("rate") || q.startsWith("increase") || q.startsWith("delta")) ? 1 : 0;
                exactSeries += fast.infos().stream()
                                .anyMatch(i -> i.contains("series answered exactly from their raw samples"))
                        ? 1
                        : 0;
                checked++;
                if (!moved) {
                    assertThat(fast.infos())
                            .as(q + " at " + t)
                            .anyMatch(i -> i.contains("answered exactly from raw data"));
                }
                compare(q, t, fast, truth);
            }
        }
        // sums, counts and averages always move; a quantile only when its rank bound holds, an extreme when it did not
        // leave
        assertThat(corrected).as("corrected answers of " + checked).isGreaterThan(checked * 3 / 5);
        assertThat(quantiles)
                .as("corrected quantiles of " + 2 * checked / QUERIES.size())
                .isGreaterThan(checked / QUERIES.size());
        assertThat(counters)
                .as("corrected counters of " + 3 * checked / QUERIES.size())
                .isGreaterThan(2 * checked / QUERIES.size());
        assertThat(extremes)
                .as("corrected extremes of " + 2 * checked / QUERIES.size())
                .isGreaterThan(checked / QUERIES.size());
        // a series whose kept quantile would leave the bound is answered exactly, alone
        assertThat(exactSeries).as("answers with series read exactly").isPositive();
    }

    @Test
    void aLateSampleInsideTheCorrectionSpanIsCounted() {
        long g = T0 + 2 * 3_600_000L;
        long late = g + 7_777;
        append(gauges.get(2), new long[] {late}, new double[] {1e4});
        maintainer.accepted(late, late, 1);
        long t = g + 20_000;
        for (String q : QUERIES) {
            QueryResult fast = stores.accelerated.instant(q, t, stores.store);
            compare(q, t, fast, stores.exact.instant(q, t, stores.store));
            if (q.startsWith("sum") || q.startsWith("count") || q.startsWith("avg")) {
                assertThat(fast.infos()).as(q).anyMatch(i -> i.contains("moved to the query time"));
            }
        }
    }

    /** An engine answering from the views that keeps the samples a grid correction moves out of a window. */
    private PromqlEngine keepingCorrections() {
        PromqlEngine keeping = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
        keeping.accelerate(QueryAccelerator.keepingCorrections(ViewedStores.rewriterFor(views)));
        return keeping;
    }

    @Test
    void instantsBetweenTwoGridPointsShareTheSamplesThatLeftAndStillMatchTheExactEngine() {
        PromqlEngine keeping = keepingCorrections();
        long g = T0 + 2 * 3_600_000L + 7 * GRID;
        long[] offsets = {5_000, 17_345, 31_000, GRID - 1};
        Map<String, Integer> shared = new HashMap<>();
        for (long offset : offsets) {
            long t = g + offset;
            for (String q : QUERIES) {
                RunContext alone = context(t);
                QueryResult unshared = stores.accelerated.instant(q, t, stores.store, alone);
                RunContext sharing = context(t);
                QueryResult fast = keeping.instant(q, t, stores.store, sharing);
                compare(q, t, fast, stores.exact.instant(q, t, stores.store));
                compare(q, t, unshared, stores.exact.instant(q, t, stores.store));
                // the first instant after the grid point reads what leaves and keeps it; the ones after it read only
                // what entered
                if (fast.infos().stream().anyMatch(i -> i.contains("those that left kept from the first run after it"))
                        && sharing.samplesLoaded() < alone.samplesLoaded()) {
                    shared.merge(q, 1, Integer::sum);
                }
                if (offset != offsets[0]
                        && fast.infos().stream()
                                .anyMatch(i -> i.contains("those that left kept")
                                        && i.contains("series answered exactly from their raw samples"))) {
                    // their windows were put together from the kept samples, the ones that stay, and those that entered
                    shared.merge("whole windows", 1, Integer::sum);
                }
            }
        }
        // sums, counts, averages and counters always move
        for (String q : List.of("sum_over_time(g[30m])", "count_over_time(g[30m])", "avg_over_time(g[30m])")) {
            assertThat(shared.getOrDefault(q, 0)).as(q).isEqualTo(offsets.length - 1);
        }
        // a counter's first run after the grid point may load less than an unshared one too: once the samples
        // that leave are kept, it reads before g only as far as their largest gap says the last sample lies
        for (String q : List.of("increase(c_total[30m])", "rate(c_total[30m])")) {
            assertThat(shared.getOrDefault(q, 0)).as(q).isBetween(offsets.length - 1, offsets.length);
        }
        assertThat(shared.getOrDefault("whole windows", 0))
                .as("shared runs with series answered from their whole window")
                .isPositive();

        // a series that starts after the grid point is found among the samples that entered
        Labels fresh = Labels.of("__name__", "g", "job", "j1", "instance", "fresh");
        append(fresh, new long[] {g + 2_000, g + 12_000, g + 22_000}, new double[] {3, 5, 4});
        maintainer.accepted(g + 2_000, g + 22_000, 3);
        long t = g + 40_000;
        for (String q : QUERIES) {
            QueryResult fast = keeping.instant(q, t, stores.store);
            compare(q, t, fast, stores.exact.instant(q, t, stores.store));
            if (q.equals("sum_over_time(g[30m])")) {
                assertThat(fast.infos()).anyMatch(i -> i.contains("those that left kept"));
                assertThat(((QueryResult.VectorResult) fast).samples())
                        .anyMatch(x -> x.labels().equals(fresh.withoutMetricName()));
            }
        }

        // a late sample among those kept makes the grid point unusable: the answer is exact, not stale
        long late = g - WINDOW + 3_000;
        append(gauges.get(3), new long[] {late}, new double[] {1e6});
        maintainer.accepted(late, late, 1);
        for (String q : List.of("sum_over_time(g[30m])", "count_over_time(g[30m])", "max_over_time(g[30m])")) {
            QueryResult fast = keeping.instant(q, t + 1_000, stores.store);
            compare(q, t + 1_000, fast, stores.exact.instant(q, t + 1_000, stores.store));
            assertThat(fast.infos()).as(q).noneMatch(i -> i.contains("those that left kept"));
        }
    }

    @Test
    void aWholeWindowPutTogetherFromWhatIsKeptMatchesTheExactEngine() {
        PromqlEngine keeping = keepingCorrections();
        String q = "max_over_time(g[30m])";
        // the first run keeps what may leave; then the spike of 1000 leaves, and the window is 900 (kept, still in it)
        // until 950 (entered) comes: each answer is read from the samples kept, staying and entered
        for (long offset : new long[] {5_000, 15_000, 30_000, 40_000}) {
            long t = SPIKY_GRID + offset;
            QueryResult fast = keeping.instant(q, t, stores.store);
            compare(q, t, fast, stores.exact.instant(q, t, stores.store));
            double spiky = ((QueryResult.VectorResult) fast)
                    .samples().stream()
                            .filter(x -> x.labels().equals(SPIKY.withoutMetricName()))
                            .findFirst()
                            .orElseThrow()
                            .value();
            assertThat(spiky).as("at +" + offset).isEqualTo(offset < 10_500 ? 1000 : offset < 20_500 ? 900 : 950);
            if (offset > 10_500) {
                assertThat(fast.infos())
                        .as("at +" + offset)
                        .anyMatch(i -> i.contains("those that left kept")
                                && i.contains("series answered exactly from their raw samples"));
            }
        }
    }

    @Test
    void aRangeQueryWhoseStepsAreOffTheGridIsCorrectedStepByStep() {
        long start = T0 + WINDOW + 20 * 60_000 + 17_345;
        for (String q : List.of("sum_over_time(g[30m])", "increase(c_total[30m])", "max_over_time(g[30m])")) {
            QueryResult fast = stores.accelerated.range(q, start, start + 60 * 60_000, 7 * 60_000, stores.store);
            QueryResult truth = stores.exact.range(q, start, start + 60 * 60_000, 7 * 60_000, stores.store);
            assertThat(fast.infos()).as(q).anyMatch(i -> i.contains("moved to the query time"));
            List<QueryResult.Series> a = ((QueryResult.MatrixResult) fast).series();
            List<QueryResult.Series> e = ((QueryResult.MatrixResult) truth).series();
            assertThat(a).as(q).hasSameSizeAs(e);
            for (int i = 0; i < a.size(); i++) {
                assertThat(a.get(i).labels()).as(q).isEqualTo(e.get(i).labels());
                assertThat(a.get(i).ts()).as(q).isEqualTo(e.get(i).ts());
                for (int k = 0; k < a.get(i).values().length; k++) {
                    double x = e.get(i).values()[k];
                    assertThat(Math.abs(a.get(i).values()[k] - x))
                            .as(q + " " + a.get(i).labels() + " step " + k)
                            .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(x)));
                }
            }
        }
        // at a 15 s step the corrections would read most of the raw data: exact
        QueryResult dense =
                stores.accelerated.range("sum_over_time(g[30m])", start, start + 30 * 60_000, 15_000, stores.store);
        assertThat(dense.infos()).anyMatch(i -> i.contains("exact answer is cheaper"));
    }

    @Test
    void aTimeMoreThanAWindowPastTheNewestKeptPointRunsExactly() {
        long t = T0 + SPAN + 2 * WINDOW + 5_000;
        for (String q : QUERIES) {
            QueryResult fast = stores.accelerated.instant(q, t, stores.store);
            assertThat(fast.infos()).as(q).noneMatch(i -> i.contains("moved to the query time"));
            compare(q, t, fast, stores.exact.instant(q, t, stores.store));
        }
    }

    private static RunContext context(long t) {
        return new RunContext(t, t, 60_000, QueryLimits.DEFAULTS);
    }

    private void compare(String q, long t, QueryResult actual, QueryResult expected) {
        compare(q, t, actual, expected, q.contains("0.9") ? 0.9 : 0.5, this::window);
    }

    /**
     * The answers have the same series; a quantile at {@code level} is within 1 % in rank of the
     * raw samples {@code window} gives for its series at {@code t}, other values within 1e-9.
     */
    static void compare(
            String q,
            long t,
            QueryResult actual,
            QueryResult expected,
            double level,
            BiFunction<Labels, Long, double[]> window) {
        List<QueryResult.Sample> a = sortedSamples(actual);
        List<QueryResult.Sample> e = sortedSamples(expected);
        assertThat(a).as(q + " at " + t).hasSameSizeAs(e);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).labels()).as(q).isEqualTo(e.get(i).labels());
            if (q.startsWith("quantile")) {
                assertThat(rankError(
                                window.apply(a.get(i).labels(), t), a.get(i).value(), level))
                        .as(q + " at " + t + " " + a.get(i))
                        .isLessThanOrEqualTo(0.01);
            } else {
                double x = e.get(i).value();
                assertThat(Math.abs(a.get(i).value() - x))
                        .as(q + " at " + t + ": " + a.get(i).value() + " vs " + x)
                        .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(x)));
            }
        }
    }

    /** An instant vector's samples by labels: its order is not part of its answer (series new since the grid point come last). */
    static List<QueryResult.Sample> sortedSamples(QueryResult vector) {
        return ((QueryResult.VectorResult) vector)
                .samples().stream()
                        .sorted(java.util.Comparator.comparing(QueryResult.Sample::labels))
                        .toList();
    }

    /** The sorted non-stale raw samples of one series in {@code (t - WINDOW, t]}. */
    private double[] window(Labels series, long t) {
        double[] out = new double[0];
        List<long[]> ts = times.get(series);
        List<double[]> vs = values.get(series);
        int n = 0;
        for (int c = 0; c < ts.size(); c++) {
            for (int i = 0; i < ts.get(c).length; i++) {
                if (ts.get(c)[i] > t - WINDOW && ts.get(c)[i] <= t && !StaleMarker.isStale(vs.get(c)[i])) {
                    out = Arrays.copyOf(out, n + 1);
                    out[n++] = vs.get(c)[i];
                }
            }
        }
        Arrays.sort(out);
        return out;
    }

    /** How far q lies from the normalized ranks v can have among the sorted samples. */
    static double rankError(double[] sorted, double v, double q) {
        int n = sorted.length;
        if (n < 2) {
            return n == 1 && sorted[0] == v ? 0 : 1;
        }
        int below = 0;
        int atOrBelow = 0;
        for (double x : sorted) {
            below += x < v ? 1 : 0;
            atOrBelow += x <= v ? 1 : 0;
        }
        double lo = (atOrBelow > below ? below : Math.max(0, below - 1)) / (double) (n - 1);
        double hi = (atOrBelow > below ? atOrBelow - 1 : Math.min(n - 1, below)) / (double) (n - 1);
        return q < lo ? lo - q : q > hi ? q - hi : 0;
    }
}
