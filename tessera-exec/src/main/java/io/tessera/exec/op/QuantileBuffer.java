package io.tessera.exec.op;

import io.tessera.exec.function.Quantiles;
import java.util.Arrays;

/**
 * The values of each group at one step, in one array cut into per-group slices, and
 * Prometheus' quantile of a slice: values sorted with NaN first, then linear interpolation
 * between the two closest ranks; φ below 0 gives -Inf, above 1 +Inf, NaN gives NaN.
 */
final class QuantileBuffer {

    private final int[] start;
    private final int[] size;
    private final double[] values;

    QuantileBuffer(SeriesGroups groups) {
        int n = groups.count();
        start = new int[n];
        size = new int[n];
        int total = 0;
        for (int g = 0; g < n; g++) {
            start[g] = total;
            total += groups.sizes()[g];
        }
        values = new double[Math.max(1, total)];
    }

    void clear() {
        Arrays.fill(size, 0);
    }

    void add(int g, double v) {
        values[start[g] + size[g]++] = v;
    }

    double quantile(int g, double q) {
        return quantile(q, values, start[g], size[g]);
    }

    /** The φ-quantile of {@code values[from, from + n)}, which this call sorts. */
    static double quantile(double q, double[] values, int from, int n) {
        if (Quantiles.needsNoValues(q, n)) {
            return Quantiles.withoutValues(q, n);
        }
        sortNaNFirst(values, from, n);
        double rank = q * (n - 1);
        double lower = Math.max(0, Math.floor(rank));
        double upper = Math.min(n - 1, lower + 1);
        double weight = rank - Math.floor(rank);
        return values[from + (int) lower] * (1 - weight) + values[from + (int) upper] * weight;
    }

    private static void sortNaNFirst(double[] v, int from, int n) {
        int to = from + n;
        Arrays.sort(v, from, to);
        int nans = 0;
        while (nans < n && Double.isNaN(v[to - 1 - nans])) {
            nans++;
        }
        if (nans > 0 && nans < n) {
            System.arraycopy(v, from, v, from + nans, n - nans);
            Arrays.fill(v, from, from + nans, Double.NaN);
        }
    }
}
