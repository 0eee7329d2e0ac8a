package io.tessera.server.demo;

import io.tessera.core.Interval;
import java.util.Arrays;

/**
 * The demo's reference answers, computed straight from the raw samples with no state family:
 * what a query engine without views would have to do on every evaluation.
 */
final class ExactAnswers {

    private ExactAnswers() {
    }

    /** All samples of the series of {@code job} in {@code window}, sorted. */
    static double[] sortedValues(DemoData data, double[][] values, String job, Interval window) {
        double[] out = new double[1024];
        int n = 0;
        for (int s = 0; s < data.series; s++) {
            if (!data.jobOf[s].equals(job)) {
                continue;
            }
            int from = data.firstAfter(s, window.start());
            int to = data.firstAfter(s, window.end());
            if (n + to - from > out.length) {
                out = Arrays.copyOf(out, Math.max(out.length * 2, n + to - from));
            }
            System.arraycopy(values[s], from, out, n, to - from);
            n += to - from;
        }
        double[] sorted = Arrays.copyOf(out, n);
        Arrays.sort(sorted);
        return sorted;
    }

    /** Prometheus' quantile: linear interpolation between the closest ranks. */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double rank = q * (sorted.length - 1);
        int lower = (int) Math.max(0, Math.floor(rank));
        int upper = Math.min(sorted.length - 1, lower + 1);
        double weight = rank - Math.floor(rank);
        return sorted[lower] * (1 - weight) + sorted[upper] * weight;
    }

    /** The normalised rank of {@code value} among {@code sorted}: the fraction of samples below it. */
    static double rank(double[] sorted, double value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int below = lo;
        while (hi < sorted.length && sorted[hi] == value) {
            hi++;
        }
        return (below + hi) / 2.0 / sorted.length;
    }

    static double sum(DemoData data, double[][] values, String job, Interval window) {
        double sum = 0;
        for (int s = 0; s < data.series; s++) {
            if (data.jobOf[s].equals(job)) {
                int to = data.firstAfter(s, window.end());
                for (int i = data.firstAfter(s, window.start()); i < to; i++) {
                    sum += values[s][i];
                }
            }
        }
        return sum;
    }

    /** {@code sum(rate(requests[window]))} over the series of {@code job}. */
    static double sumOfRates(DemoData data, String job, Interval window) {
        double sum = 0;
        for (int s = 0; s < data.series; s++) {
            if (data.jobOf[s].equals(job)) {
                double r = rate(data.ts[s], data.requests[s], data.firstAfter(s, window.start()),
                        data.firstAfter(s, window.end()), window);
                if (!Double.isNaN(r)) {
                    sum += r;
                }
            }
        }
        return sum;
    }

    /** Prometheus 3's extrapolated {@code rate} of one counter over the samples [from, to). */
    static double rate(long[] ts, double[] v, int from, int to, Interval window) {
        if (to - from < 2) {
            return Double.NaN;
        }
        double increase = v[to - 1] - v[from];
        for (int i = from + 1; i < to; i++) {
            if (v[i] < v[i - 1]) {
                increase += v[i - 1];
            }
        }
        double sampled = (ts[to - 1] - ts[from]) / 1000.0;
        double toStart = (ts[from] - window.start()) / 1000.0;
        double toEnd = (window.end() - ts[to - 1]) / 1000.0;
        double average = sampled / (to - from - 1);
        double threshold = average * 1.1;
        if (toStart >= threshold) {
            toStart = average / 2;
        }
        if (increase > 0 && v[from] >= 0) {
            toStart = Math.min(toStart, sampled * (v[from] / increase));
        }
        if (toEnd >= threshold) {
            toEnd = average / 2;
        }
        double extrapolated = sampled + toStart + toEnd;
        return increase * (extrapolated / sampled) / (window.length() / 1000.0);
    }
}
