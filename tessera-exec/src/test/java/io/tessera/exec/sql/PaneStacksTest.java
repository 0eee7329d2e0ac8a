package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.sketch.SumState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A range moved forward by random steps: its two-stack merge against the sum of its panes, and the
 * states it merges into; with seeds above 4 the merge is asked for at one step in five only (the
 * stacks merge when asked).
 */
class PaneStacksTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void theMergeOfTheRangeIsTheSumOfItsPanes(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Double> values = new ArrayList<>();
        int[] created = {0};
        PaneStacks stacks = new PaneStacks(
                () -> {
                    created[0]++;
                    return new SumState();
                },
                100);
        int width = 1 + r.nextInt(80);
        long start = 100;
        for (int step = 0; step < 2_000; step++) {
            int add = r.nextInt(4);
            for (int i = 0; i < add; i++) {
                boolean absent = r.nextInt(5) == 0;
                double v = r.nextInt(1000);
                values.add(absent ? null : v);
                SumState s = null;
                if (!absent) {
                    s = new SumState();
                    s.update(0L, v);
                }
                stacks.push(s);
            }
            long end = 100 + values.size();
            start = Math.max(start, end - width);
            stacks.dropTo(start);
            if (seed > 4 && r.nextInt(5) != 0) {
                continue;
            }
            double expected = 0;
            boolean any = false;
            for (long a = start; a < end; a++) {
                Double v = values.get((int) (a - 100));
                if (v != null) {
                    expected += v;
                    any = true;
                }
            }
            SumState merged = (SumState) stacks.merged();
            if (!any) {
                assertThat(merged).isNull();
            } else {
                assertThat(merged.value())
                        .as("step %d range [%d, %d)", step, start, end)
                        .isEqualTo(expected);
            }
            assertThat(stacks.states()).hasSize((int) values.subList((int) (start - 100), values.size()).stream()
                    .filter(v -> v != null)
                    .count());
        }
        // merge targets: a suffix per pane and a back per flip, one per range's merge; never a range's width per step
        assertThat(created[0]).isLessThanOrEqualTo(2 * values.size() + 2_000);
    }
}
