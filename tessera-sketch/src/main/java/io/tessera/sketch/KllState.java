package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import java.lang.foreign.MemorySegment;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * {@code quantile_over_time} / SQL quantiles: a KLL sketch (DataSketches) with parameter
 * {@code k}. Quantiles carry a normalized rank error bound at 99% confidence, taken from the
 * sketch (the double-sided figure, the larger of the two DataSketches gives: about 1.65% for
 * k = 200). Stale markers are ignored. A KLL sketch cannot order NaN, so NaN samples are
 * counted exactly beside it and take the lowest ranks, as Prometheus orders them; infinite values
 * go into the sketch and are counted exactly too. A quantile is Prometheus' interpolation between
 * the samples of the two closest ranks, computed exactly when either rank falls on a NaN or an
 * infinity (NaN, −∞ or +∞, or NaN where Prometheus multiplies an infinity by 0), and otherwise the
 * sketch's quantile at the same rank among the values that are not NaN. The sketch's rank error
 * among those is at most its bound times their number, so the bound holds relative to all of the
 * samples, NaN included.
 *
 * <p>Until it is given more than {@code k} values, a KLL sketch keeps every one of them: the state
 * holds them in a plain array until then and builds the sketch (from the same values, in the same
 * order) only when the {@code k + 1}-th arrives or a merge needs it, so the many small pane states
 * of a short pane cost an array of their values, not a sketch each. Reading never changes a state.
 */
public final class KllState implements CompactState {

    public static final int DEFAULT_K = 200;
    /** Version 2 added the NaN count; version 1 bytes read as a state without NaN. */
    static final int VERSION = 2;

    private static final int FIRST_VERSION = 1;
    /** The compact form's first word holds k in its low bits and the NaN count above them. */
    private static final int K_BITS = 16;

    static final double CONFIDENCE = 0.99;

    private final int k;
    /** Null until more than {@code k} values (then {@link #values} is null). */
    private KllDoublesSketch sketch;

    private double[] values;
    private int n;
    /** Ordinary NaN samples, which the sketch and {@link #values} leave out. */
    private long nan;
    /** The infinite values among those of the sketch (or of {@link #values}). */
    private long negativeInfinite;

    private long positiveInfinite;

    public KllState() {
        this(DEFAULT_K);
    }

    public KllState(int k) {
        this(checkedK(k), new double[Math.min(k, 8)], 0, 0);
    }

    private KllState(int k, double[] values, int n, long nan) {
        this.k = k;
        this.values = values;
        this.n = n;
        this.nan = nan;
        for (int i = 0; i < n; i++) {
            countInfinite(values[i]);
        }
    }

    private static int checkedK(int k) {
        if (k < 8 || k > KllDoublesSketch.MAX_K) {
            throw new IllegalArgumentException("KLL k must be in [8, " + KllDoublesSketch.MAX_K + "], got " + k);
        }
        return k;
    }

    private KllState(int k, KllDoublesSketch sketch, long nan, long negativeInfinite, long positiveInfinite) {
        this.k = k;
        this.sketch = sketch;
        this.nan = nan;
        this.negativeInfinite = negativeInfinite;
        this.positiveInfinite = positiveInfinite;
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
            } else if (!StaleMarker.isStale(v)) {
                nan++;
            }
        }
    }

    @Override
    public void update(long ts, double value) {
        if (!Double.isNaN(value)) {
            add(value);
        } else if (!StaleMarker.isStale(value)) {
            nan++;
        }
    }

    private void countInfinite(double v) {
        if (v == Double.NEGATIVE_INFINITY) {
            negativeInfinite++;
        } else if (v == Double.POSITIVE_INFINITY) {
            positiveInfinite++;
        }
    }

    private void add(double v) {
        countInfinite(v);
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
        nan += o.nan;
        if (sketch == null && o.sketch == null && n + o.n <= k) {
            for (int i = 0; i < o.n; i++) {
                add(o.values[i]);
            }
            return;
        }
        negativeInfinite += o.negativeInfinite;
        positiveInfinite += o.positiveInfinite;
        if (sketch == null) {
            sketch = built();
            values = null;
            n = 0;
        }
        sketch.merge(o.built());
    }

    /**
     * The q-quantile, with Prometheus' conventions: NaN when empty or q is NaN, -Inf for q &lt; 0,
     * +Inf for q &gt; 1. Of the {@code N} samples in Prometheus' order (NaN, then ascending), the
     * answer interpolates at rank {@code q·(N−1)} between the samples of the ranks below and
     * above it, exactly as Prometheus does when either is a NaN or an infinity; between two finite
     * ones it is the sketch's quantile at the same rank among the values that are not NaN, whose
     * first and last ranks give their exact minimum and maximum.
     */
    public double quantile(double q) {
        long numbers = count();
        long total = numbers + nan;
        if (Double.isNaN(q) || total == 0) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        double rank = q * (total - 1);
        long lower = (long) Math.floor(rank);
        long upper = Math.min(total - 1, lower + 1);
        double weight = rank - lower;
        double below = exactAt(lower, total);
        double above = exactAt(upper, total);
        boolean belowExact = !Double.isFinite(below);
        if (belowExact && !Double.isFinite(above)) {
            return below * (1 - weight) + above * weight;
        }
        if (belowExact) {
            return below; // NaN or -Inf: a finite value above does not change it
        }
        if (!Double.isFinite(above)) {
            return weight == 0 ? Double.NaN : above; // a finite value, then +Inf times the weight
        }
        double among = nan == 0 ? q : numbers == 1 ? 0 : Math.min(1, (rank - nan) / (numbers - 1));
        KllDoublesSketch sketch = built();
        if (among == 0) {
            return sketch.getMinItem();
        }
        if (among == 1) {
            return sketch.getMaxItem();
        }
        return sketch.getQuantile(among, QuantileSearchCriteria.INCLUSIVE);
    }

    /** The sample of {@code rank} among {@code total} when it is a NaN or an infinity (they are counted); else 0. */
    private double exactAt(long rank, long total) {
        if (rank < nan) {
            return Double.NaN;
        }
        if (rank < nan + negativeInfinite) {
            return Double.NEGATIVE_INFINITY;
        }
        return rank >= total - positiveInfinite ? Double.POSITIVE_INFINITY : 0;
    }

    /**
     * While the sketch still holds every value it was given (it has not compacted), copies them
     * (not the NaN samples: see {@link #nanCount()}) into {@code dst} from {@code offset} (growing it as needed) and returns the new array;
     * returns null once the sketch is approximate. The caller can then answer exactly.
     */
    public double[] exactValues(double[] dst, int offset, int[] count) {
        if (sketch == null) {
            double[] out =
                    dst.length < offset + n ? java.util.Arrays.copyOf(dst, Math.max(2 * dst.length, offset + n)) : dst;
            System.arraycopy(values, 0, out, offset, n);
            count[0] = offset + n;
            return out;
        }
        if (sketch.isEstimationMode()) {
            return null;
        }
        int n = sketch.getNumRetained();
        double[] out =
                dst.length < offset + n ? java.util.Arrays.copyOf(dst, Math.max(2 * dst.length, offset + n)) : dst;
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
     * {@link #count()}), as the sketch ranks them; both empty when the sketch is empty. NaN samples
     * are not among them.
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
    public record Sorted(double[] values, long[] cumulativeWeights, double min, double max) {}

    /** The number of values the sketch has seen: the samples that are not NaN. */
    public long count() {
        return sketch == null ? n : sketch.getN();
    }

    /** The number of NaN samples (stale markers are not samples). */
    public long nanCount() {
        return nan;
    }

    @Override
    public KllState copy() {
        if (sketch == null) {
            return new KllState(k, values.clone(), n, nan);
        }
        return new KllState(
                k,
                KllDoublesSketch.heapify(MemorySegment.ofArray(sketch.toByteArray())),
                nan,
                negativeInfinite,
                positiveInfinite);
    }

    @Override
    public boolean isEmpty() {
        return nan == 0 && (sketch == null ? n == 0 : sketch.isEmpty());
    }

    /** k, the counts of NaN, −∞ and +∞, then the sketch's own bytes. */
    @Override
    public byte[] serialize() {
        byte[] body = built().toByteArray();
        return new StateWriter(family(), VERSION, body.length + 32)
                .putInt(k)
                .putLong(nan)
                .putLong(negativeInfinite)
                .putLong(positiveInfinite)
                .putBlock(body)
                .toByteArray();
    }

    public static KllState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.KLL, FIRST_VERSION, VERSION);
        int k = r.getInt("k");
        boolean counts = r.version() >= 2;
        long nan = counts ? r.getCount("NaN count") : 0;
        long negativeInfinite = counts ? r.getCount("-Inf count") : -1;
        long positiveInfinite = counts ? r.getCount("+Inf count") : -1;
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
        if (!counts) {
            // version 1 kept no counts: the sketch's own weights of its infinities (exact until it compacted)
            negativeInfinite = weightOf(sketch, Double.NEGATIVE_INFINITY);
            positiveInfinite = weightOf(sketch, Double.POSITIVE_INFINITY);
        } else if (negativeInfinite + positiveInfinite > sketch.getN()) {
            throw r.invalid(
                    negativeInfinite + " + " + positiveInfinite + " infinite values in a sketch of " + sketch.getN());
        }
        return new KllState(k, sketch, nan, negativeInfinite, positiveInfinite);
    }

    /** The weight the sketch gives {@code infinity}; by its iterator, which (unlike its sorted view) leaves its bytes as they are. */
    private static long weightOf(KllDoublesSketch sketch, double infinity) {
        long weight = 0;
        var it = sketch.iterator();
        while (it.next()) {
            if (it.getQuantile() == infinity) {
                weight += it.getWeight();
            }
        }
        return weight;
    }

    /** Until it builds a sketch: its k and its NaN count in one word, then the bits of its values as given. */
    @Override
    public int compactWords() {
        return sketch == null && nan >>> (Long.SIZE - K_BITS) == 0 ? n + 1 : -1;
    }

    @Override
    public void writeCompact(long[] words, int at) {
        if (sketch != null) {
            throw new IllegalStateException("a KLL state with a sketch has no compact form");
        }
        words[at] = nan << K_BITS | k;
        for (int i = 0; i < n; i++) {
            words[at + 1 + i] = Double.doubleToRawLongBits(values[i]);
        }
    }

    static KllState fromCompact(long[] words, int at, int length) {
        int k = checkedK((int) (words[at] & ((1 << K_BITS) - 1)));
        long nan = words[at] >>> K_BITS;
        int n = length - 1;
        if (n > k) {
            throw new IllegalArgumentException(n + " values in the compact form of a KLL state with k=" + k);
        }
        double[] values = new double[Math.max(n, 1)];
        for (int i = 0; i < n; i++) {
            values[i] = Double.longBitsToDouble(words[at + 1 + i]);
        }
        return new KllState(k, values, n, nan);
    }

    @Override
    public long memoryBytes() {
        // a sketch of n <= k values serializes as a 24-byte preamble, min, max and the values (8 and 16 bytes for 0 and
        // 1)
        return 96L + (sketch != null ? sketch.getSerializedSizeBytes() : n == 0 ? 8 : n == 1 ? 16 : 40 + 8L * n);
    }

    @Override
    public ErrorBound errorBound() {
        return new ErrorBound(
                ErrorBound.Kind.RANK,
                org.apache.datasketches.kll.KllSketch.getNormalizedRankError(k, true),
                CONFIDENCE);
    }

    @Override
    public String toString() {
        return "KllState{k=" + k + ", n=" + count() + ", nan=" + nan + "}";
    }
}
