package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.value.InstantVector;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The groups of an aggregation: each input series' group, numbered in order of first appearance
 * in the input (Prometheus' output order), with each group's labels — those kept {@code by}, or
 * all but those dropped {@code without} and the metric name.
 */
record SeriesGroups(int[] groupOf, Labels[] labels, int[] sizes) {

    static SeriesGroups of(InstantVector in, List<String> grouping, boolean without) {
        int[] groupOf = new int[in.size()];
        Map<Labels, Integer> index = new HashMap<>();
        Labels[] labels = new Labels[Math.max(1, in.size())];
        int[] sizes = new int[labels.length];
        int n = 0;
        for (int s = 0; s < in.size(); s++) {
            Labels key = groupLabels(in.labels(s), grouping, without);
            Integer g = index.get(key);
            if (g == null) {
                g = n++;
                index.put(key, g);
                labels[g] = key;
            }
            groupOf[s] = g;
            sizes[g]++;
        }
        return new SeriesGroups(groupOf, Arrays.copyOf(labels, n), Arrays.copyOf(sizes, n));
    }

    static Labels groupLabels(Labels labels, List<String> grouping, boolean without) {
        if (without) {
            return labels.without(grouping).withoutMetricName();
        }
        return labels.keep(grouping);
    }

    int count() {
        return labels.length;
    }
}
