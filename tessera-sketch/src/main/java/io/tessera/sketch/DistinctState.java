package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import org.apache.datasketches.cpc.CpcSketch;
import org.apache.datasketches.cpc.CpcUnion;

/**
 * Count distinct: a CPC sketch (DataSketches) with parameter {@code lgK}. Values (by their
 * bits, with -0.0 and 0.0 the same and every NaN the same) or strings are counted. The error
 * bound is the relative distance from the estimate to the sketch's two-standard-deviation
 * bounds (95.4% confidence). Stale markers are ignored.
 */
public final class DistinctState implements State {

    public static final int DEFAULT_LG_K = 12;
    static final int VERSION = 1;
    static final int KAPPA = 2;
    static final double CONFIDENCE = 0.9545;

    private final int lgK;
    private CpcSketch sketch;

    public DistinctState() {
        this(DEFAULT_LG_K);
    }

    public DistinctState(int lgK) {
        if (lgK < 4 || lgK > 26) {
            throw new IllegalArgumentException("CPC lgK must be in [4, 26], got " + lgK);
        }
        this.lgK = lgK;
        this.sketch = new CpcSketch(lgK);
    }

    private DistinctState(int lgK, CpcSketch sketch) {
        this.lgK = lgK;
        this.sketch = sketch;
    }

    @Override
    public StateFamily family() {
        return StateFamily.DISTINCT;
    }

    public int lgK() {
        return lgK;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            double v = values[i];
            if (!StaleMarker.isStale(v)) {
                sketch.update(v);
            }
        }
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            sketch.update(value);
        }
    }

    /** Counts a string key (a label value, a SQL text column). */
    public void update(String key) {
        sketch.update(key);
    }

    @Override
    public void merge(State other) {
        DistinctState o = States.sameFamily(this, other, DistinctState.class);
        if (o.lgK != lgK) {
            throw new IllegalArgumentException(
                    "cannot merge a DISTINCT state with lgK=" + o.lgK + " into one with lgK=" + lgK);
        }
        if (o.sketch.isEmpty()) {
            return;
        }
        CpcUnion union = new CpcUnion(lgK);
        union.update(sketch);
        union.update(o.sketch);
        sketch = union.getResult();
    }

    /** One state counting what all of {@code states} (each of this lgK) count: one union, not one per pair. */
    public static DistinctState union(int lgK, java.util.List<DistinctState> states) {
        CpcUnion union = new CpcUnion(lgK);
        for (DistinctState s : states) {
            if (s.lgK != lgK) {
                throw new IllegalArgumentException(
                        "cannot merge a DISTINCT state with lgK=" + s.lgK + " into one with lgK=" + lgK);
            }
            if (!s.sketch.isEmpty()) {
                union.update(s.sketch);
            }
        }
        return new DistinctState(lgK, union.getResult());
    }

    CpcSketch sketch() {
        return sketch;
    }

    public double estimate() {
        return sketch.getEstimate();
    }

    public double lowerBound() {
        return sketch.getLowerBound(KAPPA);
    }

    public double upperBound() {
        return sketch.getUpperBound(KAPPA);
    }

    @Override
    public DistinctState copy() {
        return new DistinctState(lgK, CpcSketch.heapify(sketch.toByteArray()));
    }

    @Override
    public boolean isEmpty() {
        return sketch.isEmpty();
    }

    @Override
    public byte[] serialize() {
        byte[] body = sketch.toByteArray();
        return new StateWriter(family(), VERSION, body.length + 5)
                .putByte(lgK)
                .putBlock(body)
                .toByteArray();
    }

    public static DistinctState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.DISTINCT, VERSION);
        int lgK = r.getByte("lgK");
        byte[] body = r.getBlock("CPC sketch");
        r.finish();
        CpcSketch sketch;
        try {
            sketch = CpcSketch.heapify(body);
        } catch (RuntimeException | AssertionError e) {
            throw new StateFormatException("corrupt DISTINCT state: the sketch does not decode: " + e.getMessage(), e);
        }
        if (sketch.getLgK() != lgK) {
            throw r.invalid("header says lgK=" + lgK + " but the sketch has lgK=" + sketch.getLgK());
        }
        return new DistinctState(lgK, sketch);
    }

    @Override
    public long memoryBytes() {
        return 128L + CpcSketch.getMaxSerializedBytes(lgK);
    }

    @Override
    public ErrorBound errorBound() {
        double est = sketch.getEstimate();
        if (est == 0) {
            return new ErrorBound(ErrorBound.Kind.RELATIVE_VALUE, 0, CONFIDENCE);
        }
        double rel = Math.max(sketch.getUpperBound(KAPPA) - est, est - sketch.getLowerBound(KAPPA)) / est;
        return new ErrorBound(ErrorBound.Kind.RELATIVE_VALUE, rel, CONFIDENCE);
    }

    @Override
    public String toString() {
        return "DistinctState{lgK=" + lgK + ", estimate=" + estimate() + "}";
    }
}
