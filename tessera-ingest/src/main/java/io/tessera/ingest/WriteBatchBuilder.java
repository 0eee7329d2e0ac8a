package io.tessera.ingest;

import static io.tessera.ingest.InvalidSeriesException.Problem.DUPLICATE_LABEL_NAME;
import static io.tessera.ingest.InvalidSeriesException.Problem.EMPTY_LABEL_SET;
import static io.tessera.ingest.InvalidSeriesException.Problem.INVALID_LABEL_NAME;
import static io.tessera.ingest.InvalidSeriesException.Problem.INVALID_METRIC_NAME;
import static io.tessera.ingest.InvalidSeriesException.Problem.MISSING_METRIC_NAME;

import io.tessera.core.Labels;
import io.tessera.core.LabelsInterner;
import java.util.Arrays;

/**
 * Builds a {@link WriteBatch} series by series: add the samples of the open series with
 * {@link #addSample}, then close it with its labels via {@link #endSeries}, which validates them.
 * Sample columns grow geometrically; nothing is allocated per sample. One builder builds one
 * batch and is not thread-safe.
 */
public final class WriteBatchBuilder {

    private final NameValidation validation;
    private final LabelsInterner interner;

    private Labels[] labels;
    private int[] seriesStart;
    private int seriesCount;
    private long[] timestamps;
    private double[] values;
    private int sampleCount;
    private int exemplarCount;
    private int histogramCount;
    private int metadataCount;
    private boolean built;

    public WriteBatchBuilder(NameValidation validation) {
        this(validation, null, 16, 64);
    }

    /**
     * @param interner shares equal label sets across batches, or null
     * @param expectedSeries,expectedSamples initial capacities
     */
    public WriteBatchBuilder(
            NameValidation validation, LabelsInterner interner, int expectedSeries, int expectedSamples) {
        this.validation = validation;
        this.interner = interner;
        this.labels = new Labels[Math.max(1, expectedSeries)];
        this.seriesStart = new int[Math.max(1, expectedSeries) + 1];
        this.timestamps = new long[Math.max(1, expectedSamples)];
        this.values = new double[Math.max(1, expectedSamples)];
    }

    /** Makes room for at least this many series and samples in total, to avoid regrowing. */
    public void ensureCapacity(int series, int samples) {
        if (series > labels.length) {
            labels = Arrays.copyOf(labels, series);
            seriesStart = Arrays.copyOf(seriesStart, series + 1);
        }
        if (samples > timestamps.length) {
            timestamps = Arrays.copyOf(timestamps, samples);
            values = Arrays.copyOf(values, samples);
        }
    }

    /** Index the next series will have. */
    public int seriesCount() {
        return seriesCount;
    }

    /** Appends a sample to the open series. */
    public void addSample(long timestampMs, double value) {
        if (sampleCount == timestamps.length) {
            int capacity = grow(timestamps.length);
            timestamps = Arrays.copyOf(timestamps, capacity);
            values = Arrays.copyOf(values, capacity);
        }
        timestamps[sampleCount] = timestampMs;
        values[sampleCount] = value;
        sampleCount++;
    }

    /**
     * Closes the open series with the first {@code n} entries of {@code names}/{@code values}
     * as its labels, after validating them; this call may reorder both arrays. Empty values
     * are dropped, as in Prometheus.
     *
     * @throws InvalidSeriesException if the label set is empty, has a duplicate or invalid
     *     name, or lacks a valid metric name
     */
    public void endSeries(String[] names, String[] values, int n) {
        checkOpen();
        if (n == 0) {
            throw InvalidSeriesException.of(EMPTY_LABEL_SET, seriesCount, names, values, 0, null);
        }
        sortByName(names, values, n);
        String metricName = null;
        for (int i = 0; i < n; i++) {
            String name = names[i];
            if (i > 0 && name.equals(names[i - 1])) {
                throw InvalidSeriesException.of(DUPLICATE_LABEL_NAME, seriesCount, names, values, n, name);
            }
            if (name.equals(Labels.METRIC_NAME)) {
                metricName = values[i];
            } else if (!LabelNames.isValidLabelName(name, validation)) {
                throw InvalidSeriesException.of(INVALID_LABEL_NAME, seriesCount, names, values, n, name);
            }
        }
        checkMetricName(metricName, names, values, n);
        close(Labels.fromArrays(names, values, n));
    }

    /**
     * Closes the open series with {@code labels}, after validating them.
     *
     * @throws InvalidSeriesException if the label set is empty, has an invalid name, or lacks a
     *     valid metric name
     */
    public void endSeries(Labels labels) {
        checkOpen();
        int n = labels.size();
        if (n == 0) {
            throw InvalidSeriesException.of(EMPTY_LABEL_SET, seriesCount, new String[0], new String[0], 0, null);
        }
        for (int i = 0; i < n; i++) {
            String name = labels.name(i);
            if (!name.equals(Labels.METRIC_NAME) && !LabelNames.isValidLabelName(name, validation)) {
                throw invalid(INVALID_LABEL_NAME, labels, name);
            }
        }
        String metricName = labels.metricName();
        if (metricName.isEmpty()) {
            throw invalid(MISSING_METRIC_NAME, labels, null);
        }
        if (!LabelNames.isValidMetricName(metricName, validation)) {
            throw invalid(INVALID_METRIC_NAME, labels, metricName);
        }
        close(labels);
    }

    public void addExemplars(int n) {
        exemplarCount = Math.addExact(exemplarCount, n);
    }

    public void addHistograms(int n) {
        histogramCount = Math.addExact(histogramCount, n);
    }

    public void addMetadata(int n) {
        metadataCount = Math.addExact(metadataCount, n);
    }

    /**
     * The batch of all closed series. Samples added after the last {@link #endSeries} belong
     * to no series and are dropped. The builder cannot be used afterwards.
     */
    public WriteBatch build() {
        checkOpen();
        built = true;
        return new WriteBatch(
                labels,
                seriesStart,
                seriesCount,
                timestamps,
                values,
                new SkippedCounts(exemplarCount, histogramCount, metadataCount));
    }

    private void checkMetricName(String metricName, String[] names, String[] values, int n) {
        if (metricName == null || metricName.isEmpty()) {
            throw InvalidSeriesException.of(MISSING_METRIC_NAME, seriesCount, names, values, n, null);
        }
        if (!LabelNames.isValidMetricName(metricName, validation)) {
            throw InvalidSeriesException.of(INVALID_METRIC_NAME, seriesCount, names, values, n, metricName);
        }
    }

    private InvalidSeriesException invalid(InvalidSeriesException.Problem problem, Labels ls, String name) {
        int n = ls.size();
        String[] names = new String[n];
        String[] vals = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = ls.name(i);
            vals[i] = ls.value(i);
        }
        return InvalidSeriesException.of(problem, seriesCount, names, vals, n, name);
    }

    private void close(Labels ls) {
        if (seriesCount == labels.length) {
            int capacity = grow(labels.length);
            labels = Arrays.copyOf(labels, capacity);
            seriesStart = Arrays.copyOf(seriesStart, capacity + 1);
        }
        labels[seriesCount] = interner == null ? ls : interner.intern(ls);
        seriesCount++;
        seriesStart[seriesCount] = sampleCount;
    }

    private void checkOpen() {
        if (built) {
            throw new IllegalStateException("this builder has already built its batch");
        }
    }

    private static int grow(int capacity) {
        if (capacity >= Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("write batch is full");
        }
        return (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(16L, capacity * 2L));
    }

    /** Shell sort on the parallel arrays: in place, fast for the few labels of a series, never quadratic. */
    private static void sortByName(String[] names, String[] values, int n) {
        for (int gap = n / 2; gap > 0; gap = gap == 2 ? 1 : gap * 5 / 11) {
            for (int i = gap; i < n; i++) {
                String name = names[i];
                String value = values[i];
                int j = i;
                while (j >= gap && names[j - gap].compareTo(name) > 0) {
                    names[j] = names[j - gap];
                    values[j] = values[j - gap];
                    j -= gap;
                }
                names[j] = name;
                values[j] = value;
            }
        }
    }
}
