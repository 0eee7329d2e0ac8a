package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetentionTest {

    private static final Labels A = Labels.of("__name__", "a", "job", "x");
    private static final Labels B = Labels.of("__name__", "b", "job", "y");

    @Test
    void wholeOldChunksAndEmptiedSeriesAreDropped() {
        RawStore store =
                new RawStore(RawStoreConfig.defaults().withRetention(1000).withChunking(4, 1L << 40));
        AppendRequest.Builder request = AppendRequest.builder().series(A);
        for (long t = 100; t <= 3000; t += 100) {
            request.sample(t, t);
        }
        request.series(B);
        for (long t = 100; t <= 500; t += 100) {
            request.sample(t, t);
        }
        store.append(request.build());
        long memoryBefore = store.stats().memoryBytes();

        RetentionResult result = store.applyRetention(2500);

        assertThat(result.cutoff()).isEqualTo(1500);
        assertThat(result.seriesDropped()).isEqualTo(1);
        TreeMap<Long, Long> left = StoreDump.asModel(store).get(A);
        assertThat(left.firstKey()).isEqualTo(1300);
        assertThat(left.lastKey()).isEqualTo(3000);
        assertThat(left).hasSize(18);
        assertThat(result.samplesDropped()).isEqualTo(12 + 5);
        assertThat(store.stats()).isEqualTo(store.recount());
        assertThat(store.stats().seriesCount()).isEqualTo(1);
        assertThat(store.stats().memoryBytes()).isLessThan(memoryBefore);
        assertThat(store.labelValues("job", List.of(), RawStore.ALL_TIME)).containsExactly("x");
        assertThat(store.series(List.of(LabelMatcher.equal("job", "y")), RawStore.ALL_TIME))
                .isEmpty();

        assertThatThrownBy(() -> store.append(
                        AppendRequest.builder().series(B).sample(1500, 1).build()))
                .hasMessageStartingWith("out of bounds");
        store.append(AppendRequest.builder().series(B).sample(1501, 1).build());
        assertThat(store.series(List.of(LabelMatcher.equal("job", "y")), RawStore.ALL_TIME))
                .containsExactly(B);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void everySampleAfterTheCutoffSurvives(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RawStore store = new RawStore(RawStoreConfig.defaults()
                .withRetention(5_000)
                .withChunking(2 + random.nextInt(10), 500 + random.nextInt(3000)));
        TreeMap<Labels, TreeMap<Long, Long>> model = new TreeMap<>();
        long now = 0;
        for (int round = 0; round < 30; round++) {
            AppendRequest.Builder b = AppendRequest.builder();
            for (int s = 0; s < 20; s++) {
                if (random.nextInt(3) == 0) {
                    continue;
                }
                Labels labels = Labels.of("__name__", "m", "s", Integer.toString(s));
                b.series(labels);
                TreeMap<Long, Long> samples = model.computeIfAbsent(labels, l -> new TreeMap<>());
                long t = Math.max(now, samples.isEmpty() ? now : samples.lastKey()) + 1;
                for (int k = random.nextInt(8); k >= 0; k--) {
                    t += 1 + random.nextInt(400);
                    samples.put(t, Double.doubleToRawLongBits(k));
                    b.sample(t, k);
                }
            }
            store.append(b.build());
            now += 1000;
            if (round % 3 == 2) {
                long cutoff = store.applyRetention(now).cutoff();
                TreeMap<Labels, TreeMap<Long, Long>> stored = StoreDump.asModel(store);
                for (Map.Entry<Labels, TreeMap<Long, Long>> e : model.entrySet()) {
                    TreeMap<Long, Long> kept = new TreeMap<>(e.getValue().tailMap(cutoff, false));
                    TreeMap<Long, Long> actual = stored.getOrDefault(e.getKey(), new TreeMap<>());
                    assertThat(actual.tailMap(cutoff, false)).isEqualTo(kept);
                    assertThat(e.getValue()).containsAllEntriesOf(actual);
                    if (kept.isEmpty()) {
                        assertThat(stored).doesNotContainKey(e.getKey());
                    }
                }
                model.replaceAll((l, samples) -> new TreeMap<>(stored.getOrDefault(l, new TreeMap<>())));
                model.values().removeIf(TreeMap::isEmpty);
                assertThat(store.stats()).isEqualTo(store.recount());
                assertThat(store.stats().seriesCount()).isEqualTo(model.size());
            }
        }
    }
}
