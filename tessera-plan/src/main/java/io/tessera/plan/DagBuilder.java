package io.tessera.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds a {@link PhysicalDag}, making equal nodes one node. */
public final class DagBuilder {

    private final List<PlanNode> nodes = new ArrayList<>();
    private final Map<PlanNode, Integer> ids = new HashMap<>();
    private final List<Integer> roots = new ArrayList<>();

    /** The id of {@code node}, adding it unless an equal node is already there. */
    public int add(PlanNode node) {
        Integer existing = ids.get(node);
        if (existing != null) {
            return existing;
        }
        int id = nodes.size();
        nodes.add(node);
        ids.put(node, id);
        return id;
    }

    public PlanNode node(int id) {
        return nodes.get(id);
    }

    public DagBuilder root(int id) {
        roots.add(id);
        return this;
    }

    public PhysicalDag build() {
        return new PhysicalDag(nodes, roots);
    }
}
