package io.tessera.exec.function;

import io.tessera.exec.value.CompensatedSum;

/**
 * Least-squares line through a window's samples, with Kahan-compensated sums and x in seconds
 * relative to an intercept time, as Prometheus: {@code deriv} is the slope,
 * {@code predict_linear} the line's value {@code duration} seconds after the evaluation time.
 */
final class LinearRegression {

    private LinearRegression() {}

    static boolean deriv(SeriesWindow w, double[] out) {
        if (w.count() < 2) {
            return false;
        }
        double[] line = w.line();
        fit(w.ts(), w.values(), w.from(), w.to(), w.ts()[w.from()], line);
        out[0] = line[0];
        return true;
    }

    static boolean predict(SeriesWindow w, double[] out) {
        if (w.count() < 2) {
            return false;
        }
        double[] line = w.line();
        fit(w.ts(), w.values(), w.from(), w.to(), w.evalTime(), line);
        out[0] = line[0] * w.params()[0] + line[1];
        return true;
    }

    /** Writes the slope to {@code fit[0]} and the intercept at {@code interceptTime} to {@code fit[1]}. */
    static void fit(long[] ts, double[] v, int from, int to, long interceptTime, double[] fit) {
        double n = 0;
        CompensatedSum sumX = new CompensatedSum();
        CompensatedSum sumY = new CompensatedSum();
        CompensatedSum sumXY = new CompensatedSum();
        CompensatedSum sumX2 = new CompensatedSum();
        double initY = v[from];
        boolean constY = true;
        for (int i = from; i < to; i++) {
            double y = v[i];
            if (constY && i > from && y != initY) {
                constY = false;
            }
            n += 1.0;
            double x = (ts[i] - interceptTime) / 1e3;
            sumX.add(x);
            sumY.add(y);
            sumXY.add(x * y);
            sumX2.add(x * x);
        }
        if (constY) {
            if (Double.isInfinite(initY)) {
                fit[0] = Double.NaN;
                fit[1] = Double.NaN;
            } else {
                fit[0] = 0;
                fit[1] = initY;
            }
            return;
        }
        double totalX = sumX.value();
        double totalY = sumY.value();
        double covXY = sumXY.value() - totalX * totalY / n;
        double varX = sumX2.value() - totalX * totalX / n;
        double slope = covXY / varX;
        fit[0] = slope;
        fit[1] = totalY / n - slope * totalX / n;
    }
}
