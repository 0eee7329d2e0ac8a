package io.tessera.plan;

/**
 * One operator of a physical DAG. Inputs are node ids of the same DAG, so equal subtrees are one
 * node (a shared Scan, say) and a node is a value: two lowerings of the same query are equal.
 */
public sealed interface PlanNode
        permits LeafNode,
                SingleInputNode,
                RangeFunctionNode,
                InstantFunction,
                VectorAggregate,
                VectorBinary,
                ViewValue,
                Fallback,
                SqlNode {

    /** The ids of the nodes this one reads, in role order. */
    int[] inputs();

    /** The kind of value this node produces. */
    ValueKind kind();
}
