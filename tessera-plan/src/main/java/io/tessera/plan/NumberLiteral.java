package io.tessera.plan;

/** A constant scalar. */
public record NumberLiteral(double value) implements LeafNode {

    @Override
    public ValueKind kind() {
        return ValueKind.SCALAR;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NumberLiteral n && Double.doubleToRawLongBits(n.value) == Double.doubleToRawLongBits(value);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(Double.doubleToRawLongBits(value));
    }
}
