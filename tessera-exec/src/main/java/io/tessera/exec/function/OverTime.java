package io.tessera.exec.function;

import java.util.Arrays;

/** The {@code *_over_time} functions. */
final class OverTime {

    private OverTime() {
    }

    static boolean sum(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        double sum = 0;
        double c = 0;
        for (int i = from; i < to; i++) {
            double t = sum + v[i];
            if (Math.abs(sum) >= Math.abs(v[i])) {
                c += (sum - t) + v[i];
            } else {
                c += (v[i] - t) + sum;
            }
            sum = t;
        }
        out[0] = Double.isInfinite(sum) ? sum : sum + c;
        return true;
    }

    static boolean count(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        out[0] = to - from;
        return true;
    }

    static boolean avg(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        sum(ts, v, from, to, s, e, p, out);
        out[0] /= (to - from);
        return true;
    }

    static boolean min(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        double m = v[from];
        for (int i = from + 1; i < to; i++) {
            if (v[i] < m || Double.isNaN(m)) {
                m = v[i];
            }
        }
        out[0] = m;
        return true;
    }

    static boolean max(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        double m = v[from];
        for (int i = from + 1; i < to; i++) {
            if (v[i] > m || Double.isNaN(m)) {
                m = v[i];
            }
        }
        out[0] = m;
        return true;
    }

    static boolean last(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        out[0] = v[to - 1];
        return true;
    }

    static boolean present(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        out[0] = 1;
        return true;
    }

    static boolean quantile(long[] ts, double[] v, int from, int to, long s, long e, double[] p, double[] out) {
        out[0] = Quantiles.quantile(p[0], Arrays.copyOfRange(v, from, to));
        return true;
    }
}
