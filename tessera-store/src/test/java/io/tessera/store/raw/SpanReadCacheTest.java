package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A span read asked again is answered from the first only while no write came in between. */
class SpanReadCacheTest {

    private static final List<LabelMatcher> M = List.of(LabelMatcher.equal("__name__", "m"));
    private static final Interval[] SPANS = {new Interval(1_000, 5_000), new Interval(50_000, 60_000)};

    /** What one read handed: each series' samples as text, and the arrays it was handed in. */
    private record Read(Map<String, String> samples, List<long[]> arrays) {}

    private static Read read(RawStore store, Interval[] spans) {
        Map<String, String> samples = new TreeMap<>();
        List<long[]> arrays = new ArrayList<>();
        store.readSpans(M, spans, new DataStore.SeriesSink() {
            @Override
            public void series(Labels labels, long[] ts, double[] values, int count) {
                seriesRange(labels, ts, values, 0, count);
            }

            @Override
            public void seriesRange(Labels labels, long[] ts, double[] values, int from, int count) {
                StringBuilder s = new StringBuilder();
                for (int i = from; i < from + count; i++) {
                    s.append(ts[i]).append('=').append(values[i]).append(' ');
                }
                samples.put(labels.toString(), s.toString());
                arrays.add(ts);
            }
        });
        return new Read(samples, arrays);
    }

    private static void write(RawStore store, String instance, long from, long to, long step) {
        AppendRequest.Builder b = AppendRequest.builder().series(Labels.of("__name__", "m", "instance", instance));
        for (long t = from; t <= to; t += step) {
            b.sample(t, t / 1000.0);
        }
        store.append(b.build());
    }

    private static RawStore store() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withRetention(3_600_000));
        for (int i = 0; i < 20; i++) {
            write(store, "i" + i, 1_000 + i, 100_000, 1_000);
        }
        return store;
    }

    @Test
    void theSameReadWithNoWriteBetweenIsHandedTheFirstReadsArrays() {
        RawStore store = store();
        Read first = read(store, SPANS);
        long reusedBefore = store.spanReadsReused();
        Read again = read(store, SPANS);

        assertThat(store.spanReadsReused()).isEqualTo(reusedBefore + 1);
        assertThat(again.samples()).isEqualTo(first.samples()).hasSize(20);
        assertThat(again.arrays()).hasSameSizeAs(first.arrays());
        for (int i = 0; i < first.arrays().size(); i++) {
            assertThat(again.arrays().get(i)).isSameAs(first.arrays().get(i));
        }
        Read chunks = new Read(new TreeMap<>(), new ArrayList<>());
        store.readSpansFromChunks(M, SPANS, (l, t, v, n) -> {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < n; i++) {
                s.append(t[i]).append('=').append(v[i]).append(' ');
            }
            chunks.samples().put(l.toString(), s.toString());
        });
        assertThat(first.samples()).isEqualTo(chunks.samples());
    }

    @Test
    void aSeriesWrittenIntoTheSpansAfterTheFirstReadIsInTheNext() {
        RawStore store = store();
        Read before = read(store, SPANS);
        write(store, "late", 2_000, 3_000, 1_000);

        Read after = read(store, SPANS);

        assertThat(before.samples()).doesNotContainKey("{__name__=\"m\", instance=\"late\"}");
        assertThat(after.samples()).hasSize(21);
        assertThat(after.samples().keySet()).anyMatch(k -> k.contains("late"));
        assertThat(after.samples().values().stream().filter(s -> s.equals("2000=2.0 3000=3.0 ")))
                .hasSize(1);
    }

    @Test
    void retentionDroppingTheSpansIsSeenByTheNextRead() {
        RawStore store =
                new RawStore(RawStoreConfig.defaults().withRetention(10_000).withChunking(8, 3_600_000));
        for (int i = 0; i < 5; i++) {
            write(store, "i" + i, 1_000, 100_000, 1_000);
        }
        assertThat(read(store, SPANS).samples()).hasSize(5);

        store.applyRetention(100_000);

        assertThat(read(store, SPANS).samples()).isEmpty();
    }

    @Test
    void aReadLargerThanAnEntryIsHandedWholeAndStillRight() {
        RawStore store = new RawStore();
        int series = 4 * SpanReadCache.MAX_SAMPLES / 1_000;
        for (int i = 0; i < series; i++) {
            write(store, "i" + i, 1, 1_000, 1);
        }
        Interval[] all = {new Interval(0, 1_000)};

        Read first = read(store, all);
        Read again = read(store, all);

        assertThat(first.samples()).hasSize(series);
        assertThat(again.samples()).isEqualTo(first.samples());
        assertThat(first.samples().values()).allMatch(s -> s.split(" ").length == 1_000);
    }
}
