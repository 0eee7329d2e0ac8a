package io.tessera.promql;

import java.util.Objects;

/** A string literal, unescaped. */
public record StringLiteral(String value) implements Expr {

    public StringLiteral {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public ValueType type() {
        return ValueType.STRING;
    }
}
