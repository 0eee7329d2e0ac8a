package io.tessera.store.raw;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Random series of one metric {@code m} written to a store in random-sized requests: mostly a
 * 10 s scrape with gaps of up to 40 s, and staleness markers, NaN and repeated values among the
 * values. What was written is returned, for a read to be checked against it.
 */
record RandomSeries(long[] times, double[] values) {

    static Map<Labels, RandomSeries> write(RawStore store, int seriesCount, int maxSamples, SplittableRandom random) {
        Map<Labels, RandomSeries> written = new HashMap<>();
        for (int s = 0; s < seriesCount; s++) {
            Labels labels = Labels.of("__name__", "m", "job", "j" + s % 3, "instance", "i" + s);
            int n = 1 + random.nextInt(maxSamples);
            long[] t = new long[n];
            double[] v = new double[n];
            long at = random.nextInt(20_000);
            for (int i = 0; i < n; i++) {
                at += random.nextInt(5) == 0 ? 1 + random.nextInt(40_000) : 10_000;
                t[i] = at;
                v[i] = switch (random.nextInt(8)) {
                    case 0 -> StaleMarker.VALUE;
                    case 1 -> Double.NaN;
                    case 2, 3 -> i > 0 ? v[i - 1] : 1;
                    default -> random.nextDouble() * 100;
                };
            }
            for (int from = 0; from < n; ) {
                int to = Math.min(n, from + 1 + random.nextInt(200));
                AppendRequest.Builder b = AppendRequest.builder().series(labels);
                for (int i = from; i < to; i++) {
                    b.sample(t[i], v[i]);
                }
                store.append(b.build());
                from = to;
            }
            written.put(labels, new RandomSeries(t, v));
        }
        return written;
    }
}
