package io.tessera.sketch;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.DDSketches;
import com.datadoghq.sketch.ddsketch.encoding.ByteArrayInput;
import com.datadoghq.sketch.ddsketch.encoding.GrowingByteArrayOutput;
import com.datadoghq.sketch.ddsketch.store.UnboundedSizeDenseStore;
import java.io.IOException;

/**
 * Quantiles with a relative value error: a DDSketch with relative accuracy {@code alpha}. A
 * returned q-quantile is within {@code alpha × |x|} of the sample value {@code x} of rank
 * {@code floor(q·(n−1))}, deterministically. Quantile conventions are Prometheus' (see
 * {@link #quantile}). Stale markers, NaN and infinite values are ignored (the sketch cannot
 * index them).
 */
public final class DdSketchState implements State {

    public static final double DEFAULT_RELATIVE_ACCURACY = 0.01;
    static final int VERSION = 1;

    private final double alpha;
    private final DDSketch sketch;

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
            double v = values[i];
            if (Double.isFinite(v)) {
                sketch.accept(v);
            }
        }
    }

    @Override
    public void update(long ts, double value) {
        if (Double.isFinite(value)) {
            sketch.accept(value);
        }
    }

    @Override
    public void merge(State other) {
        DdSketchState o = States.sameFamily(this, other, DdSketchState.class);
        if (o.alpha != alpha) {
            throw new IllegalArgumentException("cannot merge a DDSKETCH state with relative accuracy " + o.alpha
                    + " into one with " + alpha);
        }
        sketch.mergeWith(o.sketch);
    }

    /**
     * The q-quantile, with Prometheus' conventions: NaN when empty or q is NaN, -Inf for q &lt; 0,
     * +Inf for q &gt; 1.
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
        return sketch.getValueAtQuantile(q);
    }

    public long count() {
        return Math.round(sketch.getCount());
    }

    @Override
    public DdSketchState copy() {
        return new DdSketchState(alpha, sketch.copy());
    }

    @Override
    public boolean isEmpty() {
        return sketch.isEmpty();
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
        return new StateWriter(family(), VERSION, body.length + 12).putDouble(alpha).putBlock(body).toByteArray();
    }

    public static DdSketchState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.DDSKETCH, VERSION);
        double alpha = r.getDouble("relative accuracy");
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
        return new DdSketchState(alpha, sketch);
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
        return "DdSketchState{alpha=" + alpha + ", n=" + sketch.getCount() + "}";
    }
}
