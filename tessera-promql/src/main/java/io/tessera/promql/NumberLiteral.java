package io.tessera.promql;

/** A number; a duration written where a number is expected is its length in seconds. */
public record NumberLiteral(double value) implements Expr {

    @Override
    public ValueType type() {
        return ValueType.SCALAR;
    }
}
