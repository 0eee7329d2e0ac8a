package io.tessera.plan;

import io.tessera.core.LabelMatcher;
import io.tessera.spi.Source;
import java.util.List;

/**
 * A raw-data leaf: the series of {@code source} that satisfy every matcher. The window it reads
 * is not part of the node: it is the union of its readers' windows, derived at compile time.
 */
public record Scan(Source source, List<LabelMatcher> matchers) implements LeafNode {

    public Scan {
        matchers = List.copyOf(matchers);
    }

    @Override
    public ValueKind kind() {
        return ValueKind.ROWS;
    }
}
