package io.tessera.exec;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Schema;
import java.util.List;

/**
 * What a Scan asks of a {@link DataStore}: rows in {@code timeRange} ({@code (start, end]}; null
 * for all time), exactly the {@code schema}'s columns, and predicates as a hint.
 */
public record RawDataRequest(Interval timeRange, Schema schema, List<LabelMatcher> predicates) {

    public RawDataRequest {
        predicates = List.copyOf(predicates);
    }
}
