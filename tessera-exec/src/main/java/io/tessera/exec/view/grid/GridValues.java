package io.tessera.exec.view.grid;

import io.tessera.core.Interval;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.MaterializedView;
import io.tessera.sketch.LastState;
import io.tessera.spi.DataStore;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.ViewStates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The values two grid views (a function's and {@code count_over_time}'s) kept at the distinct
 * grid points of a run, by output series. Never changed once read, so a kept correction may
 * share it between runs.
 */
record GridValues(long[] points, SeriesIds ids, double[][] value, long[][] count) {

    /** The states of both views at {@code points}; throws when a point is not built or no longer usable. */
    record States(long[] points, ViewStates values, ViewStates counts) {}

    static States states(
            MaterializedView valueView, MaterializedView countView, long[] g, DataStore store, RunContext context) {
        long[] points = Arrays.stream(g).distinct().toArray();
        List<Interval> wanted = new ArrayList<>(points.length);
        for (long p : points) {
            wanted.add(new Interval(p - valueView.paneMs(), p));
        }
        MaterializedViewRequest request = MaterializedViewRequest.of(wanted);
        ViewStates values = store.readMaterializedView(valueView.viewId(), request, context);
        ViewStates counts =
                valueView == countView ? values : store.readMaterializedView(countView.viewId(), request, context);
        return new States(points, values, counts);
    }

    static GridValues of(States states, RunContext context) {
        long[] points = states.points();
        SeriesIds ids = new SeriesIds();
        double[][] value = new double[points.length][];
        long[][] count = new long[points.length][];
        for (int k = 0; k < points.length; k++) {
            double[][] v = {new double[Math.max(16, states.values().stateCount(k))]};
            long[][] n = {new long[Math.max(16, states.counts().stateCount(k))]};
            states.values().forEach(k, (series, state) -> {
                int s = ids.idOf(series);
                v[0] = grow(v[0], s);
                v[0][s] = ((LastState) state).value();
            });
            // the count view lists its series as the value view did, mostly: check the next one before hashing
            int[] next = {0};
            states.counts().forEach(k, (series, state) -> {
                int guess = next[0];
                int s = guess < ids.size() && ids.labels(guess).equals(series) ? guess : ids.idOf(series);
                next[0] = s + 1;
                n[0] = grow(n[0], s);
                n[0][s] = (long) ((LastState) state).value();
            });
            value[k] = v[0];
            count[k] = n[0];
            context.checkAlive();
        }
        return new GridValues(points, ids, value, count);
    }

    int pointOf(long g) {
        return Arrays.binarySearch(points, g);
    }

    double valueAt(int point, int s) {
        return s < value[point].length ? value[point][s] : 0;
    }

    long countAt(int point, int s) {
        return s < count[point].length ? count[point][s] : 0;
    }

    /** Series the values know; output series beyond them (new since the grid point) have none. */
    int size() {
        return ids.size();
    }

    private static double[] grow(double[] a, int s) {
        if (s < a.length) {
            return a;
        }
        double[] b = Arrays.copyOf(a, Math.max(s + 1, a.length * 2));
        Arrays.fill(b, a.length, b.length, 0);
        return b;
    }

    private static long[] grow(long[] a, int s) {
        return s < a.length ? a : Arrays.copyOf(a, Math.max(s + 1, a.length * 2));
    }
}
