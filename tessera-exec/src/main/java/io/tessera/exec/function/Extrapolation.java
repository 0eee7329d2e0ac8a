package io.tessera.exec.function;

/** Prometheus' extrapolated {@code rate}, {@code increase} and {@code delta}. */
final class Extrapolation {

    private Extrapolation() {}

    static boolean rate(
            long[] ts,
            double[] v,
            int from,
            int to,
            long rangeStart,
            long rangeEnd,
            boolean isCounter,
            boolean isRate,
            double[] out) {
        if (to - from < 2) {
            return false;
        }
        double result = v[to - 1] - v[from];
        if (isCounter) {
            double prev = v[from];
            for (int i = from + 1; i < to; i++) {
                if (v[i] < prev) {
                    result += prev;
                }
                prev = v[i];
            }
        }
        long firstT = ts[from];
        long lastT = ts[to - 1];
        double durationToStart = (firstT - rangeStart) / 1000.0;
        double durationToEnd = (rangeEnd - lastT) / 1000.0;
        double sampledInterval = (lastT - firstT) / 1000.0;
        double averageDurationBetweenSamples = sampledInterval / (to - from - 1);
        double extrapolationThreshold = averageDurationBetweenSamples * 1.1;
        if (durationToStart >= extrapolationThreshold) {
            durationToStart = averageDurationBetweenSamples / 2;
        }
        if (isCounter && result > 0 && v[from] >= 0) {
            double durationToZero = sampledInterval * (v[from] / result);
            if (durationToZero < durationToStart) {
                durationToStart = durationToZero;
            }
        }
        if (durationToEnd >= extrapolationThreshold) {
            durationToEnd = averageDurationBetweenSamples / 2;
        }
        double factor = (sampledInterval + durationToStart + durationToEnd) / sampledInterval;
        if (isRate) {
            factor /= (rangeEnd - rangeStart) / 1000.0;
        }
        out[0] = result * factor;
        return true;
    }
}
