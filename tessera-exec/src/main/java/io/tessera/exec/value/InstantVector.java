package io.tessera.exec.value;

import io.tessera.core.Labels;
import io.tessera.spi.LabelsTable;
import java.util.Arrays;

/**
 * An instant vector over a step grid, dense: for each series a value per step and a bit saying
 * whether the series has a point there. {@code sampleTs}, when present, holds each point's
 * sample timestamp (what {@code timestamp()} returns) as a selector found it. A vector of one
 * step keeps every series' value in one array and their bits in one bitset, so that an instant
 * answer of many series is not two small arrays per series.
 */
public final class InstantVector implements Value {

    private final StepGrid grid;
    private Labels[] labels;
    private double[][] values;
    private long[][] present;
    /** For one step: series s's value and its bit s. */
    private final boolean oneStep;

    private double[] stepValues;
    private long[] stepPresent;
    private long[][] sampleTs;
    private int size;
    private boolean labelsDistinct;
    /** The table every row's label set was taken from, with each row's index in it; null once a row was not. */
    private LabelsTable table;

    private int[] tableRows;
    private boolean notFromOneTable;

    public InstantVector(StepGrid grid) {
        this(grid, 16);
    }

    public InstantVector(StepGrid grid, int capacity) {
        this.grid = grid;
        int n = Math.max(capacity, 1);
        this.labels = new Labels[n];
        this.oneStep = grid.size() == 1;
        if (oneStep) {
            this.stepValues = new double[n];
            this.stepPresent = new long[(n + 63) >>> 6];
        } else {
            this.values = new double[n][];
            this.present = new long[n][];
        }
    }

    public StepGrid grid() {
        return grid;
    }

    public int size() {
        return size;
    }

    public int steps() {
        return grid.size();
    }

    /** Adds a series with no points yet and returns its index. */
    public int addSeries(Labels l) {
        notFromOneTable();
        return add(l);
    }

    /** Adds a series with no points yet, labelled {@code from.labels(index)}, and returns its index. */
    public int addSeries(LabelsTable from, int index) {
        boolean sameTable = !notFromOneTable && (table == null ? size == 0 : table == from);
        if (!sameTable) {
            notFromOneTable();
        }
        int s = add(from.labels(index));
        if (sameTable) {
            table = from;
            if (tableRows == null || tableRows.length <= s) {
                tableRows = tableRows == null ? new int[labels.length] : Arrays.copyOf(tableRows, labels.length);
            }
            tableRows[s] = index;
        }
        return s;
    }

    /** The table every row's label set was taken from (each row's index in it is {@link #tableRow}), or null. */
    public LabelsTable labelsTable() {
        return table;
    }

    public int tableRow(int s) {
        return tableRows[s];
    }

    private void notFromOneTable() {
        notFromOneTable = true;
        table = null;
        tableRows = null;
    }

    private int add(Labels l) {
        if (size == labels.length) {
            int n = size * 2;
            labels = Arrays.copyOf(labels, n);
            if (oneStep) {
                stepValues = Arrays.copyOf(stepValues, n);
                stepPresent = Arrays.copyOf(stepPresent, (n + 63) >>> 6);
            } else {
                values = Arrays.copyOf(values, n);
                present = Arrays.copyOf(present, n);
            }
            if (sampleTs != null) {
                sampleTs = Arrays.copyOf(sampleTs, n);
            }
        }
        int steps = grid.size();
        labels[size] = l;
        if (!oneStep) {
            values[size] = new double[steps];
            present[size] = new long[(steps + 63) >>> 6];
        }
        return size++;
    }

    public Labels labels(int s) {
        return labels[s];
    }

    /** Records that no two series share a label set (the producer keyed its rows by labels). */
    public void markLabelsDistinct() {
        labelsDistinct = true;
    }

    public boolean labelsDistinct() {
        return labelsDistinct;
    }

    public boolean has(int s, int step) {
        if (oneStep) {
            checkStep(step);
            return (stepPresent[s >>> 6] & (1L << s)) != 0;
        }
        return (present[s][step >>> 6] & (1L << step)) != 0;
    }

    /** Whether some series has a value at {@code step}. */
    public boolean anyAt(int step) {
        for (int s = 0; s < size(); s++) {
            if (has(s, step)) {
                return true;
            }
        }
        return false;
    }

    public double value(int s, int step) {
        if (oneStep) {
            checkStep(step);
            return stepValues[s];
        }
        return values[s][step];
    }

    public void set(int s, int step, double v) {
        if (oneStep) {
            checkSeries(s);
            checkStep(step);
            stepValues[s] = v;
            stepPresent[s >>> 6] |= 1L << s;
            return;
        }
        values[s][step] = v;
        present[s][step >>> 6] |= 1L << step;
    }

    public void clear(int s, int step) {
        if (oneStep) {
            checkSeries(s);
            checkStep(step);
            stepPresent[s >>> 6] &= ~(1L << s);
            return;
        }
        present[s][step >>> 6] &= ~(1L << step);
    }

    private static void checkStep(int step) {
        if (step != 0) {
            throw new IndexOutOfBoundsException("step " + step + " of 1");
        }
    }

    private void checkSeries(int s) {
        if (s < 0 || s >= size) {
            throw new IndexOutOfBoundsException("series " + s + " of " + size);
        }
    }

    /** True when series {@code s} has at least one point. */
    public boolean hasAny(int s) {
        if (oneStep) {
            return has(s, 0);
        }
        for (long word : present[s]) {
            if (word != 0) {
                return true;
            }
        }
        return false;
    }

    public void setSampleTs(int s, int step, long t) {
        if (sampleTs == null) {
            sampleTs = new long[labels.length][];
        }
        if (sampleTs[s] == null) {
            sampleTs[s] = new long[grid.size()];
        }
        sampleTs[s][step] = t;
    }

    /** The sample timestamp of a point, or the evaluation time when none was kept. */
    public long sampleTs(int s, int step) {
        return sampleTs != null && sampleTs[s] != null ? sampleTs[s][step] : grid.time(step);
    }
}
