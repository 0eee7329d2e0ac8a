package io.tessera.store.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** States of fixed-width families are kept as words; what a read returns must serialize as what was stored. */
class StateColumnTest {

    private static final long PANE = 15_000;

    @Test
    void counterStatesReadBackEqualFromMutableAndSealedEpochsAndFromOlderSnapshots() {
        ViewStore v = new SummaryStore(new SummaryStoreConfig(50, false)).view("counters");
        SplittableRandom rnd = new SplittableRandom(11);
        Map<String, byte[]> model = new HashMap<>();
        List<ViewSnapshot> snapshots = new ArrayList<>();
        List<Map<String, byte[]>> modelsThen = new ArrayList<>();
        for (int pane = 0; pane < 40; pane++) {
            StateBatch batch = new StateBatch();
            for (int g = 0; g < 7; g++) {
                if (rnd.nextInt(5) == 0) {
                    continue;
                }
                CounterState s = new CounterState();
                double level = rnd.nextDouble() * 1e6;
                for (int i = 0; i < 1 + rnd.nextInt(6); i++) {
                    level = rnd.nextInt(8) == 0 ? rnd.nextDouble() : level + rnd.nextDouble() * 100;
                    s.update(pane * PANE + 1 + i * 2_000L, level);
                }
                batch.add(group(g), interval(pane), s);
                model.put(key(g, pane), s.serialize());
            }
            v.insertBatch(batch);
            if (pane % 9 == 4) {
                snapshots.add(v.snapshot());
                modelsThen.add(new HashMap<>(model));
            }
        }
        assertThat(v.snapshot().sealedEpochCount()).isGreaterThan(2);
        assertReads(v.snapshot(), model, 40);
        for (int i = 0; i < snapshots.size(); i++) {
            assertReads(snapshots.get(i), modelsThen.get(i), 40);
        }
    }

    @Test
    void aViewWhoseFamiliesChangeKeepsEveryStateItHeldBefore() {
        ViewStore v = new SummaryStore(new SummaryStoreConfig(1_000, false)).view("mixed");
        Map<String, byte[]> model = new HashMap<>();
        for (int pane = 0; pane < 6; pane++) {
            for (int g = 0; g < 3; g++) {
                State s = pane == 3 && g == 1 ? new KllState(16) : new SumState();
                s.update(pane * PANE + 1, pane * 10.0 + g);
                s.update(pane * PANE + 2, 0.1 * g);
                v.insert(group(g), interval(pane), s);
                model.put(key(g, pane), s.serialize());
            }
            if (pane == 2) {
                ViewSnapshot before = v.snapshot();
                Map<String, byte[]> modelBefore = new HashMap<>(model);
                v.insert(group(9), interval(100), new KllState(16));
                model.put(key(9, 100), new KllState(16).serialize());
                assertReads(before, modelBefore, 3);
            }
        }
        assertReads(v.snapshot(), model, 101);
    }

    @Test
    void kllStatesKeepTheirValuesAsWordsAndTheirSketchesAsObjects() {
        ViewStore v = new SummaryStore(new SummaryStoreConfig(40, false)).view("quantiles");
        SplittableRandom rnd = new SplittableRandom(5);
        Map<String, byte[]> model = new HashMap<>();
        ViewSnapshot early = null;
        Map<String, byte[]> modelEarly = null;
        for (int pane = 0; pane < 30; pane++) {
            StateBatch batch = new StateBatch();
            for (int g = 0; g < 5; g++) {
                KllState s = new KllState(16);
                // mostly a few values; now and then more than k, so the state builds its sketch; now and then none
                int n = rnd.nextInt(10) == 0 ? 17 + rnd.nextInt(40) : rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(16);
                for (int i = 0; i < n; i++) {
                    s.update(
                            pane * PANE + 1 + i,
                            rnd.nextInt(20) == 0 ? Double.NEGATIVE_INFINITY : rnd.nextGaussian() * 1e3);
                }
                batch.add(group(g), interval(pane), s);
                model.put(key(g, pane), s.serialize());
            }
            v.insertBatch(batch);
            if (pane == 12) {
                early = v.snapshot();
                modelEarly = new HashMap<>(model);
            }
        }
        assertThat(v.snapshot().sealedEpochCount()).isGreaterThan(2);
        assertReads(v.snapshot(), model, 30);
        assertReads(early, modelEarly, 30);
    }

    @Test
    void kllStatesWithNaNSamplesReadBackWithTheirNaNCount() {
        ViewStore v = new SummaryStore(new SummaryStoreConfig(40, false)).view("quantiles with NaN");
        SplittableRandom rnd = new SplittableRandom(17);
        Map<String, byte[]> model = new HashMap<>();
        Map<String, Boolean> lowestIsNaN = new HashMap<>();
        for (int pane = 0; pane < 30; pane++) {
            StateBatch batch = new StateBatch();
            for (int g = 0; g < 5; g++) {
                KllState s = new KllState(16);
                // a few values or more than k, each now and then a NaN (or only NaN), now and then a stale marker
                int n = rnd.nextInt(8) == 0 ? 17 + rnd.nextInt(40) : rnd.nextInt(12);
                boolean nan = false;
                for (int i = 0; i < n; i++) {
                    int kind = rnd.nextInt(g == 4 ? 1 : 6);
                    double value = kind == 0
                            ? Double.NaN
                            : kind == 1 ? io.tessera.core.StaleMarker.VALUE : rnd.nextGaussian() * 1e3;
                    nan |= kind == 0;
                    s.update(pane * PANE + 1 + i, value);
                }
                batch.add(group(g), interval(pane), s);
                model.put(key(g, pane), s.serialize());
                lowestIsNaN.put(key(g, pane), nan);
            }
            v.insertBatch(batch);
        }
        assertThat(v.snapshot().sealedEpochCount()).isGreaterThan(2);
        assertReads(v.snapshot(), model, 30);
        List<Interval> all = new ArrayList<>();
        for (int pane = 0; pane < 30; pane++) {
            all.add(interval(pane));
        }
        IntervalStates read = v.snapshot().readExactBatch(all);
        for (int pane = 0; pane < 30; pane++) {
            int p = pane;
            read.forEach(pane, (groupId, state) -> {
                String key = key(read.group(groupId), p);
                // NaN samples rank first: the 0-quantile of a pane with one is NaN
                assertThat(Double.isNaN(((KllState) state).quantile(0)))
                        .as(key)
                        .isEqualTo(lowestIsNaN.get(key) || state.isEmpty());
            });
        }
    }

    @Test
    void aViewsMemoryIsWhatItStoresNowNotWhatItEverBuilt() {
        ViewStore v = new SummaryStore(new SummaryStoreConfig(1_000, false)).view("memory");
        long empty = v.snapshot().memoryBytes();
        int panes = 50;
        int groups = 100;
        for (int pane = 0; pane < panes; pane++) {
            StateBatch batch = new StateBatch();
            for (int g = 0; g < groups; g++) {
                CounterState s = new CounterState();
                s.update(pane * PANE + 1, g);
                s.update(pane * PANE + 2, g + 1.0);
                batch.add(group(g), interval(pane), s);
            }
            v.insertBatch(batch);
        }
        long full = v.snapshot().memoryBytes() - empty;
        // seven words and a group id per state, the epochs' arrays filled, the last one partly
        long perState = 7 * 8 + 4;
        assertThat(full).isBetween(panes * groups * perState, panes * groups * perState * 2);
        // the last sealed epoch (panes 40 to 49) ends after the cut-off and stays
        v.evictEpochsEndingBefore(interval(panes - 1).start());
        assertThat(v.snapshot().stateCount()).isEqualTo(1_000);
        long kept = v.snapshot().memoryBytes() - empty;
        assertThat(kept).isBetween(1_000 * perState, full / 3);
    }

    private static void assertReads(ViewSnapshot snap, Map<String, byte[]> model, int panes) {
        List<Interval> all = new ArrayList<>();
        for (int pane = 0; pane < panes; pane++) {
            all.add(interval(pane));
        }
        IntervalStates read = snap.readExactBatch(all);
        Map<String, byte[]> found = new HashMap<>();
        for (int pane = 0; pane < panes; pane++) {
            int p = pane;
            read.forEach(pane, (groupId, state) -> found.put(key(read.group(groupId), p), state.serialize()));
        }
        assertThat(found.keySet()).isEqualTo(model.keySet());
        for (Map.Entry<String, byte[]> e : model.entrySet()) {
            assertThat(Arrays.equals(found.get(e.getKey()), e.getValue()))
                    .as(e.getKey())
                    .isTrue();
        }
    }

    private static Labels group(int g) {
        return Labels.of("instance", "i" + g);
    }

    private static Interval interval(int pane) {
        return Interval.of(pane * PANE, (pane + 1) * PANE);
    }

    private static String key(int g, int pane) {
        return key(group(g), pane);
    }

    private static String key(Labels group, int pane) {
        return group + "@" + pane;
    }
}
