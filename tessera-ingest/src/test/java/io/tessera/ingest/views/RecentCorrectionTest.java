package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryAccelerator;
import io.tessera.exec.QueryResult;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStoreConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A dashboard at "now" on scrape-ordered data: instants in the last minutes, each asked as time
 * moves on between grid points, corrected with the samples that entered read from the raw
 * store's recent-samples log, against the exact engine. Series start and stop near the end, a
 * sample arrives out of order, and one arrives late for a grid point already built.
 */
class RecentCorrectionTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long SCRAPE = 10_000;
    private static final long GRID = 60_000;
    private static final long WINDOW = 30 * 60_000;
    private static final long END = T0 + 2 * 3_600_000L + 7_777;
    private static final List<String> QUERIES = List.of(
            "sum_over_time(g[30m])",
            "count_over_time(g[30m])",
            "avg_over_time(g[30m])",
            "quantile_over_time(0.9, g[30m])",
            "max_over_time(g[30m])",
            "min_over_time(g[30m])",
            "increase(c_total[30m])",
            "rate(c_total[30m])",
            "delta(g[30m])");

    private final ViewedStores stores =
            new ViewedStores(RawStoreConfig.defaults().withOutOfOrderWindow(5 * 60_000));
    private ViewMaintainer maintainer;
    private final PromqlEngine keeping = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
    private final Map<Labels, List<long[]>> written = new HashMap<>();
    private final Random random = new Random(5);
    private final double[] totals = new double[40];

    RecentCorrectionTest() {
        scrapes(T0, END - 3 * 60_000);
        PhysicalDag dag = GridViewDags.of(QUERIES, GRID, 3 * 3_600_000L);
        List<MaterializedView> views = MaterializedViews.of(dag);
        maintainer = stores.installViews(dag, views, T0, END - 3 * 60_000);
        assertThat(maintainer.runOnce(Integer.MAX_VALUE)).isGreaterThan(50);
        keeping.accelerate(QueryAccelerator.keepingCorrections(ViewedStores.rewriterFor(views)));
    }

    /** One request per scrape: every series' sample at about that time, as Prometheus sends them. */
    private void scrapes(long from, long to) {
        for (long at = from; at < to; at += SCRAPE) {
            AppendRequest.Builder r = AppendRequest.builder();
            for (int s = 0; s < totals.length; s++) {
                long t = at + 1 + s * 37 + random.nextInt(200);
                if (s == 7 && t < END - 5 * 60_000 || s == 8 && t > END - 4 * 60_000 || t > to) {
                    continue;
                }
                double v = s == 9 ? random.nextInt(4) : Math.exp(random.nextGaussian()) * (1 + s);
                if (s == 8 && t + SCRAPE > END - 4 * 60_000) {
                    v = StaleMarker.VALUE;
                }
                totals[s] = random.nextInt(200) == 0 ? random.nextInt(3) : totals[s] + random.nextInt(20) * 0.5;
                add(r, gauge(s), t, v);
                add(
                        r,
                        Labels.of("__name__", "c_total", "job", "j" + s % 3, "instance", "i" + s),
                        t,
                        StaleMarker.isStale(v) ? v : totals[s]);
            }
            write(r);
        }
    }

    private void write(AppendRequest.Builder r) {
        AppendRequest request = r.build();
        stores.raw.append(request);
        if (maintainer != null) {
            long[] ts = request.timestamps();
            maintainer.accepted(
                    Arrays.stream(ts).min().orElseThrow(),
                    Arrays.stream(ts).max().orElseThrow(),
                    ts.length);
        }
    }

    private static Labels gauge(int s) {
        return Labels.of("__name__", "g", "job", "j" + s % 3, "instance", "i" + s);
    }

    private void add(AppendRequest.Builder r, Labels series, long t, double v) {
        r.series(series).sample(t, v);
        written.computeIfAbsent(series, k -> new ArrayList<>()).add(new long[] {t, Double.doubleToRawLongBits(v)});
    }

    @Test
    void aDashboardAtNowIsCorrectedFromTheRecentLogAndMatchesTheExactEngine() {
        long readsBefore = stores.raw.recentSamples().reads();
        long reusedBefore = stores.raw.spanReadsReused();
        int corrected = 0;
        int checked = 0;
        long now = END - 3 * 60_000;
        for (int step = 0; step < 18; step++) {
            long next = now + SCRAPE;
            scrapes(now, next);
            now = next;
            if (step == 9) {
                // a sample out of order, inside the correction span of the grid point below now
                long t = Math.floorDiv(now, GRID) * GRID + 1;
                AppendRequest.Builder r = AppendRequest.builder();
                add(r, gauge(20), t, 77.5);
                write(r);
            }
            if (step == 13) {
                // a late sample for the grid point below now: that point is unusable, never stale
                AppendRequest.Builder r = AppendRequest.builder();
                add(r, gauge(21), Math.floorDiv(now, GRID) * GRID - 20_003, 1e6);
                write(r);
            }
            maintainer.runOnce(Integer.MAX_VALUE);
            // at "now", or inside the last scrape, with some of its samples after the query time
            long t = step % 2 == 0 ? now : now - SCRAPE + 800;
            for (String q : QUERIES) {
                QueryResult fast = keeping.instant(q, t, stores.store);
                QueryResult truth = stores.exact.instant(q, t, stores.store);
                corrected += fast.infos().stream().anyMatch(i -> i.contains("moved to the query time")) ? 1 : 0;
                compare(q, t, fast, truth);
                checked++;
            }
        }
        assertThat(corrected).as("corrected answers of " + checked).isGreaterThan(checked / 2);
        long fromLog = stores.raw.recentSamples().reads() - readsBefore;
        long reused = stores.raw.spanReadsReused() - reusedBefore;
        // the queries of one instant read the same spans: the first from the log, the others again from it
        assertThat(fromLog)
                .as("span reads answered from the recent-samples log")
                .isGreaterThan(0);
        assertThat(fromLog + reused)
                .as("span reads answered from the log, or again from one that was (%d and %d)", fromLog, reused)
                .isGreaterThan(checked / 3);
    }

    private void compare(String q, long t, QueryResult actual, QueryResult expected) {
        GridCorrectionTest.compare(q, t, actual, expected, 0.9, this::window);
    }

    /** The sorted non-stale raw samples of one gauge in {@code (t - WINDOW, t]}. */
    private double[] window(Labels series, long t) {
        double[] out =
                written
                        .get(Labels.of("__name__", "g", "job", series.get("job"), "instance", series.get("instance")))
                        .stream()
                        .filter(p -> p[0] > t - WINDOW && p[0] <= t)
                        .mapToDouble(p -> Double.longBitsToDouble(p[1]))
                        .filter(v -> !StaleMarker.isStale(v))
                        .toArray();
        Arrays.sort(out);
        return out;
    }
}
