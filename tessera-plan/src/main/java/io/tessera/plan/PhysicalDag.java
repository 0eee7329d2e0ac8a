package io.tessera.plan;

import java.util.List;

/**
 * A physical DAG: nodes by id (a node's inputs have smaller ids) and one root per query.
 */
public record PhysicalDag(List<PlanNode> nodes, List<Integer> roots) {

    public PhysicalDag {
        nodes = List.copyOf(nodes);
        roots = List.copyOf(roots);
        for (int id = 0; id < nodes.size(); id++) {
            for (int input : nodes.get(id).inputs()) {
                if (input < 0 || input >= id) {
                    throw new IllegalArgumentException(
                            "node " + id + " reads node " + input + ", which is not an earlier node");
                }
            }
        }
        for (int root : roots) {
            if (root < 0 || root >= nodes.size()) {
                throw new IllegalArgumentException("root " + root + " is not a node");
            }
        }
    }

    public PlanNode node(int id) {
        return nodes.get(id);
    }

    public int size() {
        return nodes.size();
    }
}
