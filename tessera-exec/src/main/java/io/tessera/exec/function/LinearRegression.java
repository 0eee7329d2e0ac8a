package io.tessera.exec.function;

import io.tessera.core.NeumaierSum;

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
        double sumX = 0;
        double cX = 0;
        double sumY = 0;
        double cY = 0;
        double sumXY = 0;
        double cXY = 0;
        double sumX2 = 0;
        double cX2 = 0;
        double initY = v[from];
        boolean constY = true;
        for (int i = from; i < to; i++) {
            double y = v[i];
            if (constY && i > from && y != initY) {
                constY = false;
            }
            n += 1.0;
            double x = (ts[i] - interceptTime) / 1e3;
            double next = sumX + x;
            cX = NeumaierSum.compensation(x, sumX, next, cX);
            sumX = next;
            next = sumY + y;
            cY = NeumaierSum.compensation(y, sumY, next, cY);
            sumY = next;
            double xy = x * y;
            next = sumXY + xy;
            cXY = NeumaierSum.compensation(xy, sumXY, next, cXY);
            sumXY = next;
            double x2 = x * x;
            next = sumX2 + x2;
            cX2 = NeumaierSum.compensation(x2, sumX2, next, cX2);
            sumX2 = next;
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
        sumX += cX;
        sumY += cY;
        sumXY += cXY;
        sumX2 += cX2;
        double covXY = sumXY - sumX * sumY / n;
        double varX = sumX2 - sumX * sumX / n;
        double slope = covXY / varX;
        fit[0] = slope;
        fit[1] = sumY / n - slope * sumX / n;
    }
}
