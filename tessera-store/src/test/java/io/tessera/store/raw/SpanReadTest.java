package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link RawStore#readSpans} against the samples written, span by span. */
class SpanReadTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void spansOfEverySeriesEqualTheSamplesWritten(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RawStore store = new RawStore(RawStoreConfig.defaults().withChunking(20 + random.nextInt(100), 3_600_000));
        Map<Labels, RandomSeries> written = RandomSeries.write(store, 40, 600, random);
        for (int round = 0; round < 200; round++) {
            int k = 1 + random.nextInt(3);
            Interval[] spans = new Interval[k];
            long at = random.nextLong(3_000_000);
            for (int i = 0; i < k; i++) {
                long start = at + random.nextInt(2_000_000);
                long end = start + random.nextInt(600_000);
                spans[i] = new Interval(start, end);
                at = end;
            }
            List<LabelMatcher> matchers = random.nextBoolean()
                    ? List.of(LabelMatcher.equal("__name__", "m"))
                    : List.of(LabelMatcher.equal("__name__", "m"), LabelMatcher.equal("job", "j1"));
            Map<Labels, List<Long>> expected = new HashMap<>();
            for (Labels l : written.keySet()) {
                if (!TestMatchers.matchesAll(matchers, l)) {
                    continue;
                }
                List<Long> in = new ArrayList<>();
                long[] t = written.get(l).times();
                for (int i = 0; i < t.length; i++) {
                    for (Interval span : spans) {
                        if (t[i] > span.start() && t[i] <= span.end()) {
                            in.add((long) i);
                        }
                    }
                }
                if (!in.isEmpty()) {
                    expected.put(l, in);
                }
            }
            Map<Labels, List<Long>> actual = new HashMap<>();
            store.readSpans(matchers, spans, (labels, ts, vs, count) -> {
                assertThat(actual).as("each series once").doesNotContainKey(labels);
                long[] t = written.get(labels).times();
                double[] v = written.get(labels).values();
                List<Long> at2 = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    int index = java.util.Arrays.binarySearch(t, ts[i]);
                    assertThat(index).as("a time that was written").isGreaterThanOrEqualTo(0);
                    assertThat(Double.doubleToRawLongBits(vs[i])).isEqualTo(Double.doubleToRawLongBits(v[index]));
                    at2.add((long) index);
                }
                actual.put(labels, at2);
            });
            assertThat(actual).as("spans %s", java.util.Arrays.toString(spans)).isEqualTo(expected);
        }
    }

    @Test
    void overlappingOrDescendingSpansAreRejected() {
        RawStore store = new RawStore();
        store.append(AppendRequest.builder()
                .series(Labels.of("__name__", "m"))
                .sample(10, 1)
                .build());
        List<LabelMatcher> m = List.of(LabelMatcher.equal("__name__", "m"));
        assertThatThrownBy(() -> store.readSpans(
                        m, new Interval[] {new Interval(0, 20), new Interval(10, 30)}, (l, t, v, n) -> {}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("ascending and disjoint");
    }
}
