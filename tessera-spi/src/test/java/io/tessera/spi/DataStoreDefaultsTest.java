package io.tessera.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A store that implements only the row read still answers every read of the interface: series
 * built from its rows (runs of one label set, across batches, the same instance or not), spans
 * as one wide read, and view reads as missing state.
 */
class DataStoreDefaultsTest {

    private static final ReadContext ALIVE = () -> {};
    private static final Labels A = Labels.of("__name__", "a", "job", "x");
    private static final Labels B = Labels.of("__name__", "b");

    /** Hands the given batches and remembers the requests it was asked. */
    private static final class Rows implements DataStore {
        final List<Batch> batches;
        final List<RawDataRequest> asked = new ArrayList<>();

        Rows(Batch... batches) {
            this.batches = List.of(batches);
        }

        @Override
        public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
            asked.add(request);
            return batches.iterator();
        }
    }

    private static Batch rows(Labels[] labels, long[] ts, double[] values) {
        return new Batch(Schema.TIME_SERIES, ts.length, ts, values, labels);
    }

    private static List<String> series(DataStore store, RawDataRequest request) {
        List<String> out = new ArrayList<>();
        store.readRawSeries(
                Source.TIME_SERIES,
                request,
                ALIVE,
                (labels, ts, values, count) -> out.add(labels + " " + Arrays.toString(Arrays.copyOf(ts, count)) + " "
                        + Arrays.toString(Arrays.copyOf(values, count))));
        return out;
    }

    @Test
    void rowsBecomeOneSeriesPerRunOfALabelSetAcrossBatches() {
        Labels sameAsA = Labels.of("__name__", "a", "job", "x");
        Rows store = new Rows(
                rows(new Labels[] {A, A, sameAsA}, new long[] {1, 2, 3}, new double[] {1, 2, 3}),
                rows(new Labels[] {sameAsA, B}, new long[] {4, 1}, new double[] {4, -1}),
                rows(new Labels[0], new long[0], new double[0]),
                rows(new Labels[] {B}, new long[] {2}, new double[] {-2}));
        RawDataRequest request = new RawDataRequest(new Interval(0, 10), Schema.TIME_SERIES, List.of());

        assertThat(series(store, request))
                .containsExactly(A + " [1, 2, 3, 4] [1.0, 2.0, 3.0, 4.0]", B + " [1, 2] [-1.0, -2.0]");
        assertThat(store.asked).containsExactly(request);
        assertThat(series(new Rows(), request)).isEmpty();
    }

    @Test
    void aSeriesReadIsOfTimeSeriesColumnsOnly() {
        Schema other = Schema.of(new Column("ts", ColumnType.LONG));
        Rows wrongAnswer = new Rows(new Batch(other, 1, new long[] {1}));

        assertThatThrownBy(() -> series(wrongAnswer, new RawDataRequest(null, Schema.TIME_SERIES, List.of())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("instead of");
        assertThatThrownBy(() -> series(new Rows(), new RawDataRequest(null, other, List.of())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("per-series read");
    }

    @Test
    void aCancelledRunStopsTheReadBetweenBatches() {
        Rows store = new Rows(
                rows(new Labels[] {A}, new long[] {1}, new double[] {1}),
                rows(new Labels[] {B}, new long[] {1}, new double[] {1}));
        int[] checks = {0};
        ReadContext cancelledAfterOne = () -> {
            if (++checks[0] > 1) {
                throw new IllegalStateException("cancelled");
            }
        };
        List<Labels> handed = new ArrayList<>();

        assertThatThrownBy(() -> store.readRawSeries(
                        Source.TIME_SERIES,
                        new RawDataRequest(null, Schema.TIME_SERIES, List.of()),
                        cancelledAfterOne,
                        (labels, ts, values, count) -> handed.add(labels)))
                .hasMessage("cancelled");
        assertThat(handed).isEmpty();
    }

    @Test
    void spansAreOneReadFromTheFirstStartToTheLastEnd() {
        Rows store = new Rows(rows(new Labels[] {A, A}, new long[] {5, 50}, new double[] {1, 2}));
        List<LabelMatcher> matchers = List.of(LabelMatcher.equal("job", "x"));
        List<String> handed = new ArrayList<>();

        store.readRawSpans(
                Source.TIME_SERIES,
                matchers,
                List.of(new Interval(0, 10), new Interval(40, 60)),
                ALIVE,
                (labels, ts, values, count) -> handed.add(labels + " " + count));
        store.readRawSpans(Source.TIME_SERIES, matchers, List.of(), ALIVE, (labels, ts, values, count) -> {
            throw new AssertionError("no span, no read");
        });

        assertThat(handed).containsExactly(A + " 2");
        assertThat(store.asked).containsExactly(new RawDataRequest(new Interval(0, 60), Schema.TIME_SERIES, matchers));
    }

    @Test
    void aStoreWithoutViewsHasEveryViewStateMissing() {
        Interval pane = new Interval(0, 60_000);

        assertThatThrownBy(() -> new Rows()
                        .readMaterializedView(
                                new ViewId("d1"), new MaterializedViewRequest(pane, List.of(pane)), ALIVE))
                .isInstanceOf(MissingStateException.class)
                .hasMessageContaining("d1");
    }

    @Test
    void rowConditionsCompareWithLongsDoublesAndStringsOnly() {
        assertThatThrownBy(() -> new RowPredicate.Compare("x", RowPredicate.Comparison.EQ, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RowPredicate.In("x", List.of(1L, 'c')))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new RowPredicate.In("x", List.of(1L, 2.5, "s")).values()).containsExactly(1L, 2.5, "s");
    }
}
