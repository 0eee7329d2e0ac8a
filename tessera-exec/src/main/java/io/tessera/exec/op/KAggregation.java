package io.tessera.exec.op;

import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.function.GoFormat;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.promql.AggregateOp;

/**
 * topk, bottomk, limitk and limit_ratio: per group and step, some of the input series with all
 * their labels. k (or the ratio) is read per step. The selection and the order of an instant
 * result are Prometheus': a binary heap as Go's {@code container/heap} keeps it (NaN loses
 * against every number, ties keep the series seen first), sorted as Go's {@code sort.Sort}
 * sorts up to 12 elements; limitk keeps the first k series in heap order, limit_ratio the
 * series whose label hash falls under the ratio.
 */
final class KAggregation {

    /** The largest double that converts to an int64 without overflow, as Prometheus' {@code maxInt64}. */
    private static final double MAX_INT64 = 9223372036854774784.0;

    private static final double MIN_INT64 = -9223372036854775808.0;
    private static final double MAX_UINT64 = 18446744073709551615.0;

    private KAggregation() {}

    static InstantVector evaluate(
            AggregateOp op, InstantVector in, ScalarValues param, SeriesGroups groups, RunContext context) {
        InstantVector out = new InstantVector(in.grid(), Math.max(1, in.size()));
        if (!checkParam(op, param, context)) {
            return out;
        }
        int n = groups.count();
        int[] groupOf = groups.groupOf();
        int[][] heaps = new int[n][];
        int[] size = new int[n];
        boolean[] seen = new boolean[n];
        int[] outIndex = new int[in.size()];
        java.util.Arrays.fill(outIndex, -1);
        double[] ratioOffset = op == AggregateOp.LIMIT_RATIO ? ratioOffsets(in) : null;
        double[] values = new double[in.size()];
        for (int i = 0; i < in.steps(); i++) {
            context.checkAlive();
            double p = param.at(i);
            long k = 0;
            double ratio = 0;
            if (op == AggregateOp.LIMIT_RATIO) {
                if (p == 0) {
                    continue;
                }
                ratio = Math.max(-1.0, Math.min(1.0, p));
            } else {
                k = Math.min((long) p, in.size());
                if (k < 1) {
                    continue;
                }
            }
            java.util.Arrays.fill(seen, false);
            java.util.Arrays.fill(size, 0);
            for (int s = 0; s < in.size(); s++) {
                if (!in.has(s, i)) {
                    continue;
                }
                double f = in.value(s, i);
                values[s] = f;
                int g = groupOf[s];
                int[] heap = heaps[g];
                if (heap == null) {
                    heap = new int
                            [Math.max(
                                    1,
                                    op == AggregateOp.LIMIT_RATIO
                                            ? groups.sizes()[g]
                                            : (int) Math.min(groups.sizes()[g], in.size()))];
                    heaps[g] = heap;
                }
                if (!seen[g]) {
                    seen[g] = true;
                    if (op != AggregateOp.LIMIT_RATIO || sampled(ratio, ratioOffset[s])) {
                        heap[0] = s;
                        size[g] = 1;
                    }
                    continue;
                }
                switch (op) {
                    case TOPK, BOTTOMK -> {
                        boolean bottom = op == AggregateOp.BOTTOMK;
                        double worst = values[heap[0]];
                        if (size[g] < k) {
                            size[g] = GoHeap.push(heap, size[g], s, values, bottom);
                        } else if ((bottom ? worst > f : worst < f) || (Double.isNaN(worst) && !Double.isNaN(f))) {
                            heap[0] = s;
                            if (k > 1) {
                                GoHeap.fix(heap, size[g], 0, values, bottom);
                            }
                        }
                    }
                    case LIMITK -> {
                        if (size[g] < k) {
                            size[g] = GoHeap.push(heap, size[g], s, values, false);
                        }
                    }
                    case LIMIT_RATIO -> {
                        if (sampled(ratio, ratioOffset[s])) {
                            size[g] = GoHeap.push(heap, size[g], s, values, false);
                        }
                    }
                    default -> throw new IllegalArgumentException(op + " is not a k aggregation");
                }
            }
            for (int g = 0; g < n; g++) {
                if (!seen[g]) {
                    continue;
                }
                int[] heap = heaps[g];
                if (op == AggregateOp.TOPK && size[g] > 1) {
                    GoHeap.sortReverse(heap, size[g], values, false);
                } else if (op == AggregateOp.BOTTOMK && size[g] > 1) {
                    GoHeap.sortReverse(heap, size[g], values, true);
                }
                for (int j = 0; j < size[g]; j++) {
                    int s = heap[j];
                    if (outIndex[s] < 0) {
                        outIndex[s] = out.addSeries(in.labels(s));
                    }
                    if (out.has(outIndex[s], i)) {
                        throw new QueryExecutionException(OutputSeries.SAME_LABELSET);
                    }
                    out.set(outIndex[s], i, values[s]);
                }
            }
        }
        return out;
    }

    /**
     * Prometheus' checks over all steps' parameters: nothing at all when every k is below 1 (or
     * every ratio 0), an error for NaN or a k beyond int64, a warning for a ratio beyond ±1.
     * Like Go's {@code math.Max}, a NaN makes the maximum and minimum NaN.
     */
    private static boolean checkParam(AggregateOp op, ScalarValues param, RunContext context) {
        double max = -Double.MAX_VALUE;
        double min = Double.MAX_VALUE;
        boolean nan = false;
        for (double p : param.values()) {
            if (Double.isNaN(p)) {
                nan = true;
            }
            max = nan ? Double.NaN : Math.max(max, p);
            min = nan ? Double.NaN : Math.min(min, p);
        }
        if (op == AggregateOp.LIMIT_RATIO) {
            if (max == 0 && min == 0) {
                return false;
            }
            if (nan) {
                throw new QueryExecutionException("Ratio value is NaN");
            }
            if (max > 1.0) {
                context.warn(ratioWarning(max, 1.0));
            }
            if (min < -1.0) {
                context.warn(ratioWarning(min, -1.0));
            }
            return true;
        }
        if (max < 1) {
            return false;
        }
        if (nan) {
            throw new QueryExecutionException("Parameter value is NaN");
        }
        if (min <= MIN_INT64) {
            throw new QueryExecutionException("Scalar value " + GoFormat.g(min) + " underflows int64");
        }
        if (max >= MAX_INT64) {
            throw new QueryExecutionException("Scalar value " + GoFormat.g(max) + " overflows int64");
        }
        return true;
    }

    static String ratioWarning(double got, double to) {
        return "PromQL warning: ratio value should be between -1 and 1, got " + GoFormat.g(got) + ", capping to "
                + GoFormat.g(to);
    }

    /** Each series' place in [0, 1]: its label hash over the largest uint64. */
    private static double[] ratioOffsets(InstantVector in) {
        double[] offsets = new double[in.size()];
        for (int s = 0; s < in.size(); s++) {
            offsets[s] = LabelsHash.unsignedToDouble(LabelsHash.of(in.labels(s))) / MAX_UINT64;
        }
        return offsets;
    }

    /** A positive ratio keeps the offsets below it; a negative one the offsets at or above 1 + ratio. */
    static boolean sampled(double ratio, double offset) {
        return (ratio >= 0 && offset < ratio) || (ratio < 0 && offset >= 1.0 + ratio);
    }
}
