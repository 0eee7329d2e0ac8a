package io.tessera.exec.function;

/**
 * Order statistics of the union of sorted runs without merging them: the {@code k}-th smallest
 * is found by pivoting on a run's middle value and counting, in every run, the values below and
 * not above it by binary search; each step drops at least half of the longest run's candidates.
 * Runs are ascending in {@link Double#compare} order (−0.0 before 0.0) and hold no NaN.
 */
public final class SortedRuns {

    private final int[] lo;
    private final int[] hi;
    private final int[] below;
    private final int[] notAbove;

    /** Scratch for up to {@code maxRuns} runs. */
    public SortedRuns(int maxRuns) {
        lo = new int[maxRuns];
        hi = new int[maxRuns];
        below = new int[maxRuns];
        notAbove = new int[maxRuns];
    }

    public int capacity() {
        return lo.length;
    }

    /**
     * The {@code k}-th smallest value (0-based) of {@code runs[r][0, lengths[r])} for {@code r <
     * count}; {@code k} must be below their total length.
     */
    public double kth(double[][] runs, int[] lengths, int count, long k) {
        for (int r = 0; r < count; r++) {
            lo[r] = 0;
            hi[r] = lengths[r];
        }
        long rest = k;
        while (true) {
            int longest = -1;
            int size = 0;
            for (int r = 0; r < count; r++) {
                if (hi[r] - lo[r] > size) {
                    size = hi[r] - lo[r];
                    longest = r;
                }
            }
            if (longest < 0) {
                throw new IllegalArgumentException("rank " + k + " is past the runs' values");
            }
            double pivot = runs[longest][(lo[longest] + hi[longest]) >>> 1];
            long less = 0;
            long notMore = 0;
            for (int r = 0; r < count; r++) {
                below[r] = firstNotBefore(runs[r], lo[r], hi[r], pivot);
                notAbove[r] = firstAfter(runs[r], below[r], hi[r], pivot);
                less += below[r] - lo[r];
                notMore += notAbove[r] - lo[r];
            }
            if (rest < less) {
                System.arraycopy(below, 0, hi, 0, count);
            } else if (rest < notMore) {
                return pivot;
            } else {
                rest -= notMore;
                System.arraycopy(notAbove, 0, lo, 0, count);
            }
        }
    }

    /** The first index in {@code [from, to)} whose value is not below {@code v}. */
    private static int firstNotBefore(double[] run, int from, int to, double v) {
        while (from < to) {
            int mid = (from + to) >>> 1;
            if (Double.compare(run[mid], v) < 0) {
                from = mid + 1;
            } else {
                to = mid;
            }
        }
        return from;
    }

    /** The first index in {@code [from, to)} whose value is above {@code v}. */
    private static int firstAfter(double[] run, int from, int to, double v) {
        while (from < to) {
            int mid = (from + to) >>> 1;
            if (Double.compare(run[mid], v) <= 0) {
                from = mid + 1;
            } else {
                to = mid;
            }
        }
        return from;
    }
}
