package io.tessera.store.raw;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import java.util.List;

/**
 * Prometheus' rule for selectors: at least one matcher must not match the empty string, or the
 * selector would select every series. The query layer should call this when it parses a
 * selector; the store applies it again to every non-empty matcher list it is given.
 */
public final class VectorSelectors {

    private VectorSelectors() {}

    public static boolean hasNonEmptyMatcher(List<LabelMatcher> matchers) {
        for (LabelMatcher m : matchers) {
            if (!m.matchesEmpty()) {
                return true;
            }
        }
        return false;
    }

    public static void requireNonEmptyMatcher(List<LabelMatcher> matchers) {
        if (!hasNonEmptyMatcher(matchers)) {
            throw new InvalidInputException("vector selector must contain at least one non-empty matcher");
        }
    }
}
