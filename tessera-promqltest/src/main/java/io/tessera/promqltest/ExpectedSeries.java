package io.tessera.promqltest;

import io.tessera.core.Labels;
import java.util.List;

/**
 * One expected series of an eval: its points on the eval's grid (one for an instant vector),
 * and its 1-based position among the eval's series lines, which ordered evals check.
 */
record ExpectedSeries(Labels labels, List<SequenceValue> values, int position) {

    ExpectedSeries {
        values = List.copyOf(values);
    }

    @Override
    public String toString() {
        return labels + " " + values;
    }
}
