package io.tessera.plan;

import io.tessera.core.Labels;
import java.util.List;

/**
 * Which samples share a state: every series on its own (the group is its full label set), or
 * the series grouped {@code by} or {@code without} labels, as a PromQL aggregation groups them.
 */
public record Grouping(Kind kind, List<String> labels) {

    public enum Kind {
        PER_SERIES,
        BY,
        WITHOUT
    }

    public static final Grouping PER_SERIES = new Grouping(Kind.PER_SERIES, List.of());

    public Grouping {
        labels = List.copyOf(labels);
    }

    /** The group of a series with {@code series} labels. */
    public Labels groupOf(Labels series) {
        return switch (kind) {
            case PER_SERIES -> series;
            case BY -> series.keep(labels);
            case WITHOUT -> series.without(labels).withoutMetricName();
        };
    }
}
