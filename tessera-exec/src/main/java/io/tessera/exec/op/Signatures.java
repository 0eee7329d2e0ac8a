package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.value.InstantVector;
import io.tessera.promql.VectorMatching;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The join signatures of the series on both sides of a vector operation, as small ordinals
 * shared by the two sides: the labels listed in {@code on(…)}, or all but those in
 * {@code ignoring(…)} and the metric name.
 */
record Signatures(int[] left, int[] right, int count) {

    static Signatures of(InstantVector lhs, InstantVector rhs, VectorMatching matching) {
        Map<Labels, Integer> ordinals = new HashMap<>();
        List<String> ignored = ignored(matching);
        int[] left = ordinals(lhs, matching, ignored, ordinals);
        int[] right = ordinals(rhs, matching, ignored, ordinals);
        return new Signatures(left, right, ordinals.size());
    }

    private static int[] ordinals(
            InstantVector v, VectorMatching matching, List<String> ignored, Map<Labels, Integer> ordinals) {
        int[] out = new int[v.size()];
        for (int s = 0; s < v.size(); s++) {
            Labels sig = matching.on()
                    ? v.labels(s).keep(matching.matchingLabels())
                    : v.labels(s).without(ignored);
            Integer o = ordinals.get(sig);
            if (o == null) {
                o = ordinals.size();
                ordinals.put(sig, o);
            }
            out[s] = o;
        }
        return out;
    }

    private static List<String> ignored(VectorMatching matching) {
        List<String> drop = new ArrayList<>(matching.matchingLabels());
        drop.add(Labels.METRIC_NAME);
        return drop;
    }

    /** The labels a series is matched on (Prometheus' {@code MatchLabels}), for messages. */
    static Labels matchLabels(Labels labels, VectorMatching matching) {
        return matching.on() ? labels.keep(matching.matchingLabels()) : labels.without(ignored(matching));
    }
}
