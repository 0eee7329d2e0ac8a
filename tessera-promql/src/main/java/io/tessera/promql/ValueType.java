package io.tessera.promql;

/** The type of a PromQL expression's value. */
public enum ValueType {
    SCALAR("scalar", "scalar"),
    VECTOR("vector", "instant vector"),
    MATRIX("matrix", "range vector"),
    STRING("string", "string");

    private final String internalName;
    private final String documentedName;

    ValueType(String internalName, String documentedName) {
        this.internalName = internalName;
        this.documentedName = documentedName;
    }

    /** The short name Prometheus uses in a few messages, e.g. {@code matrix}. */
    public String internalName() {
        return internalName;
    }

    /** The name the Prometheus documentation uses, e.g. {@code range vector}. */
    public String documentedName() {
        return documentedName;
    }
}
