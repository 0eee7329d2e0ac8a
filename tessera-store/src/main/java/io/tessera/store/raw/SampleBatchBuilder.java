package io.tessera.store.raw;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import java.util.Arrays;

/**
 * Fills columnar batches of at most {@code maxRows} rows from a {@link SeriesCursor}, with
 * exactly the wanted columns among {@code ts}, {@code value} and {@code labels}, in the wanted
 * order. Every built batch owns fresh arrays.
 */
public final class SampleBatchBuilder {

    private final Schema schema;
    private final int maxRows;
    private final int tsColumn;
    private final int valueColumn;
    private final int labelsColumn;
    private long[] times;
    private double[] values;
    private Labels[] labels;
    private int rows;
    private boolean seriesOpen;

    public SampleBatchBuilder(Schema wanted, int maxRows) {
        if (maxRows <= 0) {
            throw new InvalidInputException("batch rows must be positive: " + maxRows);
        }
        for (Column c : wanted.columns()) {
            ColumnType expected = switch (c.name()) {
                case Schema.TS -> ColumnType.LONG;
                case Schema.VALUE -> ColumnType.DOUBLE;
                case Schema.LABELS -> ColumnType.LABELS;
                default ->
                    throw new InvalidInputException(
                            "raw series have columns ts, value and labels; there is no column \"" + c.name() + "\"");
            };
            if (c.type() != expected) {
                throw new InvalidInputException("raw column " + c.name() + " is " + expected + ", not " + c.type());
            }
        }
        this.schema = wanted;
        this.maxRows = maxRows;
        this.tsColumn = wanted.indexOf(Schema.TS);
        this.valueColumn = wanted.indexOf(Schema.VALUE);
        this.labelsColumn = wanted.indexOf(Schema.LABELS);
        allocate();
    }

    /** Fresh arrays for the columns handed off; unwanted columns keep their scratch arrays. */
    private void allocate() {
        times = times == null || tsColumn >= 0 ? new long[maxRows] : times;
        values = values == null || valueColumn >= 0 ? new double[maxRows] : values;
        labels = labelsColumn >= 0 ? new Labels[maxRows] : null;
        rows = 0;
    }

    /** Adds rows until the batch is full (true) or the cursor is exhausted (false). */
    public boolean fill(SeriesCursor cursor) {
        while (rows < maxRows) {
            if (!seriesOpen) {
                seriesOpen = cursor.nextSeries();
                if (!seriesOpen) {
                    return false;
                }
            }
            int n = cursor.nextSamples(times, values, rows, maxRows - rows);
            if (n == 0) {
                seriesOpen = false;
                continue;
            }
            if (labels != null) {
                Arrays.fill(labels, rows, rows + n, cursor.labels());
            }
            rows += n;
        }
        return true;
    }

    public int rowCount() {
        return rows;
    }

    /** The rows so far as a batch; the builder starts a new one. */
    public Batch build() {
        Object[] columns = new Object[schema.size()];
        if (tsColumn >= 0) {
            columns[tsColumn] = times;
        }
        if (valueColumn >= 0) {
            columns[valueColumn] = values;
        }
        if (labelsColumn >= 0) {
            columns[labelsColumn] = labels;
        }
        Batch batch = new Batch(schema, rows, columns);
        allocate();
        return batch;
    }
}
