package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Keys in the order {@link Long#compare} gives, each value still beside its key, equal keys in their first order. */
class RadixOrderTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 17, 600, 5_000})
    void sortsLikeAComparisonSortAndKeepsEachValueWithItsKey(int n) {
        Random random = new Random(n);
        RadixOrder radix = new RadixOrder();
        long[] pool = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, 255, 256, -256};
        for (int round = 0; round < 20; round++) {
            long[] keys = new long[n];
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                int kind = random.nextInt(4);
                keys[i] = kind == 0
                        ? pool[random.nextInt(pool.length)]
                        : kind == 1
                                ? random.nextInt(5)
                                : kind == 2 ? SlidingQuantile.key(random.nextGaussian()) : random.nextLong();
                values[i] = i;
            }
            Integer[] expected = new Integer[n];
            for (int i = 0; i < n; i++) {
                expected[i] = i;
            }
            long[] original = keys.clone();
            Arrays.sort(expected, Comparator.comparingLong(i -> original[i]));
            radix.sort(keys, values, n);
            for (int i = 0; i < n; i++) {
                assertThat(values[i]).as("position %d of %d", i, n).isEqualTo(expected[i]);
                assertThat(keys[i]).isEqualTo(original[expected[i]]);
            }
        }
    }
}
