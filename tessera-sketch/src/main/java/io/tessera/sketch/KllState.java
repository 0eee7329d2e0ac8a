package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import java.lang.foreign.MemorySegment;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * {@code quantile_over_time} / SQL quantiles: a KLL sketch (DataSketches) with parameter
 * {@code k}. Quantiles carry a normalized rank error bound at 99% confidence, taken from the
 * sketch (the double-sided figure, the larger of the two DataSketches gives: about 1.65% for
 * k = 200). Stale markers and NaN values are ignored (a KLL sketch cannot order NaN); infinite
 * values are kept.
 *
 * <p>Until it is given more than {@code k} values, a KLL sketch keeps every one of them: the state
 * holds them in a plain array until then and builds the sketch (from the same values, in the same
 * order) only when the {@code k + 1}-th arrives or a merge needs it, so the many small pane states
 * of a short pane cost an array of their values, not a sketch each. Reading never changes a state.
 */
public final class KllState implements CompactState {

    public static final int DEFAULT_K = 200;
    static final int VERSION = 1;
    static final double CONFIDENCE = 0.99;

    private final int k;
    /** Null until more than {@code k} values (then {@link #values} is null). */
    private KllDoublesSketch sketch;
    private double[] values;
    private int n;

    public KllState() {
        this(DEFAULT_K);
    }

    public KllState(int k) {
        this(checkedK(k), new double[Math.min(k, 8)], 0);
    }

    private KllState(int k, double[] values, int n) {
        this.k = k;
        this.values = values;
        this.n = n;
    }

    private static int checkedK(int k) {
        if (k < 8 || k > KllDoublesSketch.MAX_K) {
            throw new IllegalArgumentException("KLL k must be in [8, " + KllDoublesSketch.MAX_K + "], got " + k);
        }
        return k;
    }

    private KllState(int k, KllDoublesSketch sketch) {
        this.k = k;
        this.sketch = sketch;
    }

    /** Whether the values given so far are held as they are, no sketch built yet (at most {@code k} of them). */
    boolean holdsValues() {
        return sketch == null;
    }

    @Override
    public StateFamily family() {
        return StateFamily.KLL;
    }

    public int k() {
        return k;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            double v = values[i];
            if (!Double.isNaN(v)) {
                add(v);
            }
        }
    }

    @Override
    public void update(long ts, double value) {
        if (!Double.isNaN(value) && !StaleMarker.isStale(value)) {
            add(value);
        }
    }

    private void add(double v) {
        if (sketch == null && n == k) {
            sketch = built();
            values = null;
            n = 0;
        }
        if (sketch != null) {
            sketch.update(v);
            return;
        }
        if (n == values.length) {
            values = java.util.Arrays.copyOf(values, Math.min(k, 2 * n));
        }
        values[n++] = v;
    }

    /** The sketch of this state: its own, or one built from the values it holds (which it does not keep). */
    private KllDoublesSketch built() {
        if (sketch != null) {
            return sketch;
        }
        KllDoublesSketch s = KllDoublesSketch.newHeapInstance(k);
        for (int i = 0; i < n; i++) {
            s.update(values[i]);
        }
        return s;
    }

    @Override
    public void merge(State other) {
        KllState o = States.sameFamily(this, other, KllState.class);
        if (o.k != k) {
            throw new IllegalArgumentException("cannot merge a KLL state with k=" + o.k + " into one with k=" + k);
        }
        if (sketch == null && o.sketch == null && n + o.n <= k) {
            for (int i = 0; i < o.n; i++) {
                add(o.values[i]);
            }
            return;
        }
        if (sketch == null) {
            sketch = built();
            values = null;
            n = 0;
        }
        sketch.merge(o.built());
    }

    /**
     * The q-quantile, with Prometheus' conventions: NaN when empty or q is NaN, -Inf for q &lt; 0,
     * +Inf for q &gt; 1; q = 0 and q = 1 give the exact minimum and maximum.
     */
    public double quantile(double q) {
        KllDoublesSketch sketch = built();
        if (Double.isNaN(q) || sketch.isEmpty()) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (q == 0) {
            return sketch.getMinItem();
        }
        if (q == 1) {
            return sketch.getMaxItem();
        }
        return sketch.getQuantile(q, QuantileSearchCriteria.INCLUSIVE);
    }

    /**
     * While the sketch still holds every value it was given (it has not compacted), copies them
     * into {@code dst} from {@code offset} (growing it as needed) and returns the new array;
     * returns null once the sketch is approximate. The caller can then answer exactly.
     */
    public double[] exactValues(double[] dst, int offset, int[] count) {
        if (sketch == null) {
            double[] out = dst.length < offset + n ? java.util.Arrays.copyOf(dst, Math.max(2 * dst.length, offset + n)) : dst;
            System.arraycopy(values, 0, out, offset, n);
            count[0] = offset + n;
            return out;
        }
        if (sketch.isEstimationMode()) {
            return null;
        }
        int n = sketch.getNumRetained();
        double[] out = dst.length < offset + n ? java.util.Arrays.copyOf(dst, Math.max(2 * dst.length, offset + n)) : dst;
        int i = offset;
        var it = sketch.iterator();
        while (it.next()) {
            out[i++] = it.getQuantile();
        }
        count[0] = i;
        return out;
    }

    /**
     * The sketch's retained values in ascending order with their cumulative weights (the last is
     * {@link #count()}), as the sketch ranks them; both empty when the sketch is empty.
     */
    public Sorted sorted() {
        KllDoublesSketch sketch = built();
        if (sketch.isEmpty()) {
            return new Sorted(new double[0], new long[0], Double.NaN, Double.NaN);
        }
        var view = sketch.getSortedView();
        return new Sorted(view.getQuantiles(), view.getCumulativeWeights(), sketch.getMinItem(), sketch.getMaxItem());
    }

    /** A sketch's sorted view: {@code values[i]} stands for the ranks up to {@code cumulativeWeights[i]}; the exact min and max. */
    public record Sorted(double[] values, long[] cumulativeWeights, double min, double max) {
    }

    /** The number of values the sketch has seen. */
    public long count() {
        return sketch == null ? n : sketch.getN();
    }

    @Override
    public KllState copy() {
        if (sketch == null) {
            KllState c = new KllState(k);
            c.values = values.clone();
            c.n = n;
            return c;
        }
        return new KllState(k, KllDoublesSketch.heapify(MemorySegment.ofArray(sketch.toByteArray())));
    }

    @Override
    public boolean isEmpty() {
        return sketch == null ? n == 0 : sketch.isEmpty();
    }

    @Override
    public byte[] serialize() {
        byte[] body = built().toByteArray();
        return new StateWriter(family(), VERSION, body.length + 8).putInt(k).putBlock(body).toByteArray();
    }

    public static KllState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.KLL, VERSION);
        int k = r.getInt("k");
        byte[] body = r.getBlock("KLL sketch");
        r.finish();
        KllDoublesSketch sketch;
        try {
            sketch = KllDoublesSketch.heapify(MemorySegment.ofArray(body));
        } catch (RuntimeException | AssertionError e) {
            throw new StateFormatException("corrupt KLL state: the sketch does not decode: " + e.getMessage(), e);
        }
        if (sketch.getK() != k) {
            throw r.invalid("header says k=" + k + " but the sketch has k=" + sketch.getK());
        }
        if (sketch.getSerializedSizeBytes() != body.length) {
            throw r.invalid("the sketch takes " + sketch.getSerializedSizeBytes() + " bytes but its block holds "
                    + body.length);
        }
        return new KllState(k, sketch);
    }

    /** Until it builds a sketch: its k, then the bits of its values as given. */
    @Override
    public int compactWords() {
        return sketch == null ? n + 1 : -1;
    }

    @Override
    public void writeCompact(long[] words, int at) {
        if (sketch != null) {
            throw new IllegalStateException("a KLL state with a sketch has no compact form");
        }
        words[at] = k;
        for (int i = 0; i < n; i++) {
            words[at + 1 + i] = Double.doubleToRawLongBits(values[i]);
        }
    }

    static KllState fromCompact(long[] words, int at, int length) {
        int k = checkedK((int) words[at]);
        int n = length - 1;
        if (n > k) {
            throw new IllegalArgumentException(n + " values in the compact form of a KLL state with k=" + k);
        }
        double[] values = new double[Math.max(n, 1)];
        for (int i = 0; i < n; i++) {
            values[i] = Double.longBitsToDouble(words[at + 1 + i]);
        }
        return new KllState(k, values, n);
    }

    @Override
    public long memoryBytes() {
        // a sketch of n <= k values serializes as a 24-byte preamble, min, max and the values (8 and 16 bytes for 0 and 1)
        return 96L + (sketch != null ? sketch.getSerializedSizeBytes() : n == 0 ? 8 : n == 1 ? 16 : 40 + 8L * n);
    }

    @Override
    public ErrorBound errorBound() {
        return new ErrorBound(ErrorBound.Kind.RANK, org.apache.datasketches.kll.KllSketch.getNormalizedRankError(k, true),
                CONFIDENCE);
    }

    @Override
    public String toString() {
        return "KllState{k=" + k + ", n=" + count() + "}";
    }
}
