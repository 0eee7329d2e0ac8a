package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The samples themselves, in time order: an exact summary from which any window inside the
 * interval can be cut, wherever its edges fall. Sample {@code i} is at {@code base() +
 * offsets()[from() + i]} with the value {@code values()[from() + i]}.
 *
 * <p>The times and values of all the runs of one pane are packed into one pair of arrays
 * ({@link #pack}), in the order the pane was built, so that a reader walking series after series
 * reads each pane's arrays front to back. Stale markers are not samples. Samples must come in
 * strictly ascending time order, at most {@link Integer#MAX_VALUE} ms after the first.
 */
public final class SampleRunState implements State {

    static final int VERSION = 1;

    private long base;
    private int count;
    private int[] offsets = new int[0];
    private double[] values = new double[0];
    private int from;
    /** Whether the arrays are this run's own (it may grow) or a slice of its pane's. */
    private boolean packed;

    private boolean finite = true;
    private boolean dropped;
    /** The time between consecutive samples while all are that far apart, -1 once two are not; 0 below two samples. */
    private long interval;

    @Override
    public StateFamily family() {
        return StateFamily.SAMPLES;
    }

    @Override
    public void update(long[] ts, double[] vs, int from, int to) {
        reserve(count + (to - from));
        // the arrays are this run's own now (from is 0): the loop keeps what it needs in locals
        int n = count;
        long last = n == 0 ? Long.MIN_VALUE : base + offsets[n - 1];
        for (int i = from; i < to; i++) {
            double v = vs[i];
            if (StaleMarker.isStale(v)) {
                continue;
            }
            long t = ts[i];
            if (n == 0) {
                base = t;
            } else if (t <= last || t - base >= Integer.MAX_VALUE) {
                count = n;
                update(t, v);
                throw new IllegalStateException("unreachable: " + t + " was accepted after " + last);
            }
            long offset = t - base;
            if (n > 0) {
                dropped |= v < values[n - 1];
                if (n == 1) {
                    interval = offset;
                } else if (interval > 0 && offset != interval * n) {
                    interval = -1;
                }
            }
            offsets[n] = (int) offset;
            values[n] = v;
            finite &= Double.isFinite(v);
            n++;
            last = t;
        }
        count = n;
    }

    @Override
    public void update(long ts, double v) {
        if (StaleMarker.isStale(v)) {
            return;
        }
        if (count == 0) {
            base = ts;
        } else {
            long last = time(count - 1);
            if (ts <= last) {
                throw new IllegalArgumentException("samples must be in ascending time order: " + ts + " after " + last);
            }
        }
        long offset = ts - base;
        if (offset >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a sample run spans at most " + (Integer.MAX_VALUE - 1) + " ms; " + ts
                    + " is " + offset + " ms after its first sample");
        }
        reserve(count + 1);
        dropped |= count > 0 && v < values[count - 1];
        if (count == 1) {
            interval = offset;
        } else if (count > 1 && interval > 0 && offset != interval * count) {
            interval = -1;
        }
        offsets[count] = (int) offset;
        values[count] = v;
        finite &= Double.isFinite(v);
        count++;
    }

    /** Room for {@code n} samples in arrays of this run's own (a packed run is copied out first). */
    private void reserve(int n) {
        if (packed) {
            offsets = Arrays.copyOfRange(offsets, from, from + count);
            values = Arrays.copyOfRange(values, from, from + count);
            from = 0;
            packed = false;
        }
        if (n <= values.length) {
            return;
        }
        int capacity = Math.max(n, Math.max(8, values.length * 2));
        offsets = Arrays.copyOf(offsets, capacity);
        values = Arrays.copyOf(values, capacity);
    }

    /** Drops spare capacity once the run is complete. */
    public void trim() {
        if (!packed) {
            pack(List.of(this));
        }
    }

    /**
     * Packs the times and values of {@code runs} into one pair of arrays, in their order, each
     * run a slice of them: the runs of one pane, built together, then read together.
     */
    public static void pack(Collection<SampleRunState> runs) {
        long total = 0;
        for (SampleRunState r : runs) {
            total += r.count;
        }
        if (total > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("too many samples to pack into one array: " + total);
        }
        int[] times = new int[(int) total];
        double[] vs = new double[(int) total];
        int at = 0;
        for (SampleRunState r : runs) {
            System.arraycopy(r.offsets, r.from, times, at, r.count);
            System.arraycopy(r.values, r.from, vs, at, r.count);
            r.offsets = times;
            r.values = vs;
            r.from = at;
            r.packed = true;
            at += r.count;
        }
    }

    @Override
    public void merge(State other) {
        SampleRunState o = States.sameFamily(this, other, SampleRunState.class);
        if (o.count == 0) {
            return;
        }
        if (count > 0 && o.time(o.count - 1) < base) {
            SampleRunState later = copy();
            copyFrom(o);
            append(later);
            return;
        }
        append(o);
    }

    private void append(SampleRunState o) {
        reserve(count + o.count);
        for (int i = 0; i < o.count; i++) {
            update(o.time(i), o.value(i));
        }
    }

    private void copyFrom(SampleRunState o) {
        base = o.base;
        count = o.count;
        offsets = Arrays.copyOfRange(o.offsets, o.from, o.from + o.count);
        values = Arrays.copyOfRange(o.values, o.from, o.from + o.count);
        from = 0;
        packed = false;
        finite = o.finite;
        dropped = o.dropped;
        interval = o.interval;
    }

    @Override
    public SampleRunState copy() {
        SampleRunState s = new SampleRunState();
        s.copyFrom(this);
        return s;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    public int count() {
        return count;
    }

    /** The first sample's time. */
    public long base() {
        return base;
    }

    public long time(int i) {
        return base + offsets[from + i];
    }

    public double value(int i) {
        return values[from + i];
    }

    /** Time offsets after {@link #base()}, this run's from {@link #from()}; shared with the pane's other runs. Read only. */
    public int[] offsets() {
        return offsets;
    }

    /** Values, this run's from {@link #from()}; shared with the pane's other runs. Read only. */
    public double[] values() {
        return values;
    }

    public int from() {
        return from;
    }

    /** True when some value is lower than the one before it (a counter's reset). */
    public boolean dropped() {
        return dropped;
    }

    /**
     * The time between consecutive samples when every sample follows the one before by the same
     * time (as a scraper that keeps to its schedule writes them); 0 with fewer than two samples,
     * -1 when they are not evenly spaced.
     */
    public long interval() {
        return interval;
    }

    /** True when no value is NaN or infinite. */
    public boolean finite() {
        return finite;
    }

    @Override
    public byte[] serialize() {
        StateWriter w = new StateWriter(family(), VERSION, 16 + count * 12)
                .putInt(count)
                .putLong(base);
        for (int i = 0; i < count; i++) {
            w.putInt(offsets[from + i]);
        }
        for (int i = 0; i < count; i++) {
            w.putDouble(values[from + i]);
        }
        return w.toByteArray();
    }

    public static SampleRunState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.SAMPLES, VERSION);
        int n = r.getInt("sample count");
        if (n < 0) {
            throw r.invalid("sample count is negative (" + n + ")");
        }
        long base = r.getLong("first time");
        int[] offsets = new int[Math.min(n, 1 << 20)];
        for (int i = 0; i < n; i++) {
            if (i == offsets.length) {
                offsets = Arrays.copyOf(offsets, Math.min(n, offsets.length * 2));
            }
            offsets[i] = r.getInt("time offset");
            if (offsets[i] < 0
                    || offsets[i] == Integer.MAX_VALUE
                    || (i == 0 ? offsets[i] != 0 : offsets[i] <= offsets[i - 1])) {
                throw r.invalid("time offset " + i + " (" + offsets[i] + ") is not after the one before it");
            }
        }
        double[] values = r.getDoubles(n, "values");
        r.finish();
        SampleRunState s = new SampleRunState();
        s.reserve(n);
        for (int i = 0; i < n; i++) {
            s.update(base + offsets[i], values[i]);
        }
        s.trim();
        return s;
    }

    @Override
    public long memoryBytes() {
        // a packed run's share of its pane's arrays
        return 64 + 12L * (packed ? count : values.length);
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }

    @Override
    public String toString() {
        return "SampleRunState{count=" + count + (count == 0 ? "" : ", first=" + base + ", last=" + time(count - 1))
                + "}";
    }
}
