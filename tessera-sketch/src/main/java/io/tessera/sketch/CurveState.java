package io.tessera.sketch;

import java.util.Arrays;

/**
 * A function of time over one pane {@code (start, end]}, piecewise linear in whole milliseconds:
 * from breakpoint {@code i} on (until the next), the value at {@code t} is
 * {@code level(i) + slope(i) · (t − time(i))}, and {@code present(i)} says how many series
 * contributed to it (none: no value). Before the first breakpoint there is no value. An ingestion
 * run builds it whole (the sum of a group's {@code rate}, {@code increase} or {@code delta}, as a
 * function of the evaluation time); it is never updated sample by sample.
 *
 * <p>A curve that could not be built exactly (a value that is not finite, two series that differ
 * only in their metric name) keeps the reason instead, so a reader answers that pane another way.
 */
public final class CurveState implements State {

    private static final int VERSION = 1;
    private static final int[] NO_INTS = {};
    private static final double[] NO_DOUBLES = {};

    private long start;
    private long end;
    private int[] offsets = NO_INTS;
    private double[] levels = NO_DOUBLES;
    /** Null when every slope is zero (a window extrapolated over whole at both edges is constant). */
    private double[] slopes;
    /** The breakpoints where the count of series present changes, and the count from each on (it changes rarely). */
    private int[] presentFrom = NO_INTS;

    private int[] presentCounts = NO_INTS;
    private int count;
    private String unusable;

    /** An empty curve (no breakpoint: no value anywhere). */
    public CurveState() {}

    /**
     * A curve over {@code (start, end]} with breakpoints at {@code start + offsets[i]}, strictly
     * increasing in {@code [1, end − start]}: the first {@code count} entries of each array.
     */
    public CurveState(long start, long end, int[] offsets, double[] levels, double[] slopes, int[] present, int count) {
        if (end <= start || end - start > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("curve over (" + start + ", " + end + "]");
        }
        int runs = 0;
        boolean sloped = false;
        for (int i = 0; i < count; i++) {
            if (offsets[i] < 1 || offsets[i] > end - start || i > 0 && offsets[i] <= offsets[i - 1]) {
                throw new IllegalArgumentException("breakpoint " + i + " at offset " + offsets[i] + " is out of order");
            }
            if (present[i] < 0) {
                throw new IllegalArgumentException("breakpoint " + i + " has " + present[i] + " series");
            }
            if (i == 0 || present[i] != present[i - 1]) {
                runs++;
            }
            sloped |= slopes[i] != 0;
        }
        this.start = start;
        this.end = end;
        this.offsets = Arrays.copyOf(offsets, count);
        this.levels = Arrays.copyOf(levels, count);
        this.slopes = sloped ? Arrays.copyOf(slopes, count) : null;
        this.presentFrom = new int[runs];
        this.presentCounts = new int[runs];
        for (int i = 0, r = 0; i < count; i++) {
            if (i == 0 || present[i] != present[i - 1]) {
                presentFrom[r] = i;
                presentCounts[r++] = present[i];
            }
        }
        this.count = count;
    }

    /** A curve over {@code (start, end]} that was not built, and why. */
    public static CurveState unusable(long start, long end, String reason) {
        CurveState s = new CurveState(start, end, NO_INTS, NO_DOUBLES, NO_DOUBLES, NO_INTS, 0);
        s.unusable = reason;
        return s;
    }

    @Override
    public StateFamily family() {
        return StateFamily.CURVE;
    }

    /** Why the curve was not built; null when it was. */
    public String unusableReason() {
        return unusable;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    /** The breakpoint in force at {@code t} (the last at or before it), or -1 before the first. */
    public int pieceAt(long t) {
        if (t <= start || t > end) {
            throw new IllegalArgumentException(t + " is outside the curve's (" + start + ", " + end + "]");
        }
        int at = Arrays.binarySearch(offsets, 0, count, (int) (t - start));
        return at >= 0 ? at : -at - 2;
    }

    /** The value at {@code t} of piece {@code i} (from {@link #pieceAt}). */
    public double valueAt(int i, long t) {
        return slopes == null || slopes[i] == 0 ? levels[i] : levels[i] + slopes[i] * (t - start - offsets[i]);
    }

    /** How many series have a value in piece {@code i}. */
    public int presentAt(int i) {
        if (presentFrom.length == 1) {
            return presentCounts[0];
        }
        int at = Arrays.binarySearch(presentFrom, i);
        return presentCounts[at >= 0 ? at : -at - 2];
    }

    public int breakpoints() {
        return count;
    }

    public long time(int i) {
        return start + offsets[i];
    }

    public double level(int i) {
        return levels[i];
    }

    public double slope(int i) {
        return slopes == null ? 0 : slopes[i];
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        throw new UnsupportedOperationException("a curve is built whole by its ingestion run, not sample by sample");
    }

    @Override
    public void update(long ts, double value) {
        throw new UnsupportedOperationException("a curve is built whole by its ingestion run, not sample by sample");
    }

    /** The curve over both panes, which must be adjacent: this one's end is the other's start, or the reverse. */
    @Override
    public void merge(State other) {
        if (!(other instanceof CurveState o)) {
            throw new IllegalArgumentException("cannot merge " + other.family() + " into CURVE");
        }
        CurveState first = o.end == start ? o : this;
        CurveState second = first == this ? o : this;
        if (first.end != second.start) {
            throw new IllegalArgumentException(
                    "curves over (" + start + ", " + end + "] and (" + o.start + ", " + o.end + "] are not adjacent");
        }
        if (second.end - first.start > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a merged curve would span more than int milliseconds");
        }
        int n = first.count + second.count + 1;
        int[] at = new int[n];
        double[] level = new double[n];
        double[] slope = new double[n];
        int[] present = new int[n];
        int k = 0;
        for (int i = 0; i < first.count; i++, k++) {
            at[k] = first.offsets[i];
            level[k] = first.levels[i];
            slope[k] = first.slope(i);
            present[k] = first.presentAt(i);
        }
        int shift = (int) (second.start - first.start);
        if (k > 0 && (second.count == 0 || second.offsets[0] > 1)) {
            // the second pane has no value until its first breakpoint
            at[k++] = shift + 1;
        }
        for (int i = 0; i < second.count; i++, k++) {
            at[k] = second.offsets[i] + shift;
            level[k] = second.levels[i];
            slope[k] = second.slope(i);
            present[k] = second.presentAt(i);
        }
        CurveState merged = new CurveState(first.start, second.end, at, level, slope, present, k);
        String reason = first.unusable != null ? first.unusable : second.unusable;
        start = merged.start;
        end = merged.end;
        offsets = merged.offsets;
        levels = merged.levels;
        slopes = merged.slopes;
        presentFrom = merged.presentFrom;
        presentCounts = merged.presentCounts;
        count = merged.count;
        unusable = reason;
    }

    @Override
    public State copy() {
        CurveState c = new CurveState();
        c.start = start;
        c.end = end;
        c.offsets = offsets.clone();
        c.levels = levels.clone();
        c.slopes = slopes == null ? null : slopes.clone();
        c.presentFrom = presentFrom.clone();
        c.presentCounts = presentCounts.clone();
        c.count = count;
        c.unusable = unusable;
        return c;
    }

    /** True when no breakpoint says a series is present (and the curve was built). */
    @Override
    public boolean isEmpty() {
        if (unusable != null) {
            return false;
        }
        for (int n : presentCounts) {
            if (n > 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public byte[] serialize() {
        StateWriter w = new StateWriter(family(), VERSION, 40 + count * 12)
                .putLong(start)
                .putLong(end);
        w.putByte(unusable == null ? 0 : 1);
        if (unusable != null) {
            w.putString(unusable);
        }
        w.putInt(count);
        for (int i = 0; i < count; i++) {
            w.putInt(offsets[i]);
        }
        w.putDoubles(levels);
        w.putByte(slopes == null ? 0 : 1);
        if (slopes != null) {
            w.putDoubles(slopes);
        }
        w.putInt(presentFrom.length);
        for (int r = 0; r < presentFrom.length; r++) {
            w.putInt(presentFrom[r]).putInt(presentCounts[r]);
        }
        return w.toByteArray();
    }

    public static CurveState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.CURVE, VERSION);
        long start = r.getLong("start");
        long end = r.getLong("end");
        if (end <= start || end - start > Integer.MAX_VALUE) {
            throw r.invalid("curve span (" + start + ", " + end + "] is empty or too long");
        }
        int flag = r.getByte("unusable flag");
        if (flag > 1) {
            throw r.invalid("unusable flag is " + flag);
        }
        String reason = flag == 1 ? r.getString("unusable reason") : null;
        int n = r.getInt("breakpoint count");
        if (n < 0) {
            throw r.invalid("breakpoint count is negative (" + n + ")");
        }
        // each breakpoint takes at least 12 bytes: a count beyond the bytes runs out of them (truncated) before this
        // fills
        int[] offsets = new int[Math.min(n, bytes.length)];
        for (int i = 0; i < n; i++) {
            int offset = r.getInt("breakpoint offset");
            offsets[i] = offset;
            if (offsets[i] < 1 || offsets[i] > end - start || i > 0 && offsets[i] <= offsets[i - 1]) {
                throw r.invalid("breakpoint " + i + " (offset " + offsets[i] + ") is out of order or outside the pane");
            }
        }
        double[] levels = r.getDoubles(n, "levels");
        int sloped = r.getByte("slopes flag");
        if (sloped > 1) {
            throw r.invalid("slopes flag is " + sloped);
        }
        double[] slopes = sloped == 1 ? r.getDoubles(n, "slopes") : new double[n];
        int runs = r.getInt("series-present runs");
        if (runs < 0 || runs > n || n > 0 != runs > 0) {
            throw r.invalid(runs + " series-present runs for " + n + " breakpoints");
        }
        int[] present = new int[n];
        int from = -1;
        for (int k = 0; k < runs; k++) {
            int at = r.getInt("series-present run start");
            int value = r.getInt("series present");
            if (k == 0 ? at != 0 : at <= from || at >= n) {
                throw r.invalid("series-present run " + k + " starts at breakpoint " + at);
            }
            if (value < 0) {
                throw r.invalid("series-present run " + k + " has " + value + " series present");
            }
            Arrays.fill(present, at, n, value);
            from = at;
        }
        r.finish();
        CurveState s = new CurveState(start, end, offsets, levels, slopes, present, n);
        s.unusable = reason;
        return s;
    }

    @Override
    public long memoryBytes() {
        return 96 + 12L * offsets.length + (slopes == null ? 0 : 8L * slopes.length) + 8L * presentFrom.length;
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }
}
