package io.tessera.store.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stale marks and rebuilt panes: a rebuild replaces every fragment of its panes in one commit,
 * every kind of read then returns the new states only, snapshots taken before still read the old
 * ones, and a pane marked again during a rebuild stays stale.
 */
class PaneRebuildTest {

    private static final Labels A = Labels.of("job", "a");
    private static final Labels B = Labels.of("job", "b");
    private static final Labels C = Labels.of("job", "c");

    private static Interval pane(int k) {
        return Interval.of(15_000L * k, 15_000L * (k + 1));
    }

    /** The sums of the states of interval {@code i} by group. */
    private static Map<Labels, Long> sums(IntervalStates read, int i) {
        Map<Labels, Long> out = new java.util.HashMap<>();
        Reads.asMap(read, i).forEach((g, s) -> out.put(g, ((TestState) s).sum()));
        return out;
    }

    /** Panes 0..9 with states of A and B, in epochs of {@code capacity} rows. */
    private static ViewStore filled(int capacity) {
        ViewStore v = new SummaryStore(new SummaryStoreConfig(capacity, false)).view("v");
        for (int k = 0; k < 10; k++) {
            StateBatch batch = new StateBatch();
            batch.add(A, pane(k), TestState.of(k));
            batch.add(B, pane(k), TestState.of(100 + k));
            v.insertBatch(batch);
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 7, 1_000})
    void aRebuildReplacesItsPanesForEveryRead(int capacity) {
        ViewStore v = filled(capacity);
        ViewSnapshot before = v.snapshot();
        v.markStale(List.of(pane(3), pane(4)));
        ViewSnapshot marked = v.snapshot();
        assertThat(marked.isStale(pane(3))).isTrue();
        assertThat(marked.isStale(pane(5))).isFalse();
        assertThat(marked.staleMarkings()).isEqualTo(before.staleMarkings() + 1);

        StateBatch rebuilt = new StateBatch();
        TestState a3 = TestState.of(1_003);
        TestState c3 = TestState.of(2_003);
        rebuilt.add(A, pane(3), a3).add(C, pane(3), c3).addEmptyPane(pane(4));
        v.replacePanes(rebuilt, marked.staleMarks());
        ViewSnapshot after = v.snapshot();

        assertThat(after.isStale(pane(3))).isFalse();
        assertThat(after.isStale(pane(4))).isFalse();
        assertThat(Reads.asMap(after.readExact(pane(3)), 0)).isEqualTo(Map.of(A, a3, C, c3));
        IntervalStates empty = after.readExact(pane(4));
        assertThat(empty.isStored(0)).isTrue();
        assertThat(empty.stateCount(0)).isZero();
        IntervalStates batch = after.readExactBatch(List.of(pane(2), pane(3), pane(4), pane(3), pane(5)));
        assertThat(Reads.asMap(batch, 1)).isEqualTo(Map.of(A, a3, C, c3));
        assertThat(Reads.asMap(batch, 3)).isEqualTo(Map.of(A, a3, C, c3));
        assertThat(batch.stateCount(2)).isZero();
        assertThat(Reads.asMap(batch, 0)).isEqualTo(Reads.asMap(before.readExact(pane(2)), 0));
        assertThat(Reads.asMap(batch, 4)).isEqualTo(Reads.asMap(before.readExact(pane(5)), 0));
        IntervalStates tiling = after.readTiling(new Interval(pane(0).start(), pane(9).end()));
        assertThat(tiling.intervalCount()).isEqualTo(10);
        assertThat(Reads.asMap(tiling, 3)).isEqualTo(Map.of(A, a3, C, c3));
        assertThat(tiling.stateCount(4)).isZero();
        IntervalStates contained = after.readContained(new Interval(pane(3).start(), pane(4).end()));
        assertThat(contained.intervalCount()).isEqualTo(2);
        assertThat(Reads.asMap(contained, 0)).isEqualTo(Map.of(A, a3, C, c3));

        assertThat(sums(before.readExact(pane(3)), 0))
                .as("an older snapshot reads what it saw")
                .isEqualTo(Map.of(A, 3L, B, 103L));
    }

    @Test
    void aPaneMarkedAgainDuringItsRebuildStaysStale() {
        ViewStore v = filled(1_000);
        v.markStale(List.of(pane(2), pane(6)));
        Map<Interval, Long> taken = v.snapshot().staleMarks();
        v.markStale(List.of(pane(6)));
        StateBatch rebuilt = new StateBatch();
        rebuilt.add(A, pane(2), TestState.of(7)).add(A, pane(6), TestState.of(8));
        v.replacePanes(rebuilt, taken);
        assertThat(v.snapshot().isStale(pane(2))).isFalse();
        assertThat(v.snapshot().isStale(pane(6))).isTrue();
    }

    @Test
    void aRebuildHoldsOnlyStatesOfItsPanesEachGroupOnce() {
        ViewStore v = filled(1_000);
        v.markStale(List.of(pane(2)));
        Map<Interval, Long> marks = v.snapshot().staleMarks();
        StateBatch outside = new StateBatch().add(A, pane(3), TestState.of(1));
        assertThatThrownBy(() -> v.replacePanes(outside, marks)).isInstanceOf(InvalidInputException.class);
        StateBatch twice = new StateBatch().add(A, pane(2), TestState.of(1)).add(A, pane(2), TestState.of(2));
        assertThatThrownBy(() -> v.replacePanes(twice, marks)).isInstanceOf(InvalidInputException.class);
        assertThat(v.snapshot().isStale(pane(2))).isTrue();
        assertThat(sums(v.snapshot().readExact(pane(2)), 0)).isEqualTo(Map.of(A, 2L, B, 102L));
    }

    @Test
    void retentionTakesRebuiltPanesAndMarksWithTheirEpochs() {
        ViewStore v = filled(4);
        v.markStale(List.of(pane(0), pane(1), pane(8)));
        v.replacePanes(
                new StateBatch().add(C, pane(0), TestState.of(5)),
                Map.of(pane(0), v.snapshot().staleMarks().get(pane(0))));
        v.evictEpochsEndingBefore(pane(5).end());
        ViewSnapshot snap = v.snapshot();
        assertThat(snap.rebuiltPanes()).isEmpty();
        assertThat(snap.staleMarks().keySet()).containsExactly(pane(8));
        assertThat(snap.readExact(pane(0)).isStored(0)).isFalse();
    }
}
