package io.tessera.promqltest;

import io.tessera.core.Labels;
import java.util.List;

/**
 * A parsed {@code metric{labels} <points>} line. A native-histogram point ({@code {{...}}})
 * takes its positions as omitted values and sets {@code hasHistogram}: we do not support them.
 */
record SeriesLine(Labels labels, List<SequenceValue> values, boolean hasHistogram) {

    SeriesLine {
        values = List.copyOf(values);
    }
}
