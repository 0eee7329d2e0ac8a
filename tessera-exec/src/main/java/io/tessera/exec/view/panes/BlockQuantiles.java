package io.tessera.exec.view.panes;

import io.tessera.exec.function.Quantiles;
import io.tessera.exec.function.SortedRuns;
import io.tessera.sketch.KllState;
import io.tessera.spi.ViewStates;
import java.util.Arrays;
import java.util.List;

/**
 * Exact quantiles at one instant from KLL panes that still hold their samples' values, with the
 * whole blocks of the window kept as sorted values ({@link PaneBlocks.Values}): the window's other
 * values (its loose panes and raw edges) are sorted, and the ranks the quantile needs are selected
 * from all the sorted runs at once ({@link SortedRuns}), NaNs ordered first as Prometheus orders
 * them. Not thread-safe; one per run.
 */
final class BlockQuantiles {

    /** Below this many values a run on average, the runs are copied together and selected from once. */
    private static final int SHORT_RUNS = 64;

    /**
     * A rank at most this many values below the largest is found by walking down from the runs'
     * tops (each step takes the largest top left), which reads one cache line of each run.
     */
    private static final int TOP_WALK = 16;

    private SortedRuns select = new SortedRuns(1);
    private int[] tops = new int[1];
    private double[][] runs = new double[1][];
    private int[] lengths = new int[1];
    private int count;
    private double[] copy = new double[1024];

    /** How many values the last {@link #quantile} saw, NaNs included; -1 when too many to rank. */
    int count() {
        return count;
    }

    /**
     * The φ-quantile of {@code loose[0, looseCount)} (reordered by this call) and of group
     * {@code storeId}'s values in the {@code whole} blocks.
     */
    double quantile(double q, double[] loose, int looseCount, List<PaneBlocks.Values> whole, int storeId) {
        int kept = 0;
        for (int i = 0; i < looseCount; i++) {
            if (!Double.isNaN(loose[i])) {
                loose[kept++] = loose[i];
            }
        }
        long nans = looseCount - kept;
        Arrays.sort(loose, 0, kept);
        if (select.capacity() < whole.size() + 1) {
            select = new SortedRuns(whole.size() + 1);
            runs = new double[whole.size() + 1][];
            lengths = new int[whole.size() + 1];
        }
        int runCount = 0;
        runs[runCount] = loose;
        lengths[runCount++] = kept;
        long values = kept;
        for (PaneBlocks.Values block : whole) {
            if (storeId >= block.sorted().length) {
                continue;
            }
            double[] sorted = block.sorted()[storeId];
            if (sorted != null && sorted.length > 0) {
                runs[runCount] = sorted;
                lengths[runCount++] = sorted.length;
                values += sorted.length;
            }
            nans += block.nans()[storeId];
        }
        long n = values + nans;
        if (n > Integer.MAX_VALUE - 8) {
            count = -1;
            return Double.NaN;
        }
        count = (int) n;
        if (Quantiles.needsNoValues(q, count)) {
            return Quantiles.withoutValues(q, count);
        }
        long nanCount = nans;
        int used = runCount;
        long lower = (long) Math.max(0, Math.floor(q * (count - 1)));
        if (lower >= nanCount && values - 1 - (lower - nanCount) < TOP_WALK) {
            long nonNan = values;
            return Quantiles.ofRanked(
                    q, count, rank -> rank < nanCount ? Double.NaN : fromTop(nonNan - 1 - (rank - nanCount), used));
        }
        if (values < SHORT_RUNS * runCount) {
            return gathered(q, runCount, nans);
        }
        long[] lastRank = {-1};
        // the quantile asks two neighbouring ranks: the second is the first again or the next value above it
        return Quantiles.ofRanked(q, count, rank -> {
            if (rank < nanCount) {
                return Double.NaN;
            }
            long r = rank - nanCount;
            if (lastRank[0] >= 0 && r == lastRank[0] + 1) {
                lastRank[0] = -1;
                return select.following(runs, lengths);
            }
            lastRank[0] = r;
            return select.kth(runs, lengths, used, r);
        });
    }

    /** The value {@code k} places below the largest of the first {@code runCount} runs (0: the largest). */
    private double fromTop(long k, int runCount) {
        if (tops.length < runCount) {
            tops = new int[runCount];
        }
        for (int r = 0; r < runCount; r++) {
            tops[r] = lengths[r] - 1;
        }
        double value = Double.NaN;
        for (long step = 0; step <= k; step++) {
            int best = -1;
            for (int r = 0; r < runCount; r++) {
                if (tops[r] >= 0 && (best < 0 || Double.compare(runs[r][tops[r]], runs[best][tops[best]]) > 0)) {
                    best = r;
                }
            }
            value = runs[best][tops[best]--];
        }
        return value;
    }

    /**
     * The quantile by one selection over all the runs' values copied together, NaNs added: for
     * short runs (a slow scrape) a copy and a linear selection cost less than binary searches.
     */
    private double gathered(double q, int runCount, long nans) {
        int all = count;
        if (copy.length < all) {
            copy = new double[Math.max(all, 2 * copy.length)];
        }
        int at = 0;
        for (int r = 0; r < runCount; r++) {
            System.arraycopy(runs[r], 0, copy, at, lengths[r]);
            at += lengths[r];
        }
        Arrays.fill(copy, at, at + (int) nans, Double.NaN);
        return Quantiles.quantileBySelection(q, copy, all);
    }

    /**
     * The values of the KLL states of panes {@code [first, first + size)} by the
     * store's group id, each group's sorted; null when one state no longer holds its values.
     */
    static PaneBlocks.Values sortedValues(ViewStates states, int first, int size) {
        double[][][] values = {new double[16][]};
        int[][] lengths = {new int[16]};
        int[][] nans = {new int[16]};
        boolean[] exact = {true};
        int[] filled = new int[1];
        for (int p = first; p < first + size && exact[0]; p++) {
            states.forEachGroup(p, (id, state) -> {
                if (!exact[0]) {
                    return;
                }
                if (id >= values[0].length) {
                    int grownTo = Math.max(id + 1, 2 * values[0].length);
                    values[0] = Arrays.copyOf(values[0], grownTo);
                    lengths[0] = Arrays.copyOf(lengths[0], grownTo);
                    nans[0] = Arrays.copyOf(nans[0], grownTo);
                }
                KllState kll = (KllState) state;
                double[] into = values[0][id] == null ? new double[32] : values[0][id];
                double[] grown = kll.exactValues(into, lengths[0][id], filled);
                long allNans = nans[0][id] + kll.nanCount();
                if (grown == null || allNans > Integer.MAX_VALUE / 2) {
                    exact[0] = false;
                    return;
                }
                values[0][id] = grown;
                lengths[0][id] = filled[0];
                nans[0][id] = (int) allNans;
            });
        }
        if (!exact[0]) {
            return null;
        }
        double[][] sorted = values[0];
        for (int id = 0; id < sorted.length; id++) {
            if (sorted[id] != null) {
                sorted[id] = Arrays.copyOf(sorted[id], lengths[0][id]);
                Arrays.sort(sorted[id]);
            }
        }
        return new PaneBlocks.Values(sorted, Arrays.copyOf(nans[0], sorted.length));
    }
}
