package io.tessera.promql;

import io.tessera.core.LabelMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * An instant vector selector such as {@code foo{job="api"} @ 100 offset 5m}.
 *
 * @param name         the metric name written in front of the braces or as a bare quoted string
 *                     inside them ({@code {"my.metric"}}), or null
 * @param matchers     the label matchers other than that name, kept in the canonical (printed) order
 * @param offsetMillis the {@code offset} modifier; negative offsets look ahead; 0 when absent
 * @param at           the {@code @} modifier, or null
 */
public record VectorSelector(String name, List<LabelMatcher> matchers, long offsetMillis, AtModifier at)
        implements Expr {

    private static final Comparator<LabelMatcher> CANONICAL = Comparator.comparing(Syntax::matcher);

    public VectorSelector {
        List<LabelMatcher> sorted = new ArrayList<>(matchers);
        sorted.forEach(m -> Objects.requireNonNull(m, "matcher"));
        sorted.sort(CANONICAL);
        matchers = List.copyOf(sorted);
    }

    public static VectorSelector of(String name, List<LabelMatcher> matchers) {
        return new VectorSelector(name, matchers, 0, null);
    }

    /** Every matcher a series must satisfy, including {@code __name__} for the metric name. */
    public List<LabelMatcher> allMatchers() {
        if (name == null) {
            return matchers;
        }
        List<LabelMatcher> all = new ArrayList<>(matchers.size() + 1);
        all.add(LabelMatcher.equal("__name__", name));
        all.addAll(matchers);
        return List.copyOf(all);
    }

    public VectorSelector withOffset(long newOffsetMillis) {
        return new VectorSelector(name, matchers, newOffsetMillis, at);
    }

    public VectorSelector withAt(AtModifier newAt) {
        return new VectorSelector(name, matchers, offsetMillis, newAt);
    }

    @Override
    public ValueType type() {
        return ValueType.VECTOR;
    }
}
