package io.tessera.exec.op;

import io.tessera.core.StaleMarker;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;

/**
 * The time-series window operator. A range window keeps, for each evaluation time T, the
 * samples in {@code (T - range, T]} without stale markers; an instant window keeps each series'
 * latest sample in {@code (T - lookback, T]}, and nothing when that sample is a stale marker.
 */
public final class TimeRangeOperator {

    private TimeRangeOperator() {}

    public static RangeVector range(SeriesRows rows, StepGrid grid, long rangeMs, RunContext context) {
        int steps = grid.size();
        int n = rows.size();
        var out = new RangeVectorBuilder(grid, rangeMs, n, context);
        for (int s = 0; s < n; s++) {
            context.checkAlive();
            long[] rts = rows.ts(s);
            double[] rvs = rows.values(s);
            int count = rows.count(s);
            long[] sts = rts;
            double[] svs = rvs;
            int m = count;
            if (hasStaleMarker(rvs, count)) {
                sts = new long[count];
                svs = new double[count];
                m = 0;
                for (int i = 0; i < count; i++) {
                    if (!StaleMarker.isStale(rvs[i])) {
                        sts[m] = rts[i];
                        svs[m] = rvs[i];
                        m++;
                    }
                }
            }
            if (m == 0) {
                continue;
            }
            // The windows of a series, and the value a function gives it at each step, are held for every step.
            context.addSamples(steps);
            RangeVectorBuilder.Windows windows = out.windows(sts, m);
            if (windows.anySample()) {
                out.add(rows.labels(s), sts, svs, windows);
            }
        }
        return out.build();
    }

    private static boolean hasStaleMarker(double[] values, int count) {
        for (int i = 0; i < count; i++) {
            if (StaleMarker.isStale(values[i])) {
                return true;
            }
        }
        return false;
    }

    public static InstantVector instant(SeriesRows rows, StepGrid grid, long lookbackMs, RunContext context) {
        int steps = grid.size();
        InstantVector out = new InstantVector(grid, rows.size());
        for (int s = 0; s < rows.size(); s++) {
            context.checkAlive();
            long[] ts = rows.ts(s);
            double[] vs = rows.values(s);
            int count = rows.count(s);
            int series = -1;
            int j = 0;
            for (int i = 0; i < steps; i++) {
                context.checkAliveEvery(i);
                long t = grid.time(i);
                while (j < count && ts[j] <= t) {
                    j++;
                }
                int latest = j - 1;
                if (latest < 0 || ts[latest] <= t - lookbackMs || StaleMarker.isStale(vs[latest])) {
                    continue;
                }
                if (series < 0) {
                    // A series holds a value and a timestamp for every step of the grid: counted before it is
                    // allocated.
                    context.addSamples(steps);
                    series = out.addSeries(rows.labels(s));
                }
                out.set(series, i, vs[latest]);
                out.setSampleTs(series, i, ts[latest]);
            }
        }
        return out;
    }
}
