package io.tessera.promqltest;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An eval's expectations about errors, annotations and order: {@code legacy} holds the kinds
 * the deprecated {@code eval_fail / eval_warn / eval_info / eval_ordered} spelling asked for,
 * {@code lines} the {@code expect} lines by kind, and {@code legacyFailMatch} an
 * {@code expected_fail_message} or {@code expected_fail_regexp} line.
 */
record Expectations(
        Set<ExpectKind> legacy, Map<ExpectKind, List<MessageMatch>> lines, Optional<MessageMatch> legacyFailMatch) {

    static final Expectations NONE = new Expectations(Set.of(), Map.of(), Optional.empty());

    Expectations {
        legacy = legacy.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(legacy));
        EnumMap<ExpectKind, List<MessageMatch>> copy = new EnumMap<>(ExpectKind.class);
        lines.forEach((k, v) -> {
            if (!v.isEmpty()) {
                copy.put(k, List.copyOf(v));
            }
        });
        lines = Map.copyOf(copy);
    }

    boolean isFail() {
        return legacy.contains(ExpectKind.FAIL) || lines.containsKey(ExpectKind.FAIL);
    }

    boolean isOrdered() {
        return legacy.contains(ExpectKind.ORDERED) || lines.containsKey(ExpectKind.ORDERED);
    }

    List<MessageMatch> lines(ExpectKind kind) {
        return lines.getOrDefault(kind, List.of());
    }

    boolean has(ExpectKind kind) {
        return lines.containsKey(kind);
    }
}
