package io.tessera.plan;

/** A node that reads no other node: a Scan of raw data or a constant. */
public sealed interface LeafNode extends PlanNode permits Scan, NumberLiteral, StringLiteral {

    @Override
    default int[] inputs() {
        return new int[0];
    }
}
