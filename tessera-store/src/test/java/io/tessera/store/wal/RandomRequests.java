package io.tessera.store.wal;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.store.raw.AppendRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/** Seeded append requests that a store accepts in order: per-series ascending times, odd values, odd labels. */
final class RandomRequests {

    private final SplittableRandom random;
    private final Labels[] pool;
    private final long[] newest;

    RandomRequests(long seed, int seriesCount) {
        random = new SplittableRandom(seed);
        pool = new Labels[seriesCount];
        newest = new long[seriesCount];
        for (int i = 0; i < seriesCount; i++) {
            String instance = random.nextInt(10) == 0 ? "hôst-" + i + "-日本" : "host-" + i;
            pool[i] = Labels.of("__name__", "metric_" + (i % 5), "instance", instance, "job", "j" + (i % 3));
            newest[i] = 1_767_225_600_000L + random.nextInt(1000);
        }
    }

    /** The next {@code count} requests, in order. */
    List<AppendRequest> next(int count) {
        List<AppendRequest> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(next());
        }
        return out;
    }

    AppendRequest next() {
        AppendRequest.Builder b = AppendRequest.builder();
        int series = 1 + random.nextInt(Math.min(8, pool.length));
        for (int s = 0; s < series; s++) {
            int i = random.nextInt(pool.length);
            b.series(pool[i]);
            int samples = 1 + random.nextInt(5);
            for (int k = 0; k < samples; k++) {
                newest[i] += 1 + random.nextInt(random.nextInt(20) == 0 ? 10_000_000 : 15_000);
                b.sample(newest[i], value());
            }
        }
        return b.build();
    }

    private double value() {
        return switch (random.nextInt(12)) {
            case 0 -> StaleMarker.VALUE;
            case 1 -> Double.longBitsToDouble(0x7ff8_0000_0000_1234L);
            case 2 -> -0.0;
            case 3 -> Double.NEGATIVE_INFINITY;
            case 4 -> random.nextInt(1000);
            default -> random.nextDouble() * 1e6 - 5e5;
        };
    }

    static long seedOf(int i) {
        return new Random(i * 7919L).nextLong();
    }
}
