package io.tessera.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Derives the views of a DAG: every {@link PaneState} with a materialization, with its definition
 * id and the views below it that it is built from.
 */
public final class MaterializedViews {

    private MaterializedViews() {}

    public static List<MaterializedView> of(PhysicalDag dag) {
        List<MaterializedView> views = new ArrayList<>();
        for (int id = 0; id < dag.size(); id++) {
            if (dag.node(id) instanceof PaneState p && p.materialization() != null) {
                Set<String> inputs = new LinkedHashSet<>();
                collectInputs(dag, p.input(), inputs);
                views.add(new MaterializedView(DefinitionIds.of(dag, id), id, p, List.copyOf(inputs)));
            }
        }
        return List.copyOf(views);
    }

    private static void collectInputs(PhysicalDag dag, int id, Set<String> into) {
        if (dag.node(id) instanceof PaneState p && p.materialization() != null) {
            into.add(DefinitionIds.of(dag, id));
            return;
        }
        for (int input : dag.node(id).inputs()) {
            collectInputs(dag, input, into);
        }
    }
}
