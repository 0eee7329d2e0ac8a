package io.tessera.promql;

import java.util.List;
import java.util.Objects;

/**
 * Vector matching of a binary operation between two instant vectors.
 *
 * @param matchingLabels the {@code on} or {@code ignoring} labels (empty when neither was written)
 * @param on             whether {@code matchingLabels} come from {@code on}
 * @param include        the labels of {@code group_left} or {@code group_right}
 */
public record VectorMatching(Cardinality card, List<String> matchingLabels, boolean on, List<String> include) {

    public VectorMatching {
        Objects.requireNonNull(card, "card");
        matchingLabels = List.copyOf(matchingLabels);
        include = List.copyOf(include);
    }

    public static VectorMatching oneToOne() {
        return new VectorMatching(Cardinality.ONE_TO_ONE, List.of(), false, List.of());
    }

    VectorMatching withCard(Cardinality newCard) {
        return new VectorMatching(newCard, matchingLabels, on, include);
    }
}
