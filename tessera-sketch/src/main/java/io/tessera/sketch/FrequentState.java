package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Top-k of sums of weights per string key: a Count-Min sketch of width {@code ceil(e/epsilon)}
 * and depth {@code ceil(ln(1/delta))}, with a heap of the {@code capacity} heaviest keys. Every
 * estimate is at least the key's true total weight and exceeds it by at most
 * {@code epsilon × total weight} with probability at least {@code 1 − delta}.
 *
 * <p>Keys and weights come through {@link #update(String, double)}; weights must be finite and
 * non-negative (a stale marker weight is ignored). The value-only {@link State#update} methods
 * count each value as a key (its {@link Double#toString} form) with weight 1, so the state then
 * answers "the most frequent values"; that path allocates the key string per sample.
 *
 * <p>A key that was never among the heaviest of any merged part can be missing from
 * {@link #topK}; its {@link #estimate} is still bounded as above.
 */
public final class FrequentState implements State {

    public static final double DEFAULT_EPSILON = 0.005;
    public static final double DEFAULT_DELTA = 0.01;
    public static final int DEFAULT_CAPACITY = 100;
    static final long SEED = 0x5e55e7a1L;
    static final int VERSION = 1;
    private static final int MAX_CELLS = 1 << 26;

    private final double epsilon;
    private final double delta;
    private final CountMinTable table;
    private final TopKeys top;

    public FrequentState() {
        this(DEFAULT_EPSILON, DEFAULT_DELTA, DEFAULT_CAPACITY);
    }

    public FrequentState(double epsilon, double delta, int capacity) {
        this(epsilon, delta, checkCapacity(capacity), newTable(epsilon, delta));
    }

    private static int checkCapacity(int capacity) {
        if (capacity < 1 || capacity > 1_000_000) {
            throw new IllegalArgumentException("capacity must be in [1, 1000000], got " + capacity);
        }
        return capacity;
    }

    private FrequentState(double epsilon, double delta, int capacity, CountMinTable table) {
        this.epsilon = epsilon;
        this.delta = delta;
        this.table = table;
        this.top = new TopKeys(capacity);
    }

    private static CountMinTable newTable(double epsilon, double delta) {
        if (!(epsilon > 0 && epsilon < 1)) {
            throw new IllegalArgumentException("epsilon must be in (0, 1), got " + epsilon);
        }
        if (!(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in (0, 1), got " + delta);
        }
        int width = CountMinTable.widthFor(epsilon);
        int depth = CountMinTable.depthFor(delta);
        if ((long) width * depth > MAX_CELLS) {
            throw new IllegalArgumentException("epsilon " + epsilon + " and delta " + delta + " need "
                    + (long) width * depth + " counters, more than " + MAX_CELLS);
        }
        return new CountMinTable(width, depth, SEED);
    }

    @Override
    public StateFamily family() {
        return StateFamily.FREQUENT;
    }

    public double epsilon() {
        return epsilon;
    }

    public double delta() {
        return delta;
    }

    public int capacity() {
        return top.capacity;
    }

    /** Adds {@code weight} to {@code key}'s total. */
    public void update(String key, double weight) {
        if (StaleMarker.isStale(weight)) {
            return;
        }
        if (!(weight >= 0) || weight == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(
                    "frequent-items weights must be finite and non-negative, got " + weight + " for key " + key);
        }
        top.offer(key, table.add(key, weight));
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            update(Double.toString(value), 1.0);
        }
    }

    @Override
    public void merge(State other) {
        FrequentState o = States.sameFamily(this, other, FrequentState.class);
        if (!table.sameShape(o.table) || o.top.capacity != top.capacity) {
            throw new IllegalArgumentException(
                    "cannot merge a FREQUENT state with " + o.describeShape() + " into one with " + describeShape());
        }
        String[] candidates = new String[top.size() + o.top.size()];
        int n = 0;
        for (int i = 0; i < top.size(); i++) {
            candidates[n++] = top.key(i);
        }
        for (int i = 0; i < o.top.size(); i++) {
            candidates[n++] = o.top.key(i);
        }
        table.addAll(o.table);
        top.clear();
        for (int i = 0; i < n; i++) {
            top.offer(candidates[i], table.estimate(candidates[i]));
        }
    }

    private String describeShape() {
        return "width " + table.width + ", depth " + table.depth + ", capacity " + top.capacity;
    }

    /** The estimated total weight of {@code key}: never below the truth. */
    public double estimate(String key) {
        return table.estimate(key);
    }

    /** The total weight added. */
    public double totalWeight() {
        return table.total;
    }

    /** The (at most) {@code k} heaviest tracked keys by their current estimates, heaviest first, ties by key. */
    public List<FrequentItem> topK(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("k must be non-negative, got " + k);
        }
        int n = top.size();
        String[] keys = new String[n];
        double[] estimates = new double[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            keys[i] = top.key(i);
            estimates[i] = table.estimate(keys[i]);
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Double.compare(estimates[b], estimates[a]);
            return c != 0 ? c : keys[a].compareTo(keys[b]);
        });
        double slack = epsilon * table.total;
        int m = Math.min(k, n);
        List<FrequentItem> out = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            double w = estimates[order[i]];
            out.add(new FrequentItem(keys[order[i]], w, Math.max(0, w - slack)));
        }
        return out;
    }

    @Override
    public FrequentState copy() {
        FrequentState s = new FrequentState(epsilon, delta, top.capacity, table.copy());
        for (int i = 0; i < top.size(); i++) {
            s.top.offer(top.key(i), top.weight(i));
        }
        return s;
    }

    @Override
    public boolean isEmpty() {
        return top.size() == 0;
    }

    @Override
    public byte[] serialize() {
        StateWriter w = new StateWriter(family(), VERSION, 48 + 8 * table.counts.length + 16 * top.size())
                .putDouble(epsilon)
                .putDouble(delta)
                .putInt(top.capacity)
                .putInt(table.width)
                .putInt(table.depth)
                .putLong(table.seed)
                .putDouble(table.total)
                .putDoubles(table.counts)
                .putInt(top.size());
        for (int i = 0; i < top.size(); i++) {
            w.putString(top.key(i));
        }
        return w.toByteArray();
    }

    public static FrequentState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.FREQUENT, VERSION);
        double epsilon = r.getDouble("epsilon");
        double delta = r.getDouble("delta");
        int capacity = r.getInt("capacity");
        int width = r.getInt("width");
        int depth = r.getInt("depth");
        long seed = r.getLong("seed");
        double total = r.getDouble("total weight");
        if (!(epsilon > 0 && epsilon < 1) || !(delta > 0 && delta < 1)) {
            throw r.invalid("epsilon " + epsilon + " or delta " + delta + " is outside (0, 1)");
        }
        if (capacity < 1 || capacity > 1_000_000) {
            throw r.invalid("capacity " + capacity + " is outside [1, 1000000]");
        }
        if (width != CountMinTable.widthFor(epsilon) || depth != CountMinTable.depthFor(delta)) {
            throw r.invalid(
                    "table " + width + "x" + depth + " does not match epsilon " + epsilon + " and delta " + delta);
        }
        if ((long) width * depth > MAX_CELLS) {
            throw r.invalid("table " + width + "x" + depth + " is larger than " + MAX_CELLS + " counters");
        }
        if (seed != SEED) {
            throw r.invalid("unknown hash seed " + seed);
        }
        if (!(total >= 0) || Double.isInfinite(total)) {
            throw r.invalid("total weight " + total + " is not a finite non-negative number");
        }
        CountMinTable table = new CountMinTable(width, depth, seed);
        double[] counts = r.getDoubles(width * depth, "counters");
        for (double c : counts) {
            if (!(c >= 0) || c > total * (1 + 1e-9) + 1e-9) {
                throw r.invalid("counter " + c + " is negative, NaN or above the total weight " + total);
            }
        }
        System.arraycopy(counts, 0, table.counts, 0, counts.length);
        table.total = total;
        int keys = r.getInt("key count");
        if (keys < 0 || keys > capacity) {
            throw r.invalid("key count " + keys + " is outside [0, " + capacity + "]");
        }
        FrequentState s = new FrequentState(epsilon, delta, capacity, table);
        for (int i = 0; i < keys; i++) {
            String key = r.getString("key " + i);
            s.top.offer(key, table.estimate(key));
        }
        r.finish();
        if (s.top.size() != keys) {
            throw r.invalid("duplicate keys in the heavy-key list");
        }
        return s;
    }

    @Override
    public long memoryBytes() {
        long keyBytes = 0;
        for (int i = 0; i < top.size(); i++) {
            keyBytes += 48 + 2L * top.key(i).length() + 64;
        }
        return 128 + 8L * table.counts.length + 16L * top.capacity + keyBytes;
    }

    @Override
    public ErrorBound errorBound() {
        return new ErrorBound(ErrorBound.Kind.ADDITIVE_FRACTION_OF_TOTAL, epsilon, 1 - delta);
    }

    @Override
    public String toString() {
        return "FrequentState{" + describeShape() + ", total=" + table.total + ", tracked=" + top.size() + "}";
    }
}
