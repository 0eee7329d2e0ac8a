package io.tessera.sketch;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.DDSketches;
import com.datadoghq.sketch.ddsketch.encoding.ByteArrayInput;
import com.datadoghq.sketch.ddsketch.encoding.GrowingByteArrayOutput;
import io.tessera.core.StaleMarker;
import java.io.IOException;

/**
 * Quantiles with a relative value error: a DDSketch with relative accuracy {@code alpha}. A
 * returned q-quantile is within {@code alpha × |x|} of the sample value {@code x} of rank
 * {@code floor(q·(n−1))}, deterministically. Quantile conventions are Prometheus' (see
 * {@link #quantile}). Stale markers are ignored. The sketch cannot index NaN and infinite values,
 * so they are counted exactly beside it and take their places in Prometheus' order: NaN first,
 * then −∞, the finite values, +∞. A rank that falls on one of them answers it exactly.
 */
public final class DdSketchState implements State {

    public static final double DEFAULT_RELATIVE_ACCURACY = 0.01;
    /** Version 2 added the counts of NaN and infinite values; version 1 bytes read as a state without them. */
    static final int VERSION = 2;

    private static final int FIRST_VERSION = 1;

    private final double alpha;
    private final DDSketch sketch;
    private long nan;
    private long negativeInfinite;
    private long positiveInfinite;

    public DdSketchState() {
        this(DEFAULT_RELATIVE_ACCURACY);
    }

    public DdSketchState(double relativeAccuracy) {
        this(relativeAccuracy, newSketch(relativeAccuracy));
    }

    private DdSketchState(double alpha, DDSketch sketch) {
        this.alpha = alpha;
        this.sketch = sketch;
    }

    private DdSketchState(double alpha, DDSketch sketch, long nan, long negativeInfinite, long positiveInfinite) {
        this(alpha, sketch);
        this.nan = nan;
        this.negativeInfinite = negativeInfinite;
        this.positiveInfinite = positiveInfinite;
    }

    private static DDSketch newSketch(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("relative accuracy must be in (0, 1), got " + alpha);
        }
        return DDSketches.unboundedDense(alpha);
    }

    @Override
    public StateFamily family() {
        return StateFamily.DDSKETCH;
    }

    public double relativeAccuracy() {
        return alpha;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            add(values[i]);
        }
    }

    @Override
    public void update(long ts, double value) {
        add(value);
    }

    private void add(double v) {
        if (Double.isFinite(v)) {
            sketch.accept(v);
        } else if (v == Double.NEGATIVE_INFINITY) {
            negativeInfinite++;
        } else if (v == Double.POSITIVE_INFINITY) {
            positiveInfinite++;
        } else if (!StaleMarker.isStale(v)) {
            nan++;
        }
    }

    @Override
    public void merge(State other) {
        DdSketchState o = States.sameFamily(this, other, DdSketchState.class);
        if (o.alpha != alpha) {
            throw new IllegalArgumentException(
                    "cannot merge a DDSKETCH state with relative accuracy " + o.alpha + " into one with " + alpha);
        }
        sketch.mergeWith(o.sketch);
        nan += o.nan;
        negativeInfinite += o.negativeInfinite;
        positiveInfinite += o.positiveInfinite;
    }

    /**
     * The q-quantile, with Prometheus' conventions: NaN when empty or q is NaN, -Inf for q &lt; 0,
     * +Inf for q &gt; 1. Otherwise the sample of rank {@code floor(q·(n−1))} among all {@code n}
     * in Prometheus' order: exactly when it is NaN or infinite, else the sketch's estimate of
     * that finite value.
     */
    public double quantile(double q) {
        long finite = finiteCount();
        long total = nan + negativeInfinite + finite + positiveInfinite;
        if (Double.isNaN(q) || total == 0) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (total == finite) {
            return sketch.getValueAtQuantile(q);
        }
        long rank = (long) Math.floor(q * (total - 1)) - nan;
        if (rank < 0) {
            return Double.NaN;
        }
        rank -= negativeInfinite;
        if (rank < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (rank >= finite) {
            return Double.POSITIVE_INFINITY;
        }
        // the middle of the rank's unit, so that rounding cannot move the sketch to a neighbouring rank
        return sketch.getValueAtQuantile(finite == 1 ? 0 : Math.min(1, (rank + 0.5) / (finite - 1)));
    }

    /** The number of samples, NaN and infinite ones included. */
    public long count() {
        return finiteCount() + nan + negativeInfinite + positiveInfinite;
    }

    private long finiteCount() {
        return Math.round(sketch.getCount());
    }

    /** The number of NaN samples (stale markers are not samples). */
    public long nanCount() {
        return nan;
    }

    @Override
    public DdSketchState copy() {
        return new DdSketchState(alpha, sketch.copy(), nan, negativeInfinite, positiveInfinite);
    }

    @Override
    public boolean isEmpty() {
        return count() == 0;
    }

    @Override
    public byte[] serialize() {
        GrowingByteArrayOutput out = GrowingByteArrayOutput.withDefaultInitialCapacity();
        try {
            sketch.encode(out, false);
        } catch (IOException e) {
            throw new IllegalStateException("DDSketch encoding into memory failed", e);
        }
        byte[] body = out.trimmedCopy();
        return new StateWriter(family(), VERSION, body.length + 36)
                .putDouble(alpha)
                .putLong(nan)
                .putLong(negativeInfinite)
                .putLong(positiveInfinite)
                .putBlock(body)
                .toByteArray();
    }

    /** The relative accuracy, the counts of NaN, −∞ and +∞ (from version 2), then the sketch's encoding. */
    public static DdSketchState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.DDSKETCH, FIRST_VERSION, VERSION);
        double alpha = r.getDouble("relative accuracy");
        boolean counts = r.version() >= 2;
        long nan = counts ? r.getCount("NaN count") : 0;
        long negativeInfinite = counts ? r.getCount("-Inf count") : 0;
        long positiveInfinite = counts ? r.getCount("+Inf count") : 0;
        byte[] body = r.getBlock("DDSketch");
        r.finish();
        if (!(alpha > 0 && alpha < 1)) {
            throw r.invalid("relative accuracy " + alpha + " is outside (0, 1)");
        }
        DDSketch sketch = newSketch(alpha);
        try {
            sketch.decodeAndMergeWith(ByteArrayInput.wrap(body));
        } catch (IOException | RuntimeException | AssertionError e) {
            throw new StateFormatException("corrupt DDSKETCH state: the sketch does not decode: " + e.getMessage(), e);
        }
        return new DdSketchState(alpha, sketch, nan, negativeInfinite, positiveInfinite);
    }

    @Override
    public long memoryBytes() {
        return 128L + sketch.serializedSize();
    }

    @Override
    public ErrorBound errorBound() {
        return new ErrorBound(ErrorBound.Kind.RELATIVE_VALUE, alpha, 1.0);
    }

    @Override
    public String toString() {
        return "DdSketchState{alpha=" + alpha + ", n=" + count() + ", nan=" + nan + "}";
    }
}
