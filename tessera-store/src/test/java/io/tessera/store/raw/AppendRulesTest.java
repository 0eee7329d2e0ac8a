package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.core.StaleMarker;
import io.tessera.store.raw.SampleRejectedException.Reason;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class AppendRulesTest {

    private static final Labels A = Labels.of("__name__", "a");
    private static final Labels B = Labels.of("__name__", "b");

    private static AppendRequest one(Labels labels, long... timesAndValues) {
        AppendRequest.Builder b = AppendRequest.builder().series(labels);
        for (int i = 0; i < timesAndValues.length; i += 2) {
            b.sample(timesAndValues[i], timesAndValues[i + 1]);
        }
        return b.build();
    }

    private static TreeMap<Long, Long> samplesOf(RawStore store, Labels labels) {
        return StoreDump.asModel(store).get(labels);
    }

    @Test
    void withoutAWindowOlderSamplesAreOutOfOrder() {
        RawStore store = new RawStore();
        store.append(one(A, 100, 1, 200, 2));
        SampleRejectedException e =
                catchThrowableOfType(SampleRejectedException.class, () -> store.append(one(A, 150, 3)));
        assertThat(e.sample().reason()).isEqualTo(Reason.OUT_OF_ORDER);
        assertThat(e.getMessage()).startsWith("out of order sample");
        assertThat(e.sample().series()).isEqualTo(A);
        assertThat(e.sample().timestamp()).isEqualTo(150);
        assertThat(e.sample().seriesIndex()).isZero();
    }

    @Test
    void samplesWithinTheWindowAreMergedInOrderAcrossChunks() {
        RawStore store = new RawStore(
                RawStoreConfig.defaults().withOutOfOrderWindow(1000).withChunking(4, 1L << 40));
        for (long t = 1000; t <= 2000; t += 100) {
            store.append(one(A, t, t));
        }
        store.append(one(A, 1050, 1, 1950, 2, 1450, 3, 1001, 4, 2050, 5, 2001, 6));
        TreeMap<Long, Long> expected = new TreeMap<>();
        for (long t = 1000; t <= 2000; t += 100) {
            expected.put(t, Double.doubleToRawLongBits(t));
        }
        long[][] added = {{1050, 1}, {1950, 2}, {1450, 3}, {1001, 4}, {2050, 5}, {2001, 6}};
        for (long[] s : added) {
            expected.put(s[0], Double.doubleToRawLongBits(s[1]));
        }
        assertThat(samplesOf(store, A)).isEqualTo(expected);
        assertThat(store.stats().sampleCount()).isEqualTo(expected.size());
        assertThatThrownBy(() -> store.append(one(A, 1049, 0)))
                .isInstanceOf(SampleRejectedException.class)
                .hasMessageStartingWith("out of order sample");
        assertThat(store.append(one(A, 1050, 1, 1050, 1))).isEqualTo(new AppendResult(0, 2, 0));
        assertThat(samplesOf(store, A)).isEqualTo(expected);
    }

    @Test
    void theWindowIsJudgedAgainstTheNewestSampleSoFarInTheRequest() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withOutOfOrderWindow(60));
        store.append(one(A, 90, 0));
        store.append(one(A, 100, 1, 50, 2, 110, 3));
        assertThat(samplesOf(store, A).keySet()).containsExactly(50L, 90L, 100L, 110L);
        assertThatThrownBy(() -> store.append(one(A, 200, 1, 139, 2))).hasMessageStartingWith("out of order sample");
        assertThat(samplesOf(store, A).keySet()).containsExactly(50L, 90L, 100L, 110L);
    }

    @Test
    void repeatedSamplesAreIgnoredWhenBitEqualAndRejectedOtherwise() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withOutOfOrderWindow(100));
        store.append(AppendRequest.builder()
                .series(A)
                .sample(10, Double.NaN)
                .sample(20, StaleMarker.VALUE)
                .sample(30, -0.0)
                .build());
        AppendResult same = store.append(AppendRequest.builder()
                .series(A)
                .sample(10, Double.NaN)
                .sample(20, StaleMarker.VALUE)
                .sample(30, -0.0)
                .sample(30, -0.0)
                .build());
        assertThat(same).isEqualTo(new AppendResult(0, 4, 0));
        for (double other : new double[] {0.0, Double.longBitsToDouble(0x7ff8000000000001L), StaleMarker.VALUE}) {
            assertThatThrownBy(() -> store.append(
                            AppendRequest.builder().series(A).sample(30, other).build()))
                    .isInstanceOfSatisfying(
                            SampleRejectedException.class,
                            e -> assertThat(e.sample().reason()).isEqualTo(Reason.DUPLICATE))
                    .hasMessageStartingWith("duplicate sample for timestamp");
        }
        assertThatThrownBy(() -> store.append(AppendRequest.builder()
                        .series(A)
                        .sample(10, StaleMarker.VALUE)
                        .build()))
                .hasMessageStartingWith("duplicate sample for timestamp");
        assertThatThrownBy(() -> store.append(AppendRequest.builder()
                        .series(B)
                        .sample(5, 1)
                        .sample(5, 2)
                        .build()))
                .hasMessageStartingWith("duplicate sample for timestamp");
        assertThat(store.stats().seriesCount()).isEqualTo(1);
    }

    @Test
    void staleMarkersAndNaNPayloadsReadBackBitExact() {
        RawStore store = new RawStore();
        double otherNaN = Double.longBitsToDouble(0x7ff8000000000abcL);
        store.append(AppendRequest.builder()
                .series(A)
                .sample(10, 1)
                .sample(20, StaleMarker.VALUE)
                .sample(30, otherNaN)
                .sample(40, Double.NaN)
                .build());
        List<Batch> batches =
                store.read(List.of(LabelMatcher.equal("__name__", "a")), Interval.of(0, 40), Schema.TIME_SERIES);
        double[] values = batches.getFirst().doubles(1);
        assertThat(StaleMarker.isStale(values[1])).isTrue();
        assertThat(Double.doubleToRawLongBits(values[2])).isEqualTo(0x7ff8000000000abcL);
        assertThat(StaleMarker.isStale(values[3])).isFalse();
    }

    @Test
    void aRejectedRequestLeavesNoTrace() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withChunking(3, 1000));
        store.append(AppendRequest.builder()
                .series(A)
                .sample(10, 1)
                .sample(20, 2)
                .series(B)
                .sample(10, 1)
                .build());
        String before = StoreDump.full(store);
        Labels fresh = Labels.of("__name__", "fresh");
        AppendRequest bad = AppendRequest.builder()
                .series(fresh)
                .sample(1, 1)
                .sample(2, 2)
                .series(A)
                .sample(30, 3)
                .sample(40, 4)
                .sample(50, 5)
                .sample(60, 6)
                .series(B)
                .sample(20, 1)
                .sample(5, 1)
                .build();
        SampleRejectedException e = catchThrowableOfType(SampleRejectedException.class, () -> store.append(bad));
        assertThat(e.sample().seriesIndex()).isEqualTo(2);
        assertThat(e.sample().timestamp()).isEqualTo(5);
        assertThat(StoreDump.full(store)).isEqualTo(before);
        assertThat(store.series(List.of(LabelMatcher.equal("__name__", "fresh")), RawStore.ALL_TIME))
                .isEmpty();
        assertThat(store.labelValues("__name__", List.of(), RawStore.ALL_TIME)).containsExactly("a", "b");
    }

    @Test
    void theFirstOffendingSampleInRequestOrderIsReported() {
        RawStore store = new RawStore();
        AppendRequest bad = AppendRequest.builder()
                .series(A)
                .sample(10, 1)
                .series(B)
                .sample(10, 1)
                .sample(10, 2)
                .series(A)
                .sample(5, 1)
                .build();
        SampleRejectedException e = catchThrowableOfType(SampleRejectedException.class, () -> store.append(bad));
        assertThat(e.sample().seriesIndex()).isEqualTo(1);
        assertThat(e.sample().reason()).isEqualTo(Reason.DUPLICATE);
    }

    @Test
    void malformedRequestsAreRejected() {
        Labels[] one = {A};
        assertThatThrownBy(() -> new AppendRequest(one, new int[] {0}, new long[0], new double[0]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("sample offsets");
        assertThatThrownBy(() -> new AppendRequest(one, new int[] {0, 2}, new long[1], new double[1]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("offsets must run");
        assertThatThrownBy(() -> new AppendRequest(one, new int[] {0, 1}, new long[1], new double[2]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("values");
        assertThatThrownBy(
                        () -> new AppendRequest(new Labels[] {A, B}, new int[] {0, 2, 1}, new long[1], new double[1]))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() ->
                        new AppendRequest(new Labels[] {Labels.EMPTY}, new int[] {0, 1}, new long[1], new double[1]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("no labels");
        RawStore store = new RawStore();
        assertThatThrownBy(() -> store.append(one(A, Long.MIN_VALUE, 1)))
                .isInstanceOfSatisfying(
                        SampleRejectedException.class,
                        e -> assertThat(e.sample().reason()).isEqualTo(Reason.OUT_OF_BOUNDS));
        assertThat(store.append(new AppendRequest(one, new int[] {0, 0}, new long[0], new double[0])))
                .isEqualTo(new AppendResult(0, 0, 0));
        assertThat(store.stats().seriesCount()).isZero();
    }

    @Test
    void readsHonourHalfOpenRangesAndTheWantedColumns() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withChunking(2, 1000));
        store.append(one(A, 10, 1, 20, 2, 30, 3, 40, 4));
        List<LabelMatcher> a = List.of(LabelMatcher.equal("__name__", "a"));
        Schema tsOnly = Schema.of(Schema.TIME_SERIES.column(0));
        assertThat(store.read(a, Interval.of(10, 30), tsOnly).getFirst().longs(0))
                .startsWith(20, 30);
        assertThat(store.read(a, Interval.of(10, 30), tsOnly).getFirst().rowCount())
                .isEqualTo(2);
        assertThat(store.read(a, Interval.of(40, 100), tsOnly)).isEmpty();
        assertThat(store.read(a, Interval.of(20, 20), tsOnly)).isEmpty();
        assertThat(store.read(a, Interval.of(0, 10), tsOnly).getFirst().rowCount())
                .isEqualTo(1);
        assertThatThrownBy(() -> store.read(
                        a,
                        RawStore.ALL_TIME,
                        Schema.of(new io.tessera.core.Column("x", io.tessera.core.ColumnType.LONG))))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("no column \"x\"");
    }
}
