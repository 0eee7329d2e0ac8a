package io.tessera.plan.codec;

import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanValidator;
import java.util.List;

/**
 * What a server installs: a versioned DAG and the query texts, query i answered by
 * {@code dag.roots[i]}. It stores only what the DAG cannot derive; the views are derived by
 * {@link #materializedViews()}. A plan is valid by construction: the DAG rules are checked here.
 *
 * @throws io.tessera.core.InvalidInputException when a DAG rule is broken, naming the node
 */
public record InstallablePlan(int wireVersion, PhysicalDag dag, List<String> queryTexts) {

    /** The only wire version this build reads and writes. */
    public static final int WIRE_VERSION = 1;

    public InstallablePlan {
        queryTexts = List.copyOf(queryTexts);
        if (wireVersion != WIRE_VERSION) {
            throw new IllegalArgumentException(
                    "unknown plan wire version " + wireVersion + " (this build reads " + WIRE_VERSION + ")");
        }
        PlanValidator.validate(dag, queryTexts.size());
    }

    public static InstallablePlan of(PhysicalDag dag, List<String> queryTexts) {
        return new InstallablePlan(WIRE_VERSION, dag, queryTexts);
    }

    /** Every node kept across evaluations, in node order; derived, never stored. */
    public List<MaterializedView> materializedViews() {
        return MaterializedViews.of(dag);
    }
}
