package io.tessera.exec.function;

/** {@code changes} and {@code resets}: counts over consecutive pairs of a window. */
final class Changes {

    private Changes() {}

    /** How often the value changed; NaN to NaN is no change. */
    static boolean changes(SeriesWindow w, double[] out) {
        double[] v = w.values();
        int n = 0;
        for (int i = w.from() + 1; i < w.to(); i++) {
            double prev = v[i - 1];
            double cur = v[i];
            if (cur != prev && !(Double.isNaN(cur) && Double.isNaN(prev))) {
                n++;
            }
        }
        out[0] = n;
        return true;
    }

    /** How often the value dropped (a counter reset). */
    static boolean resets(SeriesWindow w, double[] out) {
        double[] v = w.values();
        int n = 0;
        for (int i = w.from() + 1; i < w.to(); i++) {
            if (v[i] < v[i - 1]) {
                n++;
            }
        }
        out[0] = n;
        return true;
    }
}
