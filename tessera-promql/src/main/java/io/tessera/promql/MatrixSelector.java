package io.tessera.promql;

import java.util.Objects;

/**
 * A range vector selector {@code selector[range]}; its {@code offset} and {@code @} modifiers
 * are those of {@code selector}, and it reads {@code (T - offset - range, T - offset]}.
 */
public record MatrixSelector(VectorSelector selector, long rangeMillis) implements Expr {

    public MatrixSelector {
        Objects.requireNonNull(selector, "selector");
    }

    @Override
    public ValueType type() {
        return ValueType.MATRIX;
    }
}
