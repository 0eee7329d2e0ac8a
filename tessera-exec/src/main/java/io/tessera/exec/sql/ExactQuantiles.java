package io.tessera.exec.sql;

import java.util.Arrays;

/**
 * The exact continuous quantile per group, as DuckDB's {@code quantile_cont}: the values sorted,
 * position {@code q * (n - 1)}, linear interpolation between the two closest ranks. Values are
 * gathered group by group in one counting pass, each group sorted on its own.
 */
final class ExactQuantiles {

    private ExactQuantiles() {}

    static Object[] of(Object values, GroupIds g, double q) {
        int[] of = g.of;
        int[] start = new int[g.count + 1];
        for (int group : of) {
            start[group + 1]++;
        }
        for (int i = 0; i < g.count; i++) {
            start[i + 1] += start[i];
        }
        int[] fill = Arrays.copyOf(start, g.count);
        double[] sorted = new double[of.length];
        switch (values) {
            case long[] a -> {
                for (int r = 0; r < of.length; r++) {
                    sorted[fill[of[r]]++] = a[r];
                }
            }
            case double[] a -> {
                for (int r = 0; r < of.length; r++) {
                    sorted[fill[of[r]]++] = a[r];
                }
            }
            default -> throw new IllegalStateException("quantile of " + values.getClass());
        }
        Object[] out = new Object[g.count];
        for (int i = 0; i < g.count; i++) {
            int from = start[i];
            int to = start[i + 1];
            if (from == to) {
                continue;
            }
            Arrays.sort(sorted, from, to);
            out[i] = interpolate(sorted, from, to - from, q);
        }
        return out;
    }

    /** The q-quantile of {@code v[from .. from + n)}, sorted. */
    static double interpolate(double[] v, int from, int n, double q) {
        double position = q * (n - 1);
        int lo = (int) Math.floor(position);
        int hi = (int) Math.ceil(position);
        double low = v[from + lo];
        if (lo == hi) {
            return low;
        }
        double high = v[from + hi];
        return low + (high - low) * (position - lo);
    }
}
