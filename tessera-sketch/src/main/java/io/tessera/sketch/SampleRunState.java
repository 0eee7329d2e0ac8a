package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import java.util.Arrays;

/**
 * The samples themselves, in time order: an exact summary from which any window inside the
 * interval can be cut, wherever its edges fall. Times are kept as offsets from the first
 * sample's time; {@link #offsets()} always holds one more entry than there are samples,
 * {@link Integer#MAX_VALUE}, so that a scan for the first time after a bound stops without a
 * length check.
 *
 * <p>For counters, {@link #dropsBefore()} holds the running sum of the values just before each
 * drop ({@code dropsBefore[i]} over the drops at indexes {@code 1..i}), so that the reset
 * correction between two samples is one subtraction; it is null while no value dropped.
 * Stale markers are not samples. Samples must come in strictly ascending time order, at most
 * {@link Integer#MAX_VALUE} ms after the first.
 */
public final class SampleRunState implements State {

    static final int VERSION = 1;
    private static final int[] NO_OFFSETS = {Integer.MAX_VALUE};

    private long base;
    private int count;
    private int[] offsets = NO_OFFSETS;
    private double[] values = new double[0];
    private double[] dropsBefore;
    private boolean finite = true;

    @Override
    public StateFamily family() {
        return StateFamily.SAMPLES;
    }

    @Override
    public void update(long[] ts, double[] vs, int from, int to) {
        reserve(count + (to - from));
        for (int i = from; i < to; i++) {
            update(ts[i], vs[i]);
        }
    }

    @Override
    public void update(long ts, double v) {
        if (StaleMarker.isStale(v)) {
            return;
        }
        if (count == 0) {
            base = ts;
        } else {
            long last = base + offsets[count - 1];
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
        if (count > 0 && v < values[count - 1]) {
            if (dropsBefore == null) {
                dropsBefore = new double[values.length];
            }
            dropsBefore[count] = dropsBefore[count - 1] + values[count - 1];
        } else if (dropsBefore != null) {
            dropsBefore[count] = count == 0 ? 0 : dropsBefore[count - 1];
        }
        offsets[count] = (int) offset;
        values[count] = v;
        finite &= Double.isFinite(v);
        count++;
        offsets[count] = Integer.MAX_VALUE;
    }

    private void reserve(int n) {
        if (n + 1 <= offsets.length && n <= values.length) {
            return;
        }
        int capacity = Math.max(n, Math.max(8, values.length * 2));
        offsets = Arrays.copyOf(offsets, capacity + 1);
        values = Arrays.copyOf(values, capacity);
        if (dropsBefore != null) {
            dropsBefore = Arrays.copyOf(dropsBefore, capacity);
        }
    }

    /** Drops spare capacity once the run is complete. */
    public void trim() {
        if (values.length != count) {
            offsets = Arrays.copyOf(offsets, count + 1);
            values = Arrays.copyOf(values, count);
            if (dropsBefore != null) {
                dropsBefore = Arrays.copyOf(dropsBefore, count);
            }
        }
    }

    @Override
    public void merge(State other) {
        SampleRunState o = States.sameFamily(this, other, SampleRunState.class);
        if (o.count == 0) {
            return;
        }
        if (count > 0 && o.base + o.offsets[o.count - 1] < base) {
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
            update(o.base + o.offsets[i], o.values[i]);
        }
    }

    private void copyFrom(SampleRunState o) {
        base = o.base;
        count = o.count;
        offsets = o.offsets.clone();
        values = o.values.clone();
        dropsBefore = o.dropsBefore == null ? null : o.dropsBefore.clone();
        finite = o.finite;
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

    /** The first sample's time; the others are {@code base() + offsets()[i]}. */
    public long base() {
        return base;
    }

    /** Each sample's time after {@link #base()}, then {@link Integer#MAX_VALUE}; the array may be longer. Read only. */
    public int[] offsets() {
        return offsets;
    }

    /** The values, in time order; the array may be longer than {@link #count()}. Read only. */
    public double[] values() {
        return values;
    }

    /** Running sums of the values just before each drop, or null when no value dropped. Read only. */
    public double[] dropsBefore() {
        return dropsBefore;
    }

    /** True when no value is NaN or infinite. */
    public boolean finite() {
        return finite;
    }

    public long time(int i) {
        return base + offsets[i];
    }

    @Override
    public byte[] serialize() {
        StateWriter w = new StateWriter(family(), VERSION, 16 + count * 12).putInt(count).putLong(base);
        for (int i = 0; i < count; i++) {
            w.putInt(offsets[i]);
        }
        for (int i = 0; i < count; i++) {
            w.putDouble(values[i]);
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
            if (offsets[i] < 0 || offsets[i] == Integer.MAX_VALUE || (i == 0 ? offsets[i] != 0 : offsets[i] <= offsets[i - 1])) {
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
        return s;
    }

    @Override
    public long memoryBytes() {
        return 64 + 4L * offsets.length + 8L * values.length + (dropsBefore == null ? 0 : 8L * dropsBefore.length);
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }

    @Override
    public String toString() {
        return "SampleRunState{count=" + count + (count == 0 ? "" : ", first=" + base + ", last=" + time(count - 1)) + "}";
    }
}
