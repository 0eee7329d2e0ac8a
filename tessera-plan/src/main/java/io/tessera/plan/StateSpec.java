package io.tessera.plan;

import io.tessera.sketch.StateFamily;
import java.util.Map;
import java.util.TreeMap;

/**
 * A state family and its parameters, e.g. {@code KLL {k: 200}}: what one pane state of a view
 * holds. Parameters are part of a view's identity; states of different parameters never merge.
 */
public record StateSpec(StateFamily family, Map<String, Double> params) {

    public StateSpec {
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
    }

    public static StateSpec of(StateFamily family) {
        return new StateSpec(family, Map.of());
    }

    public double param(String name, double fallback) {
        Double v = params.get(name);
        return v == null ? fallback : v;
    }
}
