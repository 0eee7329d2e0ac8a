package io.tessera.store.raw;

import io.tessera.core.Labels;
import io.tessera.core.Search;
import io.tessera.spi.DataStore;
import java.util.Arrays;

/**
 * Reads spans of one metric's selected series from that metric's {@link RecentSamples} when it
 * holds every sample of them: the same series and samples as {@link SpanReader}, in id order,
 * from the log's newest blocks (full ones in time order, searched) instead of a walk to every
 * series. Declines (and the caller walks the series) when the log does not reach back to the
 * first span, or when the entries it would visit cost more than the walk.
 */
final class RecentSpanReader {

    /** What a walk to one series costs, in log entries visited; measured, roughly. */
    static final int ENTRIES_PER_SERIES_WALK = 200;
    /** Ids may spread over at most this many times the selected count, plus a constant, for the id-to-row table. */
    private static final int ID_SPREAD = 16;

    private static final int ID_SPREAD_SLACK = 65_536;

    private RecentSpanReader() {}

    /** False when the log cannot answer; nothing was visited then. */
    static boolean read(SeriesTable table, RecentSamples log, int[] ids, long[] bounds, DataStore.SeriesSink visitor) {
        long lo = bounds[0];
        RecentSamples.State state = log.state();
        if (lo < state.coveredAfter() || lo < table.restoredUpTo || lo < table.minValidTime) {
            return false;
        }
        RecentSamples.Block[] blocks = state.blocks().clone();
        int[] published = new int[blocks.length];
        int first = blocks.length;
        while (first > 0 && blocks[first - 1].newestUpTo > lo) {
            first--;
            published[first] = blocks[first].published;
        }
        long entries = inTimeOrder(log, blocks, first, published, bounds);
        if (entries > (long) ENTRIES_PER_SERIES_WALK * ids.length) {
            return false;
        }
        if (ids.length == 0) {
            return true;
        }
        int minId = ids[0];
        long spread = (long) ids[ids.length - 1] - minId + 1;
        if (spread > (long) ID_SPREAD * ids.length + ID_SPREAD_SLACK) {
            return false;
        }
        int[] rowOf = new int[(int) spread];
        for (int i = 0; i < ids.length; i++) {
            rowOf[ids[i] - minId] = i + 1;
        }
        // one pass over the log keeps the entries read, then a counting sort by row
        Matches m = new Matches((int) Math.min(entries + 16, Integer.MAX_VALUE - 16));
        for (int k = first; k < blocks.length; k++) {
            m.collect(blocks[k], published[k], rowOf, minId, bounds);
        }
        int[] start = new int[ids.length + 1];
        for (int e = 0; e < m.size; e++) {
            start[m.rows[e]]++;
        }
        for (int i = 0; i < ids.length; i++) {
            start[i + 1] += start[i];
        }
        int total = start[ids.length];
        long[] times = new long[total];
        double[] values = new double[total];
        int[] fill = Arrays.copyOf(start, ids.length);
        boolean[] unsorted = new boolean[ids.length];
        for (int e = 0; e < m.size; e++) {
            int row = m.rows[e] - 1;
            int at = fill[row]++;
            long t = m.times[e];
            if (at > start[row] && times[at - 1] > t) {
                unsorted[row] = true;
            }
            times[at] = t;
            values[at] = Double.longBitsToDouble(m.bits[e]);
        }
        int[] withSamples = new int[ids.length];
        int[] rows = new int[ids.length];
        int n = 0;
        for (int i = 0; i < ids.length; i++) {
            if (start[i + 1] > start[i]) {
                withSamples[n] = ids[i];
                rows[n++] = i;
            }
        }
        Labels[] labels = table.index.labelsOf(withSamples, n);
        for (int j = 0; j < n; j++) {
            int i = rows[j];
            if (unsorted[i]) {
                sort(times, values, start[i], start[i + 1]);
            }
        }
        // every series is handed as its range of the same two arrays
        for (int j = 0; j < n; j++) {
            int i = rows[j];
            if (labels[j] != null) {
                visitor.seriesRange(labels[j], times, values, start[i], start[i + 1] - start[i]);
            }
        }
        return true;
    }

    /** Sorts the samples {@code [from, to)} by time, as {@link SampleSort} does with the values' bits. */
    private static void sort(long[] times, double[] values, int from, int to) {
        int n = to - from;
        long[] t = Arrays.copyOfRange(times, from, to);
        long[] bits = new long[n];
        for (int k = 0; k < n; k++) {
            bits[k] = Double.doubleToRawLongBits(values[from + k]);
        }
        SampleSort.sort(t, bits, 0, n);
        System.arraycopy(t, 0, times, from, n);
        for (int k = 0; k < n; k++) {
            values[from + k] = Double.longBitsToDouble(bits[k]);
        }
    }

    /**
     * Puts the full blocks from {@code first} on in time order (sorted copies take the originals'
     * places, here and in the log) and returns what a read of the spans would visit: the entries
     * of full blocks in a span, every entry of the block still growing.
     */
    private static long inTimeOrder(
            RecentSamples log, RecentSamples.Block[] blocks, int first, int[] published, long[] bounds) {
        RecentSamples.Block[] originals = new RecentSamples.Block[blocks.length - first];
        RecentSamples.Block[] sorted = new RecentSamples.Block[blocks.length - first];
        int replaced = 0;
        long entries = 0;
        for (int k = first; k < blocks.length; k++) {
            RecentSamples.Block b = blocks[k];
            if (!full(b, published[k])) {
                entries += published[k];
                continue;
            }
            if (!b.timeOrdered) {
                RecentSamples.Block ordered = b.inTimeOrder();
                if (ordered != b) {
                    originals[replaced] = b;
                    sorted[replaced++] = ordered;
                    blocks[k] = ordered;
                    b = ordered;
                }
            }
            for (int i = 0; i < bounds.length; i += 2) {
                entries += Search.firstAfter(b.times, 0, published[k], bounds[i + 1])
                        - Search.firstAfter(b.times, 0, published[k], bounds[i]);
            }
        }
        if (replaced > 0) {
            log.replace(originals, sorted, replaced);
        }
        return entries;
    }

    /** Whether the block's first {@code n} entries are all it has: it is sealed and, once put in time order, searchable. */
    private static boolean full(RecentSamples.Block b, int n) {
        return n == b.capacity() && b.sealed();
    }

    /** The entries of the selected series in the spans, in log order: row plus one, time, bits. */
    private static final class Matches {
        int[] rows;
        long[] times;
        long[] bits;
        int size;

        /** @param expected the entries the read will visit, all of which may match */
        Matches(int expected) {
            int n = Math.max(expected, 16);
            rows = new int[n];
            times = new long[n];
            bits = new long[n];
        }

        /**
         * The entries of block {@code b}'s first {@code n} in the spans: of a full block (in time
         * order, see {@link #inTimeOrder}) only those, found by binary search; of the block still
         * growing, each entry checked.
         */
        void collect(RecentSamples.Block b, int n, int[] rowOf, int minId, long[] bounds) {
            if (full(b, n)) {
                for (int k = 0; k < bounds.length; k += 2) {
                    int from = Search.firstAfter(b.times, 0, n, bounds[k]);
                    int to = Search.firstAfter(b.times, 0, n, bounds[k + 1]);
                    for (int j = from; j < to; j++) {
                        add(b, j, rowOf, minId);
                    }
                }
                return;
            }
            long[] ts = b.times;
            for (int j = 0; j < n; j++) {
                if (inSpans(ts[j], bounds)) {
                    add(b, j, rowOf, minId);
                }
            }
        }

        private void add(RecentSamples.Block b, int j, int[] rowOf, int minId) {
            int at = b.ids[j] - minId;
            int row = at >= 0 && at < rowOf.length ? rowOf[at] : 0;
            if (row == 0) {
                return;
            }
            long t = b.times[j];
            if (size == rows.length) {
                rows = Arrays.copyOf(rows, 2 * size);
                times = Arrays.copyOf(times, 2 * size);
                bits = Arrays.copyOf(bits, 2 * size);
            }
            rows[size] = row;
            times[size] = t;
            bits[size++] = b.bits[j];
        }
    }

    private static boolean inSpans(long t, long[] bounds) {
        for (int k = 0; k < bounds.length; k += 2) {
            if (t <= bounds[k]) {
                return false;
            }
            if (t <= bounds[k + 1]) {
                return true;
            }
        }
        return false;
    }
}
