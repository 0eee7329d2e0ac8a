package io.tessera.store.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.sketch.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ViewStoreTest {

    private static final Labels A = Labels.of("job", "a");
    private static final Labels B = Labels.of("job", "b");
    private static final Labels C = Labels.of("job", "c");
    private static final Labels D = Labels.of("job", "d");
    private static final Labels E = Labels.of("job", "e");
    private static final Labels F = Labels.of("job", "f");

    private static Interval pane(int k) {
        return Interval.of(15_000L * k, 15_000L * (k + 1));
    }

    private static ViewStore view(int capacity) {
        return new SummaryStore(new SummaryStoreConfig(capacity, false)).view("v");
    }

    /** Inserts a state of {@code id} for {@code group} over {@code interval} and returns it. */
    private static TestState inserted(ViewStore v, Labels group, Interval interval, long id) {
        TestState state = TestState.of(id);
        v.insert(group, interval, state);
        return state;
    }

    /** {@code r} holds exactly {@code intervals} in this order, the i-th with exactly the states {@code states.get(i)}. */
    private static void assertIntervals(IntervalStates r, List<Interval> intervals, List<Map<Labels, State>> states) {
        assertThat(r.intervalCount()).isEqualTo(intervals.size());
        for (int i = 0; i < intervals.size(); i++) {
            assertThat(r.interval(i)).isEqualTo(intervals.get(i));
            assertThat(Reads.asMap(r, i)).isEqualTo(states.get(i));
        }
    }

    /** Reading {@code asked} as a tiling of {@code v} fails, naming {@code missing} as the missing interval. */
    private static void assertMissing(ViewStore v, Interval asked, Interval missing) {
        assertThatThrownBy(() -> v.snapshot().readTiling(asked))
                .isInstanceOfSatisfying(
                        MissingStateException.class,
                        e -> assertThat(e.missing()).isEqualTo(missing));
    }

    @Test
    void readExactReturnsEveryGroupOfExactlyThatInterval() {
        ViewStore v = view(100);
        TestState a0 = inserted(v, A, pane(0), 1);
        TestState b0 = inserted(v, B, pane(0), 2);
        TestState a1 = inserted(v, A, pane(1), 3);
        v.insert(A, Interval.of(0, 30_000), TestState.of(4));

        ViewSnapshot snap = v.snapshot();
        assertThat(Reads.asMap(snap.readExact(pane(0)), 0)).isEqualTo(Map.of(A, a0, B, b0));
        assertThat(Reads.asMap(snap.readExact(pane(1)), 0)).isEqualTo(Map.of(A, a1));
        IntervalStates missing = snap.readExact(pane(2));
        assertThat(missing.isStored(0)).isFalse();
        assertThat(missing.stateCount(0)).isZero();
        assertThat(snap.stateCount()).isEqualTo(4);
        assertThat(snap.commitSequence()).isEqualTo(4);
    }

    @Test
    void fragmentsOfOneIntervalAreReadFromEveryEpoch() {
        ViewStore v = view(4);
        TestState a = TestState.of(1);
        TestState b = TestState.of(2);
        TestState c = TestState.of(3);
        TestState d = TestState.of(4);
        TestState e = TestState.of(5);
        TestState f = TestState.of(6);
        v.insertBatch(new StateBatch()
                .add(A, pane(0), a)
                .add(B, pane(0), b)
                .add(C, pane(0), c)
                .add(A, pane(1), TestState.of(10)));
        v.insertBatch(new StateBatch()
                .add(D, pane(0), d)
                .add(B, pane(1), TestState.of(11))
                .add(C, pane(1), TestState.of(12))
                .add(D, pane(1), TestState.of(13)));
        v.insertBatch(new StateBatch()
                .add(E, pane(0), e)
                .add(A, pane(2), TestState.of(14))
                .add(B, pane(2), TestState.of(15))
                .add(C, pane(2), TestState.of(16)));
        v.insert(F, pane(0), f);

        ViewSnapshot snap = v.snapshot();
        assertThat(snap.sealedEpochCount()).isEqualTo(3);
        Map<Labels, State> expected = Map.of(A, a, B, b, C, c, D, d, E, e, F, f);
        IntervalStates one = snap.readExact(pane(0));
        assertThat(Reads.asMap(one, 0)).isEqualTo(expected);
        assertThat(one.endSegment(0) - one.firstSegment(0)).isEqualTo(4);
        IntervalStates batch = snap.readExactBatch(List.of(pane(1), pane(0)));
        assertThat(Reads.asMap(batch, 1)).isEqualTo(expected);
        assertThat(Reads.asMap(batch, 0)).containsOnlyKeys(A, B, C, D);
    }

    @Test
    void batchReadKeepsRequestOrderAndResolvesRepeatsOnce() {
        ViewStore v = view(3);
        for (int k = 0; k < 6; k++) {
            v.insertBatch(
                    new StateBatch().add(A, pane(k), TestState.of(2L * k)).add(B, pane(k), TestState.of(2L * k + 1)));
        }
        ViewSnapshot snap = v.snapshot();
        List<Interval> request = List.of(pane(4), pane(1), pane(4), pane(9), pane(0), pane(1), pane(5));
        IntervalStates r = snap.readExactBatch(request);
        assertThat(r.intervalCount()).isEqualTo(request.size());
        for (int i = 0; i < request.size(); i++) {
            assertThat(r.interval(i)).isEqualTo(request.get(i));
            assertThat(Reads.asMap(r, i)).isEqualTo(Reads.asMap(snap.readExact(request.get(i)), 0));
        }
        assertThat(r.isStored(3)).isFalse();
        assertThat(r.firstSegment(0)).isEqualTo(r.firstSegment(2));
        assertThat(r.firstSegment(1)).isEqualTo(r.firstSegment(5));
        assertThat(r.totalStates()).isEqualTo(12);
        assertThat(snap.readExactBatch(List.of()).intervalCount()).isZero();
    }

    @Test
    void aSecondStateForTheSameGroupAndIntervalIsRejected() {
        ViewStore v = view(2);
        v.insert(A, pane(0), TestState.of(1));
        v.insert(B, pane(0), TestState.of(2));
        assertThat(v.snapshot().sealedEpochCount()).isEqualTo(1);
        v.insert(C, pane(1), TestState.of(3));

        assertThatThrownBy(() -> v.insert(A, pane(0), TestState.of(9)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("never merges");
        assertThatThrownBy(() -> v.insert(C, pane(1), TestState.of(9))).isInstanceOf(InvalidInputException.class);
        long before = v.snapshot().commitSequence();
        StateBatch withStoredDuplicate =
                new StateBatch().add(D, pane(5), TestState.of(7)).add(B, pane(0), TestState.of(8));
        assertThatThrownBy(() -> v.insertBatch(withStoredDuplicate)).isInstanceOf(InvalidInputException.class);
        StateBatch withInnerDuplicate =
                new StateBatch().add(D, pane(5), TestState.of(7)).add(D, pane(5), TestState.of(8));
        assertThatThrownBy(() -> v.insertBatch(withInnerDuplicate)).isInstanceOf(InvalidInputException.class);
        // panes in ascending runs, the duplicate in the second run; then the same pane in two runs apart
        StateBatch ascending = new StateBatch()
                .add(C, pane(5), TestState.of(1))
                .add(D, pane(5), TestState.of(2))
                .add(C, pane(6), TestState.of(3))
                .add(D, pane(6), TestState.of(4))
                .add(C, pane(6), TestState.of(5));
        assertThatThrownBy(() -> v.insertBatch(ascending)).isInstanceOf(InvalidInputException.class);
        StateBatch paneTwice = new StateBatch()
                .add(C, pane(6), TestState.of(1))
                .add(C, pane(5), TestState.of(2))
                .add(D, pane(6), TestState.of(3))
                .add(C, pane(6), TestState.of(4));
        assertThatThrownBy(() -> v.insertBatch(paneTwice)).isInstanceOf(InvalidInputException.class);

        ViewSnapshot snap = v.snapshot();
        assertThat(snap.commitSequence()).isEqualTo(before);
        assertThat(snap.readExact(pane(5)).isStored(0)).isFalse();
        assertThat(snap.stateCount()).isEqualTo(3);
        v.insert(A, Interval.of(0, 30_000), TestState.of(10));
        assertThat(v.snapshot().stateCount()).isEqualTo(4);
    }

    @Test
    void aSnapshotSeesNoLaterCommitAndNoPartOfOne() {
        ViewStore v = view(3);
        v.insert(A, pane(0), TestState.of(1));
        ViewSnapshot before = v.snapshot();
        StateBatch batch = new StateBatch();
        for (int g = 0; g < 10; g++) {
            batch.add(Labels.of("g", "x" + g), pane(0), TestState.of(100 + g));
        }
        long seq = v.insertBatch(batch);
        ViewSnapshot after = v.snapshot();
        assertThat(after.commitSequence()).isEqualTo(seq).isEqualTo(before.commitSequence() + 1);
        assertThat(before.readExact(pane(0)).stateCount(0)).isEqualTo(1);
        assertThat(before.readExactBatch(List.of(pane(0))).stateCount(0)).isEqualTo(1);
        assertThat(before.groupCount()).isEqualTo(1);
        assertThat(after.readExact(pane(0)).stateCount(0)).isEqualTo(11);
    }

    @Test
    void tilingReturnsTheStatesOfAChainOfIntervalsInTimeOrder() {
        ViewStore v = view(4);
        TestState a2 = inserted(v, A, pane(2), 3);
        TestState a0 = inserted(v, A, pane(0), 1);
        TestState b1 = inserted(v, B, pane(1), 2);
        v.insert(A, Interval.of(-15_000, 15_000), TestState.of(4));
        v.insert(A, Interval.of(30_000, 60_000), TestState.of(5));

        assertIntervals(
                v.snapshot().readTiling(Interval.of(0, 45_000)),
                List.of(pane(0), pane(1), pane(2)),
                List.of(Map.of(A, a0), Map.of(B, b1), Map.of(A, a2)));
        assertThat(v.snapshot().readTiling(Interval.of(5, 5)).intervalCount()).isZero();
    }

    @Test
    void tilingNamesTheFirstGap() {
        ViewStore v = view(4);
        v.insert(A, pane(0), TestState.of(1));
        v.insert(A, pane(2), TestState.of(2));
        v.insert(A, pane(4), TestState.of(3));
        assertThatThrownBy(() -> v.snapshot().readTiling(Interval.of(0, 75_000)))
                .isInstanceOfSatisfying(MissingStateException.class, e -> {
                    assertThat(e.missing()).isEqualTo(pane(1));
                    assertThat(e.view()).isEqualTo("v");
                });
        assertMissing(v, Interval.of(0, 90_000), pane(1));
        assertMissing(v, Interval.of(30_000, 90_000), pane(3));
        assertMissing(v, Interval.of(60_000, 90_000), pane(5));
        assertMissing(v, Interval.of(-15_000, 15_000), Interval.of(-15_000, 0));
        assertMissing(v, Interval.of(100_000, 200_000), Interval.of(100_000, 200_000));
    }

    @Test
    void tilingRejectsOverlappingIntervals() {
        ViewStore v = view(4);
        v.insert(A, pane(0), TestState.of(1));
        v.insert(B, Interval.of(0, 30_000), TestState.of(2));
        v.insert(A, pane(1), TestState.of(3));
        assertThatThrownBy(() -> v.snapshot().readTiling(Interval.of(0, 30_000)))
                .isInstanceOfSatisfying(MissingStateException.class, e -> {
                    assertThat(e.missing()).isEqualTo(pane(0));
                    assertThat(e.getMessage()).contains("overlap");
                });
        v.insert(C, Interval.of(40_000, 50_000), TestState.of(4));
        assertMissing(v, Interval.of(15_000, 60_000), Interval.of(30_000, 40_000));
    }

    @Test
    void anEmptyPaneMarkerFillsTheTilingAndHoldsNoState() {
        ViewStore v = view(3);
        v.insert(A, pane(0), TestState.of(1));
        v.insert(A, pane(2), TestState.of(2));
        assertThatThrownBy(() -> v.snapshot().readTiling(Interval.of(0, 45_000)))
                .isInstanceOf(MissingStateException.class);
        long seq = v.commitEmptyPane(pane(1));
        assertThat(v.commitEmptyPane(pane(1))).isEqualTo(seq);
        v.insertBatch(
                new StateBatch().addEmptyPane(pane(1)).addEmptyPane(pane(3)).addEmptyPane(pane(3)));

        ViewSnapshot snap = v.snapshot();
        IntervalStates r = snap.readTiling(Interval.of(0, 60_000));
        assertThat(r.intervalCount()).isEqualTo(4);
        assertThat(r.interval(1)).isEqualTo(pane(1));
        assertThat(r.isStored(1)).isTrue();
        assertThat(r.stateCount(1)).isZero();
        assertThat(snap.readExact(pane(1)).isStored(0)).isTrue();
        assertThat(snap.readExact(pane(1)).stateCount(0)).isZero();
        assertThat(snap.stateCount()).isEqualTo(2);
        v.insert(B, pane(1), TestState.of(3));
        assertThat(v.snapshot().readExact(pane(1)).stateCount(0)).isEqualTo(1);
    }

    @Test
    void readContainedReturnsIrregularIntervalsWithinTheRange() {
        ViewStore v = view(3);
        TestState x = inserted(v, A, Interval.of(0, 7), 1);
        TestState y = inserted(v, B, Interval.of(3, 10), 2);
        TestState z = inserted(v, A, Interval.of(5, 10), 3);
        v.insert(A, Interval.of(9, 12), TestState.of(4));
        v.insert(C, Interval.of(-1, 4), TestState.of(5));

        assertIntervals(
                v.snapshot().readContained(Interval.of(0, 10)),
                List.of(Interval.of(0, 7), Interval.of(3, 10), Interval.of(5, 10)),
                List.of(Map.of(A, x), Map.of(B, y), Map.of(A, z)));
        assertThat(v.snapshot().readContained(Interval.of(20, 30)).intervalCount())
                .isZero();
    }

    @Test
    void retentionDropsWholeOldEpochsButNotFromALiveSnapshot() {
        ViewStore v = view(4);
        for (int k = 0; k < 10; k++) {
            v.insertBatch(new StateBatch().add(A, pane(k), TestState.of(k)).add(B, pane(k), TestState.of(100 + k)));
        }
        ViewSnapshot live = v.snapshot();
        assertThat(live.sealedEpochCount()).isEqualTo(5);
        assertThat(live.earliest()).isEqualTo(pane(0));
        assertThat(live.latest()).isEqualTo(pane(9));

        long evicted = v.evictEpochsEndingBefore(pane(1).end() + 1);
        assertThat(evicted).isEqualTo(4);
        ViewSnapshot after = v.snapshot();
        assertThat(after.readExact(pane(0)).isStored(0)).isFalse();
        assertThat(after.readExact(pane(1)).isStored(0)).isFalse();
        assertThat(after.readExact(pane(2)).stateCount(0)).isEqualTo(2);
        assertThat(after.earliest()).isEqualTo(pane(2));
        assertThat(after.stateCount()).isEqualTo(16);
        for (int k = 0; k < 10; k++) {
            assertThat(Reads.asMap(live.readExact(pane(k)), 0)).hasSize(2);
        }
        assertThat(live.readTiling(Interval.of(0, pane(9).end())).totalStates()).isEqualTo(20);

        assertThat(v.evictEpochsEndingBefore(Long.MAX_VALUE)).isEqualTo(16);
        ViewSnapshot empty = v.snapshot();
        assertThat(empty.stateCount()).isZero();
        assertThat(empty.earliest()).isNull();
        assertThat(empty.latest()).isNull();
        assertThat(v.evictEpochsEndingBefore(Long.MAX_VALUE)).isZero();
        assertThat(live.stateCount()).isEqualTo(20);
    }

    @Test
    void theMutableEpochIsNeverEvicted() {
        ViewStore v = view(100);
        v.insert(A, pane(0), TestState.of(1));
        assertThat(v.evictEpochsEndingBefore(Long.MAX_VALUE)).isZero();
        assertThat(v.snapshot().readExact(pane(0)).stateCount(0)).isEqualTo(1);
        assertThat(v.snapshot().earliest()).isEqualTo(pane(0));
    }

    @Test
    void earliestAndLatestFollowInterval() {
        ViewStore v = view(2);
        assertThat(v.snapshot().earliest()).isNull();
        v.insert(A, pane(5), TestState.of(1));
        v.insert(A, pane(3), TestState.of(2));
        v.insert(A, Interval.of(0, pane(5).end()), TestState.of(3));
        v.insert(A, pane(1), TestState.of(4));
        assertThat(v.snapshot().earliest()).isEqualTo(pane(1));
        assertThat(v.snapshot().latest()).isEqualTo(pane(5));
    }

    @Test
    void invalidInsertsAreRejected() {
        ViewStore v = view(4);
        assertThatThrownBy(() -> v.insert(A, Interval.of(5, 5), TestState.of(1)))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> v.insert(A, pane(0), null)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new StateBatch().add(null, pane(0), TestState.of(1)))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new SummaryStoreConfig(0, false)).isInstanceOf(InvalidInputException.class);
        assertThat(v.insertBatch(new StateBatch())).isZero();
    }

    @Test
    void viewsAreIndependent() {
        SummaryStore store = new SummaryStore(new SummaryStoreConfig(2, false));
        store.view("x").insert(A, pane(0), TestState.of(1));
        store.view("y").insert(A, pane(0), TestState.of(2));
        store.view("y").insert(B, pane(0), TestState.of(3));
        store.view("y").insert(B, pane(1), TestState.of(4));
        assertThat(store.viewIds()).containsExactlyInAnyOrder("x", "y");
        assertThat(store.view("x").snapshot().readExact(pane(0)).stateCount(0)).isEqualTo(1);
        assertThat(store.existingView("z")).isNull();
        assertThat(store.evictEpochsEndingBefore(Long.MAX_VALUE)).isEqualTo(2);
        assertThat(store.view("x").snapshot().stateCount()).isEqualTo(1);
    }

    @Test
    void instrumentedViewsTimeTheirWriteLock() {
        ViewStore v = new SummaryStore(new SummaryStoreConfig(4, true)).view("v");
        v.insert(A, pane(0), TestState.of(1));
        v.insertBatch(new StateBatch().add(B, pane(0), TestState.of(2)));
        LockTimes t = v.lockTimes();
        assertThat(t.acquisitions()).isEqualTo(2);
        assertThat(t.holdNanos()).isPositive();
        assertThat(view(4).lockTimes()).isEqualTo(new LockTimes(0, 0, 0));
    }
}
