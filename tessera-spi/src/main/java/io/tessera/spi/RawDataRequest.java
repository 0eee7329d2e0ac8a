package io.tessera.spi;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Schema;
import java.util.List;

/**
 * What a Scan asks of a {@link DataStore}: rows in {@code timeRange} ({@code (start, end]}; null
 * for all time), exactly the {@code schema}'s columns, and predicates as a hint: label matchers
 * for series, and for a table's rows a condition on its columns ({@code rows}, null for
 * none). A store may drop what they exclude or not; the executor applies them again.
 */
public record RawDataRequest(Interval timeRange, Schema schema, List<LabelMatcher> predicates, RowPredicate rows) {

    public RawDataRequest {
        predicates = List.copyOf(predicates);
    }

    public RawDataRequest(Interval timeRange, Schema schema, List<LabelMatcher> predicates) {
        this(timeRange, schema, predicates, null);
    }
}
