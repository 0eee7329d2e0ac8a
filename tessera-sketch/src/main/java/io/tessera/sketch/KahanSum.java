package io.tessera.sketch;

/**
 * A Kahan–Neumaier compensated sum, step for step as Prometheus' {@code kahanSumInc}: the
 * compensation is dropped once the running sum is infinite.
 */
final class KahanSum {

    double sum;
    double c;

    void add(double inc) {
        double t = sum + inc;
        if (Double.isInfinite(t)) {
            c = 0;
        } else if (Math.abs(sum) >= Math.abs(inc)) {
            c += (sum - t) + inc;
        } else {
            c += (inc - t) + sum;
        }
        sum = t;
    }

    /** Adds another compensated sum, keeping both compensations. */
    void add(KahanSum other) {
        add(other.sum);
        if (!Double.isInfinite(sum)) {
            c += other.c;
        }
    }

    /** The sum with its compensation, as Prometheus' {@code sum_over_time} returns it. */
    double value() {
        return Double.isInfinite(sum) ? sum : sum + c;
    }

    void set(double sum, double c) {
        this.sum = sum;
        this.c = c;
    }

    void copyFrom(KahanSum other) {
        this.sum = other.sum;
        this.c = other.c;
    }
}
