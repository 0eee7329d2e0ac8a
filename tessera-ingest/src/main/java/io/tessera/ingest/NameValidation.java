package io.tessera.ingest;

/** Which metric and label names an ingestion path accepts. */
public enum NameValidation {
    /**
     * The classic charset: metric names {@code [a-zA-Z_:][a-zA-Z0-9_:]*}, label names
     * {@code [a-zA-Z_][a-zA-Z0-9_]*}. Prometheus 2.x accepts only these by default.
     */
    LEGACY,
    /** Any non-empty UTF-8 name, as Prometheus 3 accepts. */
    UTF8
}
