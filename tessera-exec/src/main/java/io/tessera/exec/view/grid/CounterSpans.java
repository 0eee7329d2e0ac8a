package io.tessera.exec.view.grid;

/**
 * The samples one counter move reads for one series at one step, reused from step to step: the
 * grid point and the time moved to, the samples in the span around the entered side
 * {@code (g - ext, T]} and those in the span around the left side {@code (g - w, T - w + ext]},
 * each as a range of arrays (null arrays when the series has none).
 */
final class CounterSpans {
    long gridPoint;
    long time;
    long[] enteredTs;
    double[] enteredValues;
    int enteredFrom;
    int enteredTo;
    long[] leftTs;
    double[] leftValues;
    int leftFrom;
    int leftTo;

    void moving(long gridPoint, long time) {
        this.gridPoint = gridPoint;
        this.time = time;
    }

    void entered(long[] ts, double[] values, int from, int to) {
        enteredTs = ts;
        enteredValues = values;
        enteredFrom = from;
        enteredTo = to;
    }

    void left(long[] ts, double[] values, int from, int to) {
        leftTs = ts;
        leftValues = values;
        leftFrom = from;
        leftTo = to;
    }
}
