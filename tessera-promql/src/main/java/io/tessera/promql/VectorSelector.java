package io.tessera.promql;

import io.tessera.core.LabelMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * An instant vector selector such as {@code foo{job="api"} @ 100 offset 5m}.
 *
 * <p>A selector's identity is its canonical form: two selectors that differ only in the order
 * their matchers were written are equal, print alike and lower to one Scan. The written order
 * is kept beside it for the one semantic that depends on it, the labels of {@code absent()}.
 *
 * @param name            the metric name written in front of the braces or as a bare quoted
 *                        string inside them ({@code {"my.metric"}}), or null
 * @param matchers        the label matchers other than that name, in the canonical (printed) order
 * @param offsetMillis    the {@code offset} modifier; negative offsets look ahead; 0 when absent
 * @param at              the {@code @} modifier, or null
 * @param writtenMatchers the same matchers in the order they were written; not part of equality
 */
public record VectorSelector(
        String name, List<LabelMatcher> matchers, long offsetMillis, AtModifier at, List<LabelMatcher> writtenMatchers)
        implements Expr {

    private static final Comparator<LabelMatcher> CANONICAL = Comparator.comparing(Syntax::matcher);

    public VectorSelector {
        List<LabelMatcher> written = List.copyOf(writtenMatchers);
        List<LabelMatcher> sorted = new ArrayList<>(matchers);
        sorted.forEach(m -> Objects.requireNonNull(m, "matcher"));
        sorted.sort(CANONICAL);
        matchers = List.copyOf(sorted);
        List<LabelMatcher> writtenSorted = new ArrayList<>(written);
        writtenSorted.sort(CANONICAL);
        if (!writtenSorted.equals(matchers)) {
            throw new IllegalArgumentException("the written matchers " + written + " are not the matchers " + matchers);
        }
        writtenMatchers = written;
    }

    /** A selector whose matchers are given in their written order. */
    public VectorSelector(String name, List<LabelMatcher> matchers, long offsetMillis, AtModifier at) {
        this(name, matchers, offsetMillis, at, matchers);
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
        return new VectorSelector(name, matchers, newOffsetMillis, at, writtenMatchers);
    }

    public VectorSelector withAt(AtModifier newAt) {
        return new VectorSelector(name, matchers, offsetMillis, newAt, writtenMatchers);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VectorSelector v
                && Objects.equals(name, v.name)
                && matchers.equals(v.matchers)
                && offsetMillis == v.offsetMillis
                && Objects.equals(at, v.at);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, matchers, offsetMillis, at);
    }

    @Override
    public ValueType type() {
        return ValueType.VECTOR;
    }
}
