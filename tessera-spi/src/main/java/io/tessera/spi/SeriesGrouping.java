package io.tessera.spi;

import io.tessera.core.Batch;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import java.util.Arrays;
import java.util.Iterator;

/**
 * Rows of {@link Schema#TIME_SERIES} batches handed as series: each run of consecutive rows of
 * one label set (the same instance or an equal one), across batch boundaries too, is one series.
 * Order is left as the rows come; the executor checks it.
 */
final class SeriesGrouping {

    private Labels current;
    private long[] ts = new long[16];
    private double[] values = new double[16];
    private int count;

    private SeriesGrouping() {}

    static void hand(Iterator<Batch> batches, ReadContext context, DataStore.SeriesSink sink) {
        SeriesGrouping grouping = new SeriesGrouping();
        while (batches.hasNext()) {
            context.checkAlive();
            Batch batch = batches.next();
            if (!batch.schema().equals(Schema.TIME_SERIES)) {
                throw new InvalidInputException("the store answered a scan with columns " + batch.schema()
                        + " instead of " + Schema.TIME_SERIES);
            }
            grouping.add(batch, sink);
        }
        grouping.flush(sink);
    }

    private void add(Batch batch, DataStore.SeriesSink sink) {
        long[] rowTs = batch.longs(0);
        double[] rowValues = batch.doubles(1);
        Labels[] rowLabels = batch.labels(2);
        int rows = batch.rowCount();
        int from = 0;
        while (from < rows) {
            Labels labels = rowLabels[from];
            int to = from + 1;
            while (to < rows && rowLabels[to] == labels) {
                to++;
            }
            if (labels != current && (current == null || !labels.equals(current))) {
                flush(sink);
                current = labels;
            }
            append(rowTs, rowValues, from, to);
            from = to;
        }
    }

    private void append(long[] rowTs, double[] rowValues, int from, int to) {
        int length = to - from;
        if (count + length > ts.length) {
            int capacity = Math.max(ts.length * 2, count + length);
            ts = Arrays.copyOf(ts, capacity);
            values = Arrays.copyOf(values, capacity);
        }
        System.arraycopy(rowTs, from, ts, count, length);
        System.arraycopy(rowValues, from, values, count, length);
        count += length;
    }

    /** Hands the series collected so far, if any, and starts new arrays: the sink keeps these. */
    private void flush(DataStore.SeriesSink sink) {
        if (current == null) {
            return;
        }
        sink.series(current, ts, values, count);
        current = null;
        ts = new long[16];
        values = new double[16];
        count = 0;
    }
}
