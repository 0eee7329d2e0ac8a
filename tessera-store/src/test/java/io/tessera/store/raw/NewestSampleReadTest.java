package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link RawStore#readNewest} against the newest written sample in each window, found by a walk over all of them. */
class NewestSampleReadTest {

    private record Written(long[] times, double[] values) {}

    private record Newest(long time, long bits) {}

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void newestSampleOfEveryWindowIsTheNewestWritten(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RawStore store = new RawStore(RawStoreConfig.defaults().withChunking(20 + random.nextInt(150), 3_600_000));
        Map<Labels, Written> written = new HashMap<>();
        for (int s = 0; s < 30; s++) {
            Labels labels = Labels.of("__name__", "m", "job", "j" + s % 3, "instance", "i" + s);
            int n = 1 + random.nextInt(700);
            long[] t = new long[n];
            double[] v = new double[n];
            long at = random.nextInt(20_000);
            for (int i = 0; i < n; i++) {
                at += random.nextInt(6) == 0 ? 1 + random.nextInt(400_000) : 1 + random.nextInt(15_000);
                t[i] = at;
                v[i] = switch (random.nextInt(10)) {
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
            written.put(labels, new Written(t, v));
        }
        List<LabelMatcher> all = List.of(LabelMatcher.equal("__name__", "m"));
        for (int round = 0; round < 400; round++) {
            Written some = written.values().stream()
                    .skip(random.nextInt(written.size()))
                    .findFirst()
                    .orElseThrow();
            // windows ending on a written sample, just before or after one, and anywhere
            long end = switch (random.nextInt(4)) {
                case 0 -> some.times()[random.nextInt(some.times().length)];
                case 1 -> some.times()[random.nextInt(some.times().length)] - 1;
                case 2 -> some.times()[random.nextInt(some.times().length)] + 1;
                default -> random.nextLong(8_000_000);
            };
            long start = end - 1 - random.nextInt(600_000);
            Interval window = new Interval(start, end);
            Map<Labels, Newest> expected = new HashMap<>();
            written.forEach((labels, w) -> {
                for (int i = w.times().length - 1; i >= 0; i--) {
                    if (w.times()[i] <= end) {
                        if (w.times()[i] > start) {
                            expected.put(labels, new Newest(w.times()[i], Double.doubleToRawLongBits(w.values()[i])));
                        }
                        break;
                    }
                }
            });
            Map<Labels, Newest> actual = new HashMap<>();
            List<Labels> order = new ArrayList<>();
            store.readNewest(all, window, (labels, ts, vs, count) -> {
                assertThat(count).isEqualTo(1);
                order.add(labels);
                actual.put(labels, new Newest(ts[0], Double.doubleToRawLongBits(vs[0])));
            });
            assertThat(actual).as("window %s", window).isEqualTo(expected);
            assertThat(order).isSorted();
        }
    }
}
