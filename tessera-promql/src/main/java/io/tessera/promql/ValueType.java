package io.tessera.promql;

import java.util.Locale;

/** The type of a PromQL expression's value. */
public enum ValueType {
    SCALAR("scalar"),
    VECTOR("instant vector"),
    MATRIX("range vector"),
    STRING("string");

    private final String documentedName;

    ValueType(String documentedName) {
        this.documentedName = documentedName;
    }

    /** The short name Prometheus uses in a few messages, e.g. {@code matrix}. */
    public String internalName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The name the Prometheus documentation uses, e.g. {@code range vector}. */
    public String documentedName() {
        return documentedName;
    }
}
