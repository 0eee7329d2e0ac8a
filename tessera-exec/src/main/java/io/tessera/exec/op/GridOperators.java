package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.StringValue;
import io.tessera.exec.value.Value;

/**
 * Moving a value between step grids: a TimeShift evaluates its input on a shifted grid (offset)
 * or at one time ({@code @}), and hands the result on against its own grid; a Subquery turns
 * its input's points on an inner grid into a range vector.
 */
public final class GridOperators {

    private GridOperators() {}

    /**
     * {@code value}, computed on a grid of the same size as {@code target} (an offset) or on a
     * one-point grid ({@code broadcast}), re-expressed step by step on {@code target}.
     */
    public static Value regrid(Value value, StepGrid target, boolean broadcast) {
        return switch (value) {
            case InstantVector v -> regridVector(v, target, broadcast);
            case RangeVector r -> regridRange(r, target, broadcast);
            case ScalarValues s ->
                broadcast ? ScalarValues.constant(target, s.at(0)) : new ScalarValues(target, s.values());
            case StringValue s -> s;
            default ->
                throw new IllegalStateException(
                        "cannot shift " + value.getClass().getSimpleName());
        };
    }

    private static InstantVector regridVector(InstantVector v, StepGrid target, boolean broadcast) {
        InstantVector out = new InstantVector(target, v.size());
        int steps = target.size();
        for (int s = 0; s < v.size(); s++) {
            int o = out.addSeries(v.labels(s));
            for (int i = 0; i < steps; i++) {
                int src = broadcast ? 0 : i;
                if (v.has(s, src)) {
                    out.set(o, i, v.value(s, src));
                    out.setSampleTs(o, i, v.sampleTs(s, src));
                }
            }
        }
        return out;
    }

    private static RangeVector regridRange(RangeVector r, StepGrid target, boolean broadcast) {
        int steps = target.size();
        int n = r.size();
        Labels[] labels = new Labels[n];
        long[][] ts = new long[n][];
        double[][] vs = new double[n][];
        int[][] from = new int[n][];
        int[][] to = new int[n][];
        long[] ends = new long[steps];
        for (int i = 0; i < steps; i++) {
            ends[i] = r.windowEnd(broadcast ? 0 : i);
        }
        for (int s = 0; s < n; s++) {
            labels[s] = r.labels(s);
            ts[s] = r.ts(s);
            vs[s] = r.values(s);
            if (broadcast) {
                from[s] = filled(steps, r.from(s)[0]);
                to[s] = filled(steps, r.to(s)[0]);
            } else {
                from[s] = r.from(s);
                to[s] = r.to(s);
            }
        }
        return new RangeVector(target, r.rangeMs(), labels, ts, vs, from, to, n, ends);
    }

    private static int[] filled(int n, int v) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    /**
     * The inner grid of {@code expr[range:step]} for evaluation times in {@code outer}: the
     * multiples of {@code step} after {@code outer.start - range}, up to {@code outer.end}.
     */
    public static StepGrid subqueryGrid(StepGrid outer, long rangeMs, long stepMs) {
        long mint = outer.start() - rangeMs;
        long start = stepMs * (mint / stepMs);
        if (start <= mint) {
            start += stepMs;
        }
        long end = outer.last();
        if (end < start) {
            return null;
        }
        return new StepGrid(start, end, stepMs);
    }

    /** The range vector {@code inner[range:]} presents at each time of {@code outer}. */
    public static RangeVector subquery(
            Value inner, StepGrid innerGrid, StepGrid outer, long rangeMs, RunContext context) {
        InstantVector points = switch (inner) {
            case InstantVector v -> v;
            case ScalarValues s -> {
                InstantVector v = new InstantVector(s.grid(), 1);
                int o = v.addSeries(Labels.EMPTY);
                for (int i = 0; i < s.values().length; i++) {
                    context.checkAliveEvery(i);
                    v.set(o, i, s.at(i));
                }
                yield v;
            }
            default -> throw new IllegalStateException("a subquery needs an instant vector or a scalar");
        };
        int n = points.size();
        var out = new RangeVectorBuilder(outer, rangeMs, n, context);
        for (int s = 0; s < n; s++) {
            context.checkAlive();
            int innerSteps = innerGrid == null ? 0 : innerGrid.size();
            long[] pts = new long[innerSteps];
            double[] pvs = new double[innerSteps];
            int m = 0;
            for (int i = 0; i < innerSteps; i++) {
                context.checkAliveEvery(i);
                if (points.has(s, i)) {
                    pts[m] = innerGrid.time(i);
                    pvs[m] = points.value(s, i);
                    m++;
                }
            }
            if (m == 0) {
                continue;
            }
            out.add(
                    points.labels(s),
                    java.util.Arrays.copyOf(pts, m),
                    java.util.Arrays.copyOf(pvs, m),
                    out.windows(pts, m));
        }
        return out.build();
    }
}
