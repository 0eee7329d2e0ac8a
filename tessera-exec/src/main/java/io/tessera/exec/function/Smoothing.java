package io.tessera.exec.function;

import io.tessera.core.InvalidInputException;

/** {@code double_exponential_smoothing(v, sf, tf)}: Holt's linear smoothing of a window. */
final class Smoothing {

    private Smoothing() {}

    static boolean doubleExponential(SeriesWindow w, double[] out) {
        double sf = w.params()[0];
        double tf = w.params()[1];
        if (!(sf > 0 && sf < 1)) {
            throw new InvalidInputException("invalid smoothing factor. Expected: 0 < sf < 1, got: " + GoFormat.f(sf));
        }
        if (!(tf > 0 && tf < 1)) {
            throw new InvalidInputException("invalid trend factor. Expected: 0 < tf < 1, got: " + GoFormat.f(tf));
        }
        if (w.count() < 2) {
            return false;
        }
        double[] v = w.values();
        int from = w.from();
        int to = w.to();
        double s0 = 0;
        double s1 = v[from];
        double b = v[from + 1] - v[from];
        for (int i = from + 1; i < to; i++) {
            double x = sf * v[i];
            if (i > from + 1) {
                b = tf * (s1 - s0) + (1 - tf) * b;
            }
            double y = (1 - sf) * (s1 + b);
            s0 = s1;
            s1 = x + y;
        }
        out[0] = s1;
        return true;
    }
}
