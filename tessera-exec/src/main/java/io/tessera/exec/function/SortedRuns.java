package io.tessera.exec.function;

/**
 * Order statistics of the union of sorted runs without merging them: the {@code k}-th smallest
 * is found by pivoting on the weighted median of the runs' values at the rank's share (their
 * middles when that drops too few) and counting, in every run, the values below and not above
 * it by a search outwards from that run's own candidate; each middle step drops at least a
 * quarter of the candidates, so a rank among n values takes O(log n) steps of one search per run,
 * and within a few ranks of a pivot the answer is walked to value by value.
 * Runs are ascending in {@link Double#compare} order (−0.0 before 0.0) and hold no NaN.
 */
public final class SortedRuns {

    /** Within this many ranks of a pivot, the answer is walked to value by value instead of pivoting again. */
    private static final int WALK = 64;

    private final int[] lo;
    private final int[] hi;
    private final int[] below;
    private final int[] notAbove;
    private final WeightedMedian pivots;
    private final int[] split;
    private final int[] near;
    private int splitCount = -1;
    private boolean repeats;
    private double last;

    /** Scratch for up to {@code maxRuns} runs. */
    public SortedRuns(int maxRuns) {
        lo = new int[maxRuns];
        hi = new int[maxRuns];
        below = new int[maxRuns];
        notAbove = new int[maxRuns];
        pivots = new WeightedMedian(maxRuns);
        split = new int[maxRuns];
        near = new int[maxRuns];
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
                below[r] = lo[r] == hi[r] ? lo[r] : firstNotBeforeNear(runs[r], lo[r], hi[r], pivot, near[r]);
                int at = below[r];
                notAbove[r] = at < hi[r] && Double.compare(runs[r][at], pivot) > 0
                        ? at
                        : firstAfter(runs[r], Math.min(at + 1, hi[r]), hi[r], pivot);
                less += below[r] - lo[r];
                notMore += notAbove[r] - lo[r];
            }
            long left;
            if (rest < less && less - rest <= WALK) {
                return walkDown(runs, count, less - 1 - rest);
            } else if (rest >= notMore && rest - notMore < WALK) {
                return walkUp(runs, count, rest - notMore);
            } else if (rest < less) {
                System.arraycopy(below, 0, hi, 0, count);
                left = less;
            } else if (rest < notMore) {
                return answered(pivot, notAbove, count, -1, rest + 1 < notMore);
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
     * The {@code steps}-th smallest (0-based) of the runs' values from {@code notAbove[r]} up to
     * {@code hi[r]}, by taking the smallest head {@code steps + 1} times.
     */
    private double walkUp(double[][] runs, int count, long steps) {
        int[] at = notAbove;
        while (true) {
            int best = -1;
            for (int r = 0; r < count; r++) {
                if (at[r] < hi[r] && (best < 0 || Double.compare(runs[r][at[r]], runs[best][at[best]]) < 0)) {
                    best = r;
                }
            }
            if (steps-- == 0) {
                return answered(runs[best][at[best]], at, count, best, false);
            }
            at[best]++;
        }
    }

    /**
     * The {@code steps}-th largest (0-based) of the runs' values from {@code lo[r]} up to
     * {@code below[r]}, by taking the largest tail {@code steps + 1} times.
     */
    private double walkDown(double[][] runs, int count, long steps) {
        int[] end = below;
        while (true) {
            int best = -1;
            for (int r = 0; r < count; r++) {
                if (end[r] > lo[r]
                        && (best < 0 || Double.compare(runs[r][end[r] - 1], runs[best][end[best] - 1]) > 0)) {
                    best = r;
                }
            }
            if (steps-- == 0) {
                return answered(runs[best][end[best] - 1], end, count, -1, false);
            }
            end[best]--;
        }
    }

    /**
     * Keeps where the {@code k}-th value splits the runs for {@link #following}: {@code after[r]}
     * is the first index of run {@code r} after it in order ({@code taken}'s index is the answer's
     * own, one more), {@code repeats} whether the next rank holds the same value.
     */
    private double answered(double value, int[] after, int count, int taken, boolean repeats) {
        System.arraycopy(after, 0, split, 0, count);
        if (taken >= 0) {
            split[taken]++;
        }
        splitCount = count;
        this.repeats = repeats;
        last = value;
        return value;
    }

    /**
     * The {@code k + 1}-th smallest value after a {@link #kth} call for rank {@code k} on the same
     * runs, without searching them again; {@link Double#NaN} when the {@code k}-th was the
     * largest. Only once per {@link #kth}.
     */
    public double following(double[][] runs, int[] lengths) {
        int count = splitCount;
        if (count < 0) {
            throw new IllegalStateException("following() needs a kth() on the same runs just before");
        }
        splitCount = -1;
        if (repeats) {
            return last;
        }
        double next = Double.NaN;
        for (int r = 0; r < count; r++) {
            int at = split[r];
            if (at < lengths[r] && (Double.isNaN(next) || Double.compare(runs[r][at], next) < 0)) {
                next = runs[r][at];
            }
        }
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
            near[r] = lo[r] + (int) Math.min(size - 1, (long) (share * size));
            if (size > 0) {
                pivots.add(runs[r][near[r]], size);
            }
        }
        return pivots.median();
    }

    /**
     * {@link #firstNotBefore}, searched outwards from {@code near} (in {@code [from, to)}) in steps
     * that double: the pivot lies close to each run's own candidate, and the few cache lines around
     * it are what a search of thousands of runs waits for.
     */
    private static int firstNotBeforeNear(double[] run, int from, int to, double v, int near) {
        int step = 1;
        if (precedes(run[near], v)) {
            int low = near + 1;
            while (low + step - 1 < to && precedes(run[low + step - 1], v)) {
                low += step;
                step <<= 1;
            }
            return firstNotBefore(run, low, Math.min(low + step - 1, to), v);
        }
        int high = near;
        while (high - step >= from && !precedes(run[high - step], v)) {
            high -= step;
            step <<= 1;
        }
        return firstNotBefore(run, Math.max(high - step + 1, from), high, v);
    }

    private static boolean precedes(double x, double v) {
        return x < v || x == v && Double.doubleToRawLongBits(x) < Double.doubleToRawLongBits(v);
    }

    /** The first index in {@code [from, to)} whose value is not below {@code v} (in {@link Double#compare} order). */
    private static int firstNotBefore(double[] run, int from, int to, double v) {
        while (from < to) {
            int mid = (from + to) >>> 1;
            double x = run[mid];
            if (precedes(x, v)) {
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
            if (!precedes(v, x)) {
                from = mid + 1;
            } else {
                to = mid;
            }
        }
        return from;
    }
}
