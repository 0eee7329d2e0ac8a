package io.tessera.exec.op;

import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.Value;

/**
 * Unary minus: negates every value; a vector also loses its metric name, and series that then
 * share their labels are merged — an error where they have points at the same step.
 */
public final class Unary {

    private Unary() {}

    public static Value negate(Value value) {
        return switch (value) {
            case ScalarValues s -> {
                double[] out = new double[s.values().length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = -s.values()[i];
                }
                yield new ScalarValues(s.grid(), out);
            }
            case InstantVector v -> {
                OutputSeries out = new OutputSeries(v.grid(), v.size());
                for (int s = 0; s < v.size(); s++) {
                    int o = out.series(v.labels(s).withoutMetricName());
                    for (int i = 0; i < v.steps(); i++) {
                        if (v.has(s, i)) {
                            out.set(o, i, -v.value(s, i));
                        }
                    }
                }
                yield out.vector();
            }
            default ->
                throw new IllegalStateException(
                        "cannot negate " + value.getClass().getSimpleName());
        };
    }
}
