package io.tessera.exec.function;

/**
 * Order statistics of the union of sorted runs without merging them: the {@code k}-th smallest
 * is found by pivoting on the weighted median of the runs' middle values and counting, in every
 * run, the values below and not above it by binary search; each step drops at least a quarter of
 * the candidates, so a rank among n values takes O(log n) steps of one binary search per run.
 * Runs are ascending in {@link Double#compare} order (−0.0 before 0.0) and hold no NaN.
 */
public final class SortedRuns {

    private final int[] lo;
    private final int[] hi;
    private final int[] below;
    private final int[] notAbove;
    private final WeightedMedian pivots;

    /** Scratch for up to {@code maxRuns} runs. */
    public SortedRuns(int maxRuns) {
        lo = new int[maxRuns];
        hi = new int[maxRuns];
        below = new int[maxRuns];
        notAbove = new int[maxRuns];
        pivots = new WeightedMedian(maxRuns);
    }

    public int capacity() {
        return lo.length;
    }

    /**
     * The {@code k}-th smallest value (0-based) of {@code runs[r][0, lengths[r])} for {@code r <
     * count}; {@code k} must be below their total length.
     */
    public double kth(double[][] runs, int[] lengths, int count, long k) {
        long active = 0;
        for (int r = 0; r < count; r++) {
            lo[r] = 0;
            hi[r] = lengths[r];
            active += lengths[r];
        }
        long rest = k;
        boolean guess = true;
        while (true) {
            // first each run's value at the rank's share of its candidates (close to the answer when the runs hold
            // alike values); when that drops too few, the weighted median of the middles, which drops a quarter
            double pivot = weightedMedian(runs, count, guess ? (rest + 0.5) / active : 0.5);
            long less = 0;
            long notMore = 0;
            for (int r = 0; r < count; r++) {
                below[r] = firstNotBefore(runs[r], lo[r], hi[r], pivot);
                notAbove[r] = firstAfter(runs[r], below[r], hi[r], pivot);
                less += below[r] - lo[r];
                notMore += notAbove[r] - lo[r];
            }
            long left;
            if (rest < less) {
                System.arraycopy(below, 0, hi, 0, count);
                left = less;
            } else if (rest < notMore) {
                return pivot;
            } else {
                rest -= notMore;
                System.arraycopy(notAbove, 0, lo, 0, count);
                left = active - notMore;
            }
            guess = left <= active * 3 / 4;
            active = left;
        }
    }

    /**
     * The smallest value of the runs above {@code v}, {@link Double#NaN} when none is; {@code
     * notAboveOut[0]} receives how many of the runs' values are not above {@code v}. With the
     * {@code k}-th value as {@code v}, the {@code k + 1}-th is {@code v} again when more than
     * {@code k + 1} values are not above it, else this one.
     */
    public double next(double[][] runs, int[] lengths, int count, double v, long[] notAboveOut) {
        double next = Double.NaN;
        long notMore = 0;
        for (int r = 0; r < count; r++) {
            int after = firstAfter(runs[r], 0, lengths[r], v);
            notMore += after;
            if (after < lengths[r] && (Double.isNaN(next) || Double.compare(runs[r][after], next) < 0)) {
                next = runs[r][after];
            }
        }
        notAboveOut[0] = notMore;
        return next;
    }

    /**
     * Each run's candidate at {@code share} of its candidates, weighed by how many candidates the
     * run has left, and of them the one at half the weight. At a share of one half (the middles)
     * at least a quarter of all candidates lie on either side of it.
     */
    private double weightedMedian(double[][] runs, int count, double share) {
        pivots.clear();
        for (int r = 0; r < count; r++) {
            int size = hi[r] - lo[r];
            if (size > 0) {
                pivots.add(runs[r][lo[r] + (int) Math.min(size - 1, (long) (share * size))], size);
            }
        }
        return pivots.median();
    }

    /** The first index in {@code [from, to)} whose value is not below {@code v} (in {@link Double#compare} order). */
    private static int firstNotBefore(double[] run, int from, int to, double v) {
        while (from < to) {
            int mid = (from + to) >>> 1;
            double x = run[mid];
            if (x < v || x == v && Double.doubleToRawLongBits(x) < Double.doubleToRawLongBits(v)) {
                from = mid + 1;
            } else {
                to = mid;
            }
        }
        return from;
    }

    /** The first index in {@code [from, to)} whose value is above {@code v} (in {@link Double#compare} order). */
    private static int firstAfter(double[] run, int from, int to, double v) {
        while (from < to) {
            int mid = (from + to) >>> 1;
            double x = run[mid];
            if (x < v || x == v && Double.doubleToRawLongBits(x) <= Double.doubleToRawLongBits(v)) {
                from = mid + 1;
            } else {
                to = mid;
            }
        }
        return from;
    }
}
