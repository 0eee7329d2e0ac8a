package io.tessera.server.metrics;

import java.util.List;
import java.util.Locale;

/**
 * Where a query's answer came from, read from the infos every answer carries: a part read from
 * a view says "answered from view", a part computed from raw data instead says "answered
 * exactly" (or, for the newest steps of a curve or evaluation-grid view, "computed another way").
 */
public enum AnswerSource {
    /** Every part from views. */
    VIEWS,
    /** Every part from raw data: no view covers the query, or the caller asked for the exact answer. */
    EXACT,
    /** Some parts from views, others from raw data (late data, panes not built yet, series moved exactly). */
    MIXED;

    /** The name in lower case, as the {@code source} label says it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static AnswerSource of(List<String> infos) {
        boolean fromView = false;
        boolean fromRaw = false;
        for (String info : infos) {
            fromView |= info.contains("answered from view");
            fromRaw |= info.contains("answered exactly") || info.contains("computed another way");
        }
        return !fromView ? EXACT : fromRaw ? MIXED : VIEWS;
    }
}
