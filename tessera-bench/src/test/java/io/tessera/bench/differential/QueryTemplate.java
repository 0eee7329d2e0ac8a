package io.tessera.bench.differential;

import java.util.function.Function;

/**
 * A family of generated queries: an id that names it in reports and in the list of known
 * disagreements, and how to write one from a {@link Vocabulary}. {@code instantOnly} templates
 * are only asked as instant queries (their range form is a different question, not a harder one).
 */
record QueryTemplate(String id, boolean instantOnly, Function<Vocabulary, String> writer) {

    static QueryTemplate of(String id, Function<Vocabulary, String> writer) {
        return new QueryTemplate(id, false, writer);
    }

    static QueryTemplate instant(String id, Function<Vocabulary, String> writer) {
        return new QueryTemplate(id, true, writer);
    }
}
