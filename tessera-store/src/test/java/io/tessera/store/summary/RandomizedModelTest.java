package io.tessera.store.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.sketch.State;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random inserts, some of them duplicates, against a brute-force model of every read. */
class RandomizedModelTest {

    private static final Labels[] GROUPS = new Labels[7];

    static {
        for (int g = 0; g < GROUPS.length; g++) {
            GROUPS[g] = Labels.of("instance", "i" + g);
        }
    }

    private long nextId;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void everyReadAgreesWithTheModel(long seed) {
        Random rnd = new Random(seed);
        int capacity = 1 + rnd.nextInt(9);
        ViewStore view = new SummaryStore(new SummaryStoreConfig(capacity, false)).view("v" + seed);
        SerialModel model = new SerialModel();
        List<Interval> pool = intervalPool(rnd);
        List<ViewSnapshot> oldSnapshots = new ArrayList<>();
        List<SerialModel> oldModels = new ArrayList<>();

        for (int op = 0; op < 300; op++) {
            int kind = rnd.nextInt(10);
            if (kind < 4) {
                insertOne(view, model, pool, rnd);
            } else if (kind < 8) {
                insertBatch(view, model, pool, rnd);
            } else if (kind < 9) {
                Interval pane = pick(pool, rnd);
                view.commitEmptyPane(pane);
                if (model.exact(pane) == null || !hasMarker(model, pane)) {
                    model.addMarker(pane);
                }
            } else {
                verify(view.snapshot(), model, pool, rnd);
            }
            if (op % 60 == 0) {
                oldSnapshots.add(view.snapshot());
                SerialModel copy = new SerialModel();
                copy.entries.addAll(model.entries);
                oldModels.add(copy);
            }
        }
        verify(view.snapshot(), model, pool, rnd);
        for (int i = 0; i < oldSnapshots.size(); i++) {
            verify(oldSnapshots.get(i), oldModels.get(i), pool, rnd);
        }
    }

    private static boolean hasMarker(SerialModel model, Interval pane) {
        for (SerialModel.Entry e : model.entries) {
            if (e.isMarker() && e.interval().equals(pane)) {
                return true;
            }
        }
        return false;
    }

    /** Pane-grid intervals, wider windows on the same grid, and irregular ones. */
    private static List<Interval> intervalPool(Random rnd) {
        List<Interval> pool = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            pool.add(Interval.of(10L * k, 10L * k + 10));
        }
        for (int k = 0; k < 4; k++) {
            pool.add(Interval.of(20L * k, 20L * k + 20));
        }
        for (int k = 0; k < 8; k++) {
            long s = rnd.nextInt(110);
            pool.add(Interval.of(s, s + 1 + rnd.nextInt(25)));
        }
        return pool;
    }

    private static Interval pick(List<Interval> pool, Random rnd) {
        return pool.get(rnd.nextInt(pool.size()));
    }

    private boolean wouldDuplicate(SerialModel model, Labels g, Interval i) {
        Map<Labels, State> stored = model.exact(i);
        return stored != null && stored.containsKey(g);
    }

    private void insertOne(ViewStore view, SerialModel model, List<Interval> pool, Random rnd) {
        Labels g = GROUPS[rnd.nextInt(GROUPS.length)];
        Interval i = pick(pool, rnd);
        TestState s = TestState.of(nextId++);
        if (wouldDuplicate(model, g, i)) {
            long seq = view.snapshot().commitSequence();
            assertThatThrownBy(() -> view.insert(g, i, s)).isInstanceOf(InvalidInputException.class);
            assertThat(view.snapshot().commitSequence()).isEqualTo(seq);
        } else {
            view.insert(g, i, s);
            model.add(g, i, s);
        }
    }

    private void insertBatch(ViewStore view, SerialModel model, List<Interval> pool, Random rnd) {
        StateBatch batch = new StateBatch(2);
        SerialModel pending = new SerialModel();
        boolean duplicate = false;
        int n = 1 + rnd.nextInt(12);
        for (int k = 0; k < n; k++) {
            Labels g = GROUPS[rnd.nextInt(GROUPS.length)];
            Interval i = pick(pool, rnd);
            TestState s = TestState.of(nextId++);
            duplicate |= wouldDuplicate(model, g, i) || wouldDuplicate(pending, g, i);
            batch.add(g, i, s);
            pending.add(g, i, s);
        }
        if (duplicate) {
            ViewSnapshot before = view.snapshot();
            assertThatThrownBy(() -> view.insertBatch(batch)).isInstanceOf(InvalidInputException.class);
            assertThat(view.snapshot().commitSequence()).isEqualTo(before.commitSequence());
            assertThat(view.snapshot().stateCount()).isEqualTo(before.stateCount());
        } else {
            view.insertBatch(batch);
            model.entries.addAll(pending.entries);
        }
    }

    private static void verify(ViewSnapshot snap, SerialModel model, List<Interval> pool, Random rnd) {
        long states = 0;
        for (SerialModel.Entry e : model.entries) {
            states += e.isMarker() ? 0 : 1;
        }
        assertThat(snap.stateCount()).isEqualTo(states);
        for (Interval i : pool) {
            assertThat(Reads.asMap(snap.readExact(i), 0)).as("exact %s", i).isEqualTo(model.exact(i));
        }
        List<Interval> request = new ArrayList<>();
        int n = rnd.nextInt(40);
        for (int k = 0; k < n; k++) {
            request.add(rnd.nextInt(8) == 0 ? Interval.of(1000 + k, 1001 + k) : pick(pool, rnd));
        }
        IntervalStates batch = snap.readExactBatch(request);
        assertThat(batch.intervalCount()).isEqualTo(n);
        for (int k = 0; k < n; k++) {
            assertThat(batch.interval(k)).isEqualTo(request.get(k));
            assertThat(Reads.asMap(batch, k)).as("batch %s", request.get(k)).isEqualTo(model.exact(request.get(k)));
        }
        for (int r = 0; r < 6; r++) {
            long s = rnd.nextInt(120) - 5;
            Interval range = Interval.of(s, s + rnd.nextInt(80));
            IntervalStates contained = snap.readContained(range);
            List<Interval> expected = model.contained(range);
            assertThat(intervals(contained)).as("contained %s", range).isEqualTo(expected);
            for (int k = 0; k < expected.size(); k++) {
                assertThat(Reads.asMap(contained, k)).isEqualTo(model.exact(expected.get(k)));
            }
            checkTiling(snap, model, range);
            checkTiling(snap, model, Interval.of(10L * rnd.nextInt(6), 10L * (6 + rnd.nextInt(6))));
        }
    }

    private static void checkTiling(ViewSnapshot snap, SerialModel model, Interval range) {
        List<Interval> tiles = model.tiling(range);
        if (tiles == null) {
            MissingStateException e = catchThrowableOfType(MissingStateException.class, () -> snap.readTiling(range));
            assertThat(e).as("tiling %s should fail", range).isNotNull();
            assertThat(range.contains(e.missing())).isTrue();
            assertThat(e.missing().isEmpty()).isFalse();
            return;
        }
        IntervalStates r = snap.readTiling(range);
        assertThat(intervals(r)).isEqualTo(tiles);
        for (int k = 0; k < tiles.size(); k++) {
            assertThat(Reads.asMap(r, k)).isEqualTo(model.exact(tiles.get(k)));
        }
    }

    private static List<Interval> intervals(IntervalStates r) {
        List<Interval> out = new ArrayList<>();
        for (int i = 0; i < r.intervalCount(); i++) {
            out.add(r.interval(i));
        }
        return out;
    }
}
