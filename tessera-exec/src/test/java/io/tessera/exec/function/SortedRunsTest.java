package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link SortedRuns#kth} and {@link SortedRuns#following} against sorting all the runs' values together. */
class SortedRunsTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void everyRankIsTheValueASortOfTheUnionPutsThere(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int count = 1 + random.nextInt(20);
        double[][] runs = new double[count][];
        int[] lengths = new int[count];
        int total = 0;
        for (int r = 0; r < count; r++) {
            int n = random.nextInt(4) == 0 ? 0 : random.nextInt(300);
            double[] run = new double[n + random.nextInt(5)];
            for (int i = 0; i < run.length; i++) {
                run[i] = switch (random.nextInt(12)) {
                    case 0 -> 0.0;
                    case 1 -> -0.0;
                    case 2 -> Double.POSITIVE_INFINITY;
                    case 3 -> Double.NEGATIVE_INFINITY;
                    case 4, 5 -> random.nextInt(5); // many ties
                    default -> random.nextGaussian() * 100;
                };
            }
            Arrays.sort(run, 0, n);
            runs[r] = run;
            lengths[r] = n; // values past the length are not part of the run
            total += n;
        }
        double[] all = new double[total];
        int at = 0;
        for (int r = 0; r < count; r++) {
            System.arraycopy(runs[r], 0, all, at, lengths[r]);
            at += lengths[r];
        }
        Arrays.sort(all);
        SortedRuns select = new SortedRuns(count);
        for (int k = 0; k < total; k++) {
            double v = select.kth(runs, lengths, count, k);
            assertThat(Double.doubleToRawLongBits(v))
                    .as("rank %d of %d", k, total)
                    .isEqualTo(Double.doubleToRawLongBits(all[k]));
            double following = select.following(runs, lengths);
            if (k + 1 < total) {
                assertThat(Double.doubleToRawLongBits(following))
                        .as("rank %d of %d from rank %d", k + 1, total, k)
                        .isEqualTo(Double.doubleToRawLongBits(all[k + 1]));
            } else {
                assertThat(following).as("nothing above the largest").isNaN();
            }
        }
    }
}
