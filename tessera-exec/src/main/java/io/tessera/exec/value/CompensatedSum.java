package io.tessera.exec.value;

import io.tessera.core.NeumaierSum;

/** A running sum with Kahan–Neumaier compensation, as Prometheus adds its floats. */
public final class CompensatedSum {

    private double sum;
    private double compensation;

    public void add(double inc) {
        double next = sum + inc;
        compensation = NeumaierSum.compensation(inc, sum, next, compensation);
        sum = next;
    }

    /** The sum with its compensation added back. */
    public double value() {
        return sum + compensation;
    }

    public void reset() {
        sum = 0;
        compensation = 0;
    }
}
