package io.tessera.ingest.remote;

import io.tessera.ingest.InvalidSeriesException;
import io.tessera.ingest.WriteBatchBuilder;
import java.util.Arrays;

/** The label pairs of the series being decoded, in the order they came; reused from series to series. */
final class SeriesLabels {

    private String[] names = new String[16];
    private String[] values = new String[16];
    private int count;
    /** Whether a name or value of this series was not UTF-8, and the first such pair's name (null when the name was the bad one). */
    private boolean invalidUtf8;

    private String invalidUtf8Label;

    /** Starts the next series. */
    void clear() {
        count = 0;
        invalidUtf8 = false;
        invalidUtf8Label = null;
    }

    /** Adds a pair; a null name or value stands for one that is not UTF-8, kept as U+FFFD. */
    void add(String name, String value) {
        if ((name == null || value == null) && !invalidUtf8) {
            invalidUtf8 = true;
            invalidUtf8Label = name;
        }
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            values = Arrays.copyOf(values, count * 2);
        }
        names[count] = name == null ? "\uFFFD" : name;
        values[count] = value == null ? "\uFFFD" : value;
        count++;
    }

    /** Ends the series in {@code batch}; a series with a pair that is not UTF-8 is rejected instead. */
    void endSeries(WriteBatchBuilder batch) {
        if (invalidUtf8) {
            throw InvalidSeriesException.of(
                    InvalidSeriesException.Problem.INVALID_UTF8,
                    batch.seriesCount(),
                    names,
                    values,
                    count,
                    invalidUtf8Label);
        }
        batch.endSeries(names, values, count);
    }
}
