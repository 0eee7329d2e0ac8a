package io.tessera.exec.function;

import io.tessera.sketch.CounterState;
import io.tessera.sketch.ExtrapolatedRate;

/** Prometheus' extrapolated {@code rate}, {@code increase} and {@code delta}. */
final class Extrapolation {

    private Extrapolation() {}

    static boolean rate(SeriesWindow w, ExtrapolatedRate function, double[] out) {
        int from = w.from();
        int to = w.to();
        if (to - from < 2) {
            return false;
        }
        double[] v = w.values();
        double result = v[to - 1] - v[from];
        if (function.counter()) {
            double prev = v[from];
            for (int i = from + 1; i < to; i++) {
                if (v[i] < prev) {
                    result += prev;
                }
                prev = v[i];
            }
        }
        long[] ts = w.ts();
        out[0] = CounterState.extrapolate(
                to - from, ts[from], v[from], ts[to - 1], result, w.rangeStart(), w.rangeEnd(), function);
        return true;
    }
}
