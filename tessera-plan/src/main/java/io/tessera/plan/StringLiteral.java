package io.tessera.plan;

/** A constant string (a function argument such as label_replace's regex). */
public record StringLiteral(String value) implements PlanNode {

    @Override
    public int[] inputs() {
        return new int[0];
    }

    @Override
    public ValueKind kind() {
        return ValueKind.STRING;
    }
}
