package io.tessera.exec.function;

import io.tessera.core.NeumaierSum;

/**
 * The {@code *_over_time} aggregations of one window {@code [from, to)}, with Prometheus' float
 * semantics: Kahan sums, the mean falling back to an incremental mean on overflow, NaN never
 * winning a min or max unless everything is NaN.
 */
final class OverTime {

    private OverTime() {}

    static boolean sum(SeriesWindow w, double[] out) {
        double[] v = w.values();
        int from = w.from();
        int to = w.to();
        double sum = 0;
        double c = 0;
        for (int i = from; i < to; i++) {
            double next = sum + v[i];
            c = NeumaierSum.compensation(v[i], sum, next, c);
            sum = next;
        }
        out[0] = Double.isInfinite(sum) ? sum : sum + c;
        return true;
    }

    static boolean count(SeriesWindow w, double[] out) {
        out[0] = w.count();
        return true;
    }

    /** The direct Kahan mean while the sum stays finite, then the incremental mean, as Prometheus. */
    static boolean avg(SeriesWindow w, double[] out) {
        double[] v = w.values();
        int from = w.from();
        int to = w.to();
        double sum = v[from];
        double c = 0;
        double mean = 0;
        double count = 1;
        boolean incremental = false;
        for (int i = from + 1; i < to; i++) {
            count = i - from + 1;
            if (!incremental) {
                double next = sum + v[i];
                double nextC = NeumaierSum.compensation(v[i], sum, next, c);
                if (!Double.isInfinite(next)) {
                    sum = next;
                    c = nextC;
                    continue;
                }
                incremental = true;
                mean = sum / (count - 1);
                c /= count - 1;
            }
            double q = (count - 1) / count;
            double inc = v[i] / count;
            double base = q * mean;
            double next = base + inc;
            c = NeumaierSum.compensation(inc, base, next, q * c);
            mean = next;
        }
        out[0] = incremental ? mean + c : sum / count + c / count;
        return true;
    }

    static boolean min(SeriesWindow w, double[] out) {
        out[0] = w.values()[extremeAt(w, false, false)];
        return true;
    }

    static boolean max(SeriesWindow w, double[] out) {
        out[0] = w.values()[extremeAt(w, true, false)];
        return true;
    }

    /** The time (seconds) of the last sample holding the minimum. */
    static boolean tsOfMin(SeriesWindow w, double[] out) {
        out[0] = w.ts()[extremeAt(w, false, true)] / 1000.0;
        return true;
    }

    /** The time (seconds) of the last sample holding the maximum. */
    static boolean tsOfMax(SeriesWindow w, double[] out) {
        out[0] = w.ts()[extremeAt(w, true, true)] / 1000.0;
        return true;
    }

    /**
     * The index of the window's first sample holding its maximum (or minimum), or of the last
     * such sample when {@code last}; it holds NaN only when every sample does.
     */
    private static int extremeAt(SeriesWindow w, boolean max, boolean last) {
        double[] v = w.values();
        int at = w.from();
        for (int i = at + 1; i < w.to(); i++) {
            double m = v[at];
            if ((max ? v[i] > m : v[i] < m) || (last && v[i] == m) || Double.isNaN(m)) {
                at = i;
            }
        }
        return at;
    }

    static boolean first(SeriesWindow w, double[] out) {
        out[0] = w.values()[w.from()];
        return true;
    }

    static boolean last(SeriesWindow w, double[] out) {
        out[0] = w.values()[w.to() - 1];
        return true;
    }

    static boolean tsOfFirst(SeriesWindow w, double[] out) {
        out[0] = w.ts()[w.from()] / 1000.0;
        return true;
    }

    static boolean tsOfLast(SeriesWindow w, double[] out) {
        out[0] = w.ts()[w.to() - 1] / 1000.0;
        return true;
    }

    static boolean present(SeriesWindow w, double[] out) {
        out[0] = 1;
        return true;
    }

    static boolean quantile(SeriesWindow w, double[] out) {
        int n = w.count();
        double[] scratch = w.scratch(n);
        System.arraycopy(w.values(), w.from(), scratch, 0, n);
        out[0] = Quantiles.quantileBySelection(w.params()[0], scratch, n);
        return true;
    }

    /** The median absolute deviation from the median. */
    static boolean mad(SeriesWindow w, double[] out) {
        double[] v = w.values();
        int from = w.from();
        int to = w.to();
        int n = to - from;
        double[] scratch = w.scratch(n);
        System.arraycopy(v, from, scratch, 0, n);
        double median = Quantiles.quantile(0.5, scratch, n);
        for (int i = 0; i < n; i++) {
            scratch[i] = Math.abs(v[from + i] - median);
        }
        out[0] = Quantiles.quantile(0.5, scratch, n);
        return true;
    }

    static boolean stdvar(SeriesWindow w, double[] out) {
        out[0] = variance(w.values(), w.from(), w.to());
        return true;
    }

    static boolean stddev(SeriesWindow w, double[] out) {
        out[0] = Math.sqrt(variance(w.values(), w.from(), w.to()));
        return true;
    }

    /** Welford's population variance with Kahan-compensated mean and sum of squares, as Prometheus. */
    static double variance(double[] v, int from, int to) {
        double count = 0;
        double mean = 0;
        double cMean = 0;
        double aux = 0;
        double cAux = 0;
        for (int i = from; i < to; i++) {
            count++;
            double delta = v[i] - (mean + cMean);
            double inc = delta / count;
            double next = mean + inc;
            cMean = NeumaierSum.compensation(inc, mean, next, cMean);
            mean = next;
            double sq = delta * (v[i] - (mean + cMean));
            double nextAux = aux + sq;
            cAux = NeumaierSum.compensation(sq, aux, nextAux, cAux);
            aux = nextAux;
        }
        return (aux + cAux) / count;
    }
}
