package io.tessera.store.raw;

import io.tessera.core.Labels;
import java.util.Arrays;

/**
 * Reads spans of one metric's selected series from that metric's {@link RecentSamples} when it
 * holds every sample of them: the same series and samples as {@link SpanReader}, in id order,
 * from one scan of the log's newest blocks instead of a walk to every series. Declines (and the
 * caller walks the series) when the log does not reach back to the first span, or when scanning
 * it would cost more than the walk.
 */
final class RecentSpanReader {

    /** What a walk to one series costs, in log entries scanned; measured, roughly. */
    static final int ENTRIES_PER_SERIES_WALK = 200;
    /** Ids may spread over at most this many times the selected count, plus a constant, for the id-to-row table. */
    private static final int ID_SPREAD = 16;
    private static final int ID_SPREAD_SLACK = 65_536;

    private RecentSpanReader() {
    }

    /** False when the log cannot answer; nothing was visited then. */
    static boolean read(SeriesTable table, RecentSamples log, int[] ids, long[] bounds, RawStore.SeriesVisitor visitor) {
        long lo = bounds[0];
        long hi = bounds[bounds.length - 1];
        RecentSamples.State state = log.state();
        if (lo < state.coveredAfter() || lo < table.restoredUpTo || lo < table.minValidTime) {
            return false;
        }
        RecentSamples.Block[] blocks = state.blocks();
        int[] published = new int[blocks.length];
        int first = blocks.length;
        long entries = 0;
        while (first > 0) {
            RecentSamples.Block b = blocks[first - 1];
            int n = b.published;
            if (b.newestUpTo <= lo) {
                break;
            }
            published[--first] = n;
            entries += n;
        }
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
        int[] start = new int[ids.length + 1];
        for (int k = first; k < blocks.length; k++) {
            countRows(blocks[k], published[k], rowOf, minId, bounds, start);
        }
        for (int i = 0; i < ids.length; i++) {
            start[i + 1] += start[i];
        }
        int total = start[ids.length];
        long[] times = new long[total];
        long[] bits = new long[total];
        int[] fill = Arrays.copyOf(start, ids.length);
        boolean[] unsorted = new boolean[ids.length];
        for (int k = first; k < blocks.length; k++) {
            fillRows(blocks[k], published[k], rowOf, minId, bounds, fill, times, bits, start, unsorted);
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
            if (labels[j] == null) {
                continue;
            }
            if (unsorted[i]) {
                SampleSort.sort(times, bits, start[i], start[i + 1]);
            }
            int count = start[i + 1] - start[i];
            double[] values = new double[count];
            for (int q = 0; q < count; q++) {
                values[q] = Double.longBitsToDouble(bits[start[i] + q]);
            }
            visitor.visit(labels[j], Arrays.copyOfRange(times, start[i], start[i + 1]), values, count);
        }
        return true;
    }

    /** The row of entry {@code j}'s series plus one, or 0 when its series is not selected or its time in no span. */
    private static int rowOf(RecentSamples.Block b, int j, int[] rowOf, int minId, long[] bounds) {
        long t = b.times[j];
        if (!inSpans(t, bounds)) {
            return 0;
        }
        int at = b.ids[j] - minId;
        return at >= 0 && at < rowOf.length ? rowOf[at] : 0;
    }

    private static void countRows(RecentSamples.Block b, int n, int[] rowOf, int minId, long[] bounds, int[] start) {
        for (int j = 0; j < n; j++) {
            int row = rowOf(b, j, rowOf, minId, bounds);
            if (row > 0) {
                start[row]++;
            }
        }
    }

    private static void fillRows(RecentSamples.Block b, int n, int[] rowOf, int minId, long[] bounds, int[] fill,
            long[] times, long[] bits, int[] start, boolean[] unsorted) {
        for (int j = 0; j < n; j++) {
            int row = rowOf(b, j, rowOf, minId, bounds) - 1;
            if (row < 0) {
                continue;
            }
            int at = fill[row]++;
            long t = b.times[j];
            if (at > start[row] && times[at - 1] > t) {
                unsorted[row] = true;
            }
            times[at] = t;
            bits[at] = b.bits[j];
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
