package io.tessera.exec;

import io.tessera.plan.PhysicalDag;

/**
 * Rewrites a lowered query DAG to read the installed views where they cover it, keeping the
 * exact branch beside each view read (a {@code Fallback}). The deployment swaps it atomically
 * when it installs a plan.
 */
@FunctionalInterface
public interface QueryAccelerator {

    QueryAccelerator NONE = dag -> dag;

    PhysicalDag rewrite(PhysicalDag dag);
}
