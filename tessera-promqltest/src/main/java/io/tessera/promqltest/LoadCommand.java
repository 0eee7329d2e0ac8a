package io.tessera.promqltest;

import io.tessera.core.Labels;
import java.util.List;
import java.util.Set;

/**
 * {@code load <interval>} (or {@code load_with_nhcb}): float series to add to the loaded data,
 * sampled from t=0 every {@code intervalMillis}. Series with native-histogram points are not
 * among them; their metric names are in {@code histogramMetrics} (the empty name when a
 * histogram series has none), as are the native histograms {@code with_nhcb} would derive, and
 * their label sets are in {@code histogramSeries}.
 */
record LoadCommand(
        int line,
        long intervalMillis,
        boolean withNhcb,
        List<PointSeries> series,
        Set<String> histogramMetrics,
        Set<Labels> histogramSeries)
        implements Command {

    LoadCommand {
        series = List.copyOf(series);
        histogramMetrics = Set.copyOf(histogramMetrics);
        histogramSeries = Set.copyOf(histogramSeries);
    }
}
