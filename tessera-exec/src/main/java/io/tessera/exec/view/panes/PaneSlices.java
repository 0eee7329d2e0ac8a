package io.tessera.exec.view.panes;

import io.tessera.core.Interval;
import io.tessera.exec.value.SeriesRows;

/**
 * Where each pane of a span begins within each series of raw rows read for the whole span: the
 * rows of series {@code s} in pane {@code j} are {@code [from(s, j), to(s, j))} of its arrays
 * ({@link SeriesRows#tsArray}). Found in one walk over each series, for every view that folds
 * the same span.
 */
public final class PaneSlices {

    private final SeriesRows rows;
    private final int panes;
    /** Per series, {@code panes + 1} cut indexes: the first sample of each pane, then the series' end. */
    private final int[] cuts;

    public PaneSlices(SeriesRows rows, Interval span, long paneMs) {
        if (span.length() % paneMs != 0) {
            throw new IllegalArgumentException("span " + span + " is not a whole number of " + paneMs + " ms panes");
        }
        this.rows = rows;
        this.panes = (int) (span.length() / paneMs);
        this.cuts = new int[rows.size() * (panes + 1)];
        for (int s = 0; s < rows.size(); s++) {
            long[] ts = rows.tsArray(s);
            int i = rows.first(s);
            int end = i + rows.count(s);
            int base = s * (panes + 1);
            for (int j = 0; j < panes; j++) {
                long paneStart = span.start() + j * paneMs;
                while (i < end && ts[i] <= paneStart) {
                    i++;
                }
                cuts[base + j] = i;
            }
            cuts[base + panes] = end;
        }
    }

    public SeriesRows rows() {
        return rows;
    }

    /** How many panes the span holds. */
    public int panes() {
        return panes;
    }

    public int from(int series, int pane) {
        return cuts[series * (panes + 1) + pane];
    }

    public int to(int series, int pane) {
        return cuts[series * (panes + 1) + pane + 1];
    }
}
