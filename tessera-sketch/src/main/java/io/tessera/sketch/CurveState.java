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
    private double[] slopes = NO_DOUBLES;
    private int[] present = NO_INTS;
    private int count;
    private String unusable;

    /** An empty curve (no breakpoint: no value anywhere). */
    public CurveState() {
    }

    /**
     * A curve over {@code (start, end]} with breakpoints at {@code start + offsets[i]}, strictly
     * increasing in {@code [1, end − start]}; the arrays are taken, not copied.
     */
    public CurveState(long start, long end, int[] offsets, double[] levels, double[] slopes, int[] present, int count) {
        if (end <= start || end - start > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("curve over (" + start + ", " + end + "]");
        }
        for (int i = 0; i < count; i++) {
            if (offsets[i] < 1 || offsets[i] > end - start || i > 0 && offsets[i] <= offsets[i - 1]) {
                throw new IllegalArgumentException("breakpoint " + i + " at offset " + offsets[i] + " is out of order");
            }
            if (present[i] < 0) {
                throw new IllegalArgumentException("breakpoint " + i + " has " + present[i] + " series");
            }
        }
        this.start = start;
        this.end = end;
        this.offsets = offsets;
        this.levels = levels;
        this.slopes = slopes;
        this.present = present;
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
        double slope = slopes[i];
        return slope == 0 ? levels[i] : levels[i] + slope * (t - start - offsets[i]);
    }

    /** How many series have a value in piece {@code i}. */
    public int presentAt(int i) {
        return present[i];
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
        return slopes[i];
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
            throw new IllegalArgumentException("curves over (" + start + ", " + end + "] and (" + o.start + ", " + o.end
                    + "] are not adjacent");
        }
        if (second.end - first.start > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a merged curve would span more than int milliseconds");
        }
        String reason = first.unusable != null ? first.unusable : second.unusable;
        int n = first.count + second.count;
        int[] o2 = Arrays.copyOf(first.offsets, n);
        double[] l = Arrays.copyOf(first.levels, n);
        double[] s = Arrays.copyOf(first.slopes, n);
        int[] p = Arrays.copyOf(first.present, n);
        int shift = (int) (second.start - first.start);
        boolean continues = first.count > 0 && second.count > 0 && second.offsets[0] > 1;
        for (int i = 0; i < second.count; i++) {
            o2[first.count + i] = second.offsets[i] + shift;
            l[first.count + i] = second.levels[i];
            s[first.count + i] = second.slopes[i];
            p[first.count + i] = second.present[i];
        }
        long newStart = first.start;
        long newEnd = second.end;
        if (continues) {
            // the second pane starts with no value until its first breakpoint: say so at its start
            o2 = insert(o2, first.count, shift + 1);
            l = insert(l, first.count, 0);
            s = insert(s, first.count, 0);
            p = insert(p, first.count, 0);
            n++;
        } else if (first.count > 0 && second.count == 0) {
            o2 = Arrays.copyOf(o2, n + 1);
            o2[n] = shift + 1;
            l = Arrays.copyOf(l, n + 1);
            s = Arrays.copyOf(s, n + 1);
            p = Arrays.copyOf(p, n + 1);
            n++;
        }
        start = newStart;
        end = newEnd;
        offsets = o2;
        levels = l;
        slopes = s;
        present = p;
        count = n;
        unusable = reason;
    }

    private static int[] insert(int[] a, int at, int v) {
        int[] b = new int[a.length + 1];
        System.arraycopy(a, 0, b, 0, at);
        b[at] = v;
        System.arraycopy(a, at, b, at + 1, a.length - at);
        return b;
    }

    private static double[] insert(double[] a, int at, double v) {
        double[] b = new double[a.length + 1];
        System.arraycopy(a, 0, b, 0, at);
        b[at] = v;
        System.arraycopy(a, at, b, at + 1, a.length - at);
        return b;
    }

    @Override
    public State copy() {
        CurveState c = new CurveState();
        c.start = start;
        c.end = end;
        c.offsets = Arrays.copyOf(offsets, count);
        c.levels = Arrays.copyOf(levels, count);
        c.slopes = Arrays.copyOf(slopes, count);
        c.present = Arrays.copyOf(present, count);
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
        for (int i = 0; i < count; i++) {
            if (present[i] > 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public byte[] serialize() {
        StateWriter w = new StateWriter(family(), VERSION, 32 + count * 24).putLong(start).putLong(end);
        w.putByte(unusable == null ? 0 : 1);
        if (unusable != null) {
            w.putString(unusable);
        }
        w.putInt(count);
        for (int i = 0; i < count; i++) {
            w.putInt(offsets[i]);
        }
        for (int i = 0; i < count; i++) {
            w.putDouble(levels[i]);
        }
        for (int i = 0; i < count; i++) {
            w.putDouble(slopes[i]);
        }
        for (int i = 0; i < count; i++) {
            w.putInt(present[i]);
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
        if (n < 0 || (long) n * 24 > bytes.length) {
            throw r.invalid("breakpoint count " + n + " does not fit the bytes");
        }
        int[] offsets = new int[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = r.getInt("breakpoint offset");
            if (offsets[i] < 1 || offsets[i] > end - start || i > 0 && offsets[i] <= offsets[i - 1]) {
                throw r.invalid("breakpoint " + i + " (offset " + offsets[i] + ") is out of order or outside the pane");
            }
        }
        double[] levels = r.getDoubles(n, "levels");
        double[] slopes = r.getDoubles(n, "slopes");
        int[] present = new int[n];
        for (int i = 0; i < n; i++) {
            present[i] = r.getInt("series present");
            if (present[i] < 0) {
                throw r.invalid("breakpoint " + i + " has " + present[i] + " series present");
            }
        }
        r.finish();
        CurveState s = new CurveState(start, end, offsets, levels, slopes, present, n);
        s.unusable = reason;
        return s;
    }

    @Override
    public long memoryBytes() {
        return 64 + 24L * offsets.length;
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }
}
