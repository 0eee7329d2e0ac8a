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
 */
public final class KllState implements State {

    public static final int DEFAULT_K = 200;
    static final int VERSION = 1;
    static final double CONFIDENCE = 0.99;

    private final int k;
    private KllDoublesSketch sketch;

    public KllState() {
        this(DEFAULT_K);
    }

    public KllState(int k) {
        if (k < 8 || k > KllDoublesSketch.MAX_K) {
            throw new IllegalArgumentException("KLL k must be in [8, " + KllDoublesSketch.MAX_K + "], got " + k);
        }
        this.k = k;
        this.sketch = KllDoublesSketch.newHeapInstance(k);
    }

    private KllState(int k, KllDoublesSketch sketch) {
        this.k = k;
        this.sketch = sketch;
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
                sketch.update(v);
            }
        }
    }

    @Override
    public void update(long ts, double value) {
        if (!Double.isNaN(value) && !StaleMarker.isStale(value)) {
            sketch.update(value);
        }
    }

    @Override
    public void merge(State other) {
        KllState o = States.sameFamily(this, other, KllState.class);
        if (o.k != k) {
            throw new IllegalArgumentException("cannot merge a KLL state with k=" + o.k + " into one with k=" + k);
        }
        sketch.merge(o.sketch);
    }

    /**
     * The q-quantile, with Prometheus' conventions: NaN when empty or q is NaN, -Inf for q &lt; 0,
     * +Inf for q &gt; 1; q = 0 and q = 1 give the exact minimum and maximum.
     */
    public double quantile(double q) {
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
        return sketch.getN();
    }

    @Override
    public KllState copy() {
        return new KllState(k, KllDoublesSketch.heapify(MemorySegment.ofArray(sketch.toByteArray())));
    }

    @Override
    public boolean isEmpty() {
        return sketch.isEmpty();
    }

    @Override
    public byte[] serialize() {
        byte[] body = sketch.toByteArray();
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

    @Override
    public long memoryBytes() {
        return 96L + sketch.getSerializedSizeBytes();
    }

    @Override
    public ErrorBound errorBound() {
        return new ErrorBound(ErrorBound.Kind.RANK, sketch.getNormalizedRankError(true), CONFIDENCE);
    }

    @Override
    public String toString() {
        return "KllState{k=" + k + ", n=" + sketch.getN() + "}";
    }
}
