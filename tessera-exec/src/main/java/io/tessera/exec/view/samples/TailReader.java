package io.tessera.exec.view.samples;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.value.SeriesRows;

/**
 * Reads the view's Scan over an interval, for the newest panes not built yet (the recent-samples
 * log holds them when the store keeps one).
 */
@FunctionalInterface
public interface TailReader {
    /**
     * @param known the view's series: a raw series handed as one of these very objects is taken
     *     as matching the Scan without its labels being checked again
     */
    SeriesRows read(Interval span, Labels[] known);
}
