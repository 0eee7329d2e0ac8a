package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import java.util.HashMap;
import java.util.Map;

/**
 * The output of an operator as Prometheus assembles it step by step: one series per label set,
 * points of the same labels at different steps merged into one series, and two points of the
 * same labels at one step an error.
 */
final class OutputSeries {

    static final String SAME_LABELSET = "vector cannot contain metrics with the same labelset";

    private final InstantVector out;
    private final Map<Labels, Integer> index = new HashMap<>();

    OutputSeries(StepGrid grid, int capacity) {
        this.out = new InstantVector(grid, capacity);
    }

    /** The index of the series with {@code labels}, added without points when new. */
    int series(Labels labels) {
        Integer o = index.get(labels);
        if (o == null) {
            o = out.addSeries(labels);
            index.put(labels, o);
        }
        return o;
    }

    int size() {
        return out.size();
    }

    boolean has(int o, int step) {
        return out.has(o, step);
    }

    /** Sets a point, failing when the series already has one at {@code step}. */
    void set(int o, int step, double v) {
        if (out.has(o, step)) {
            throw new QueryExecutionException(SAME_LABELSET);
        }
        out.set(o, step, v);
    }

    /** The result, without series that never got a point. */
    InstantVector vector() {
        return Aggregations.dropEmpty(out);
    }
}
