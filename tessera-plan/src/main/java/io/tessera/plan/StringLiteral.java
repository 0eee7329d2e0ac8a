package io.tessera.plan;

/** A constant string (a function argument such as label_replace's regex). */
public record StringLiteral(String value) implements LeafNode {

    @Override
    public ValueKind kind() {
        return ValueKind.STRING;
    }
}
