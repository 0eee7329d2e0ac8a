package io.tessera.exec;

import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;

/** A materialized view and the plan it was found in: its state node and input are nodes of {@code dag}. */
public record PlannedView(PhysicalDag dag, MaterializedView view) {}
