package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A range of pane sketches slid forward by random steps: after every step its coupons, and the
 * estimate and bound of a counter on them with further values, equal those of the CPC union of
 * the sketches then in the range (made afresh).
 */
class SlidingCouponsTest {

    @ParameterizedTest
    @CsvSource({"4, 30, 1", "8, 200, 2", "10, 2000, 3", "11, 400, 4", "12, 9000, 5", "14, 300, 6"})
    void aSlidingRangeCountsAsTheUnionOfItsStates(int lgK, int valuesPerPane, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int domain = 3 * valuesPerPane;
        SlidingCoupons range = new SlidingCoupons(lgK);
        ArrayDeque<DistinctState> in = new ArrayDeque<>();
        for (int step = 0; step < 120; step++) {
            for (int add = r.nextInt(3); add > 0; add--) {
                DistinctState pane = new DistinctState(lgK);
                int n = r.nextInt(5) == 0 ? 0 : r.nextInt(valuesPerPane);
                for (int i = 0; i < n; i++) {
                    if (r.nextBoolean()) {
                        pane.update(0L, r.nextInt(domain));
                    } else {
                        pane.update("v" + r.nextInt(domain));
                    }
                }
                range.enter(pane);
                in.addLast(pane);
            }
            for (int drop = in.size() > 12 ? in.size() - 12 : r.nextInt(2); drop > 0 && !in.isEmpty(); drop--) {
                range.leave(in.removeFirst());
            }
            assertThat(range.states()).isEqualTo(in.size());
            if (in.isEmpty()) {
                assertThat(range.coupons()).isZero();
                continue;
            }
            DistinctState union = DistinctState.union(lgK, new ArrayList<>(in));
            DistinctCoupons.Counter fromUnion = DistinctCoupons.of(union).counter();
            DistinctCoupons.Counter slid = range.snapshot().counter();
            assertThat(slid.coupons()).as("step %d", step).isEqualTo(fromUnion.coupons());
            List<Double> more = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                more.add((double) r.nextInt(2 * domain));
            }
            more.forEach(v -> {
                fromUnion.add(v);
                slid.add(v);
            });
            assertThat(slid.estimate()).isEqualTo(fromUnion.estimate());
            assertThat(slid.errorBound()).isEqualTo(fromUnion.errorBound());
        }
    }

    @Test
    void aStateOfAnotherLgKOrOneThatNeverEnteredCannotLeave() {
        SlidingCoupons range = new SlidingCoupons(10);
        assertThatThrownBy(() -> range.enter(new DistinctState(11))).isInstanceOf(IllegalArgumentException.class);
        DistinctState never = new DistinctState(10);
        never.update(0L, 42.0);
        assertThatThrownBy(() -> range.leave(never)).isInstanceOf(IllegalStateException.class);
    }
}
