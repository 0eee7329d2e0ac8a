package io.tessera.core;

import com.google.re2j.Pattern;

/**
 * One label matcher with Prometheus semantics: a label that is absent has the value "", so
 * {@code foo=""} selects series without {@code foo}; regexes are fully anchored RE2.
 */
public final class LabelMatcher {

    private final MatchType type;
    private final String name;
    private final String value;
    private final Pattern pattern;

    private LabelMatcher(MatchType type, String name, String value) {
        if (name == null || name.isEmpty()) {
            throw new InvalidInputException("label matcher needs a label name");
        }
        this.type = type;
        this.name = name;
        this.value = value;
        this.pattern = type == MatchType.REGEX || type == MatchType.NOT_REGEX ? Re2Regex.compile(value) : null;
    }

    public static LabelMatcher of(MatchType type, String name, String value) {
        return new LabelMatcher(type, name, value);
    }

    public static LabelMatcher equal(String name, String value) {
        return new LabelMatcher(MatchType.EQUAL, name, value);
    }

    public static LabelMatcher notEqual(String name, String value) {
        return new LabelMatcher(MatchType.NOT_EQUAL, name, value);
    }

    public static LabelMatcher regex(String name, String regex) {
        return new LabelMatcher(MatchType.REGEX, name, regex);
    }

    public static LabelMatcher notRegex(String name, String regex) {
        return new LabelMatcher(MatchType.NOT_REGEX, name, regex);
    }

    public MatchType type() {
        return type;
    }

    public String name() {
        return name;
    }

    public String value() {
        return value;
    }

    /** Whether a label value ("" for an absent label) satisfies this matcher. */
    public boolean matches(String labelValue) {
        return switch (type) {
            case EQUAL -> value.equals(labelValue);
            case NOT_EQUAL -> !value.equals(labelValue);
            case REGEX -> pattern.matcher(labelValue).matches();
            case NOT_REGEX -> !pattern.matcher(labelValue).matches();
        };
    }

    public boolean matches(Labels labels) {
        return matches(labels.get(name));
    }

    /** True when this matcher also selects series that lack the label. */
    public boolean matchesEmpty() {
        return matches("");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelMatcher m && m.type == type && m.name.equals(name) && m.value.equals(value);
    }

    @Override
    public int hashCode() {
        return (type.hashCode() * 31 + name.hashCode()) * 31 + value.hashCode();
    }

    @Override
    public String toString() {
        return name + type.symbol() + '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
