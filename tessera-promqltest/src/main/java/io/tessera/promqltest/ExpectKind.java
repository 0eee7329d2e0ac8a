package io.tessera.promqltest;

/** The {@code <type>} of an {@code expect <type>} line. */
enum ExpectKind {
    ORDERED,
    FAIL,
    WARN,
    NO_WARN,
    INFO,
    NO_INFO;

    static ExpectKind parse(String word) {
        return valueOf(word.toUpperCase(java.util.Locale.ROOT));
    }
}
