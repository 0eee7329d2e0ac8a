package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link RawStore#readNewest} against the newest written sample in each window, found by a walk over all of them. */
class NewestSampleReadTest {

    private record Newest(long time, long bits) {}

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void newestSampleOfEveryWindowIsTheNewestWritten(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RawStore store = new RawStore(RawStoreConfig.defaults().withChunking(20 + random.nextInt(150), 3_600_000));
        Map<Labels, RandomSeries> written = RandomSeries.write(store, 30, 700, random);
        List<LabelMatcher> all = List.of(LabelMatcher.equal("__name__", "m"));
        for (int round = 0; round < 400; round++) {
            RandomSeries some = written.values().stream()
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
