package io.tessera.sketch;

import io.tessera.core.NeumaierSum;

/**
 * A Kahan–Neumaier compensated sum, step for step as Prometheus' {@code kahanSumInc}: the
 * compensation is dropped once the running sum is infinite. The states of one sum extend it
 * rather than hold one: an object fewer for each of the millions of panes a view keeps.
 */
class KahanSum {

    double sum;
    double c;

    final void addCompensated(double inc) {
        double next = sum + inc;
        c = NeumaierSum.compensation(inc, sum, next, c);
        sum = next;
    }

    /** Adds another compensated sum, keeping both compensations. */
    final void addCompensated(KahanSum other) {
        addCompensated(other.sum);
        if (!Double.isInfinite(sum)) {
            c += other.c;
        }
    }

    /** The sum with its compensation, as Prometheus' {@code sum_over_time} returns it. */
    final double compensatedValue() {
        return Double.isInfinite(sum) ? sum : sum + c;
    }

    final void set(double sum, double c) {
        this.sum = sum;
        this.c = c;
    }
}
