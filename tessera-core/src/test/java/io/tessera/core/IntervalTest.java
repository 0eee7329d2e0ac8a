package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalTest {

    @Test
    void isOpenAtTheStartAndClosedAtTheEnd() {
        Interval i = Interval.of(100, 200);
        assertThat(i.contains(100)).isFalse();
        assertThat(i.contains(101)).isTrue();
        assertThat(i.contains(200)).isTrue();
        assertThat(i.contains(201)).isFalse();
        assertThat(i.length()).isEqualTo(100);
    }

    @Test
    void adjacentIntervalsDoNotIntersect() {
        assertThat(Interval.of(0, 10).intersects(Interval.of(10, 20))).isFalse();
        assertThat(Interval.of(0, 11).intersects(Interval.of(10, 20))).isTrue();
        assertThat(Interval.of(0, 10).intersection(Interval.of(10, 20))).isNull();
        assertThat(Interval.of(0, 15).intersection(Interval.of(10, 20))).isEqualTo(Interval.of(10, 15));
        assertThat(Interval.of(5, 5).intersects(Interval.of(0, 10))).isTrue();
        assertThat(Interval.of(5, 5).isEmpty()).isTrue();
    }

    @Test
    void containmentIsOfWholeIntervals() {
        assertThat(Interval.of(0, 100).contains(Interval.of(0, 100))).isTrue();
        assertThat(Interval.of(0, 100).contains(Interval.of(10, 20))).isTrue();
        assertThat(Interval.of(0, 100).contains(Interval.of(-1, 20))).isFalse();
        assertThat(Interval.of(0, 100).contains(Interval.of(90, 101))).isFalse();
    }

    @Test
    void tilingRequiresNoGapNoOverlapAndExactEdges() {
        Interval range = Interval.of(0, 30);
        assertThat(range.isTiledBy(List.of(Interval.of(0, 10), Interval.of(10, 20), Interval.of(20, 30))))
                .isTrue();
        assertThat(range.isTiledBy(List.of(Interval.of(0, 10), Interval.of(11, 30))))
                .isFalse();
        assertThat(range.isTiledBy(List.of(Interval.of(0, 15), Interval.of(10, 30))))
                .isFalse();
        assertThat(range.isTiledBy(List.of(Interval.of(0, 10), Interval.of(10, 20))))
                .isFalse();
        assertThat(range.isTiledBy(List.of())).isFalse();
        assertThat(Interval.of(7, 7).isTiledBy(List.of())).isTrue();
    }

    @Test
    void rejectsAnEndBeforeTheStart() {
        assertThatThrownBy(() -> Interval.of(10, 5))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("before its start");
    }

    @Test
    void endingAndShiftAreExactAndOverflowChecked() {
        assertThat(Interval.ending(1000, 300)).isEqualTo(Interval.of(700, 1000));
        assertThat(Interval.of(0, 10).shift(-5)).isEqualTo(Interval.of(-5, 5));
        assertThatThrownBy(() -> Interval.of(0, Long.MAX_VALUE).shift(1)).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void ordersByEndThenStart() {
        List<Interval> sorted =
                new java.util.ArrayList<>(List.of(Interval.of(5, 20), Interval.of(0, 10), Interval.of(0, 20)));
        java.util.Collections.sort(sorted);
        assertThat(sorted).containsExactly(Interval.of(0, 10), Interval.of(0, 20), Interval.of(5, 20));
    }
}
