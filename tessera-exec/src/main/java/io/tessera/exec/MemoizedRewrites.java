package io.tessera.exec;

import io.tessera.plan.PhysicalDag;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An installed plan's rewrites, kept by lowered DAG: a dashboard asks the same few queries every
 * refresh, and matching a query against every view (definition ids of each subtree) cost about a
 * twentieth of an accelerated instant query. A rewrite depends only on the DAG and the plan's
 * views, which a plan never changes (a new plan gets a new memo), and a lowered DAG does not hold
 * the query's time; DAGs are compared by value (records).
 */
final class MemoizedRewrites implements QueryAccelerator {

    /** Distinct queries kept; past it the memo starts over (a workload with this many is not a dashboard's). */
    static final int CAPACITY = 1024;

    private final QueryAccelerator rewriter;
    private final ConcurrentHashMap<PhysicalDag, PhysicalDag> rewritten = new ConcurrentHashMap<>();

    MemoizedRewrites(QueryAccelerator rewriter) {
        this.rewriter = rewriter;
    }

    @Override
    public PhysicalDag rewrite(PhysicalDag dag) {
        PhysicalDag known = rewritten.get(dag);
        if (known != null) {
            return known;
        }
        PhysicalDag r = rewriter.rewrite(dag);
        if (rewritten.size() >= CAPACITY) {
            rewritten.clear();
        }
        rewritten.put(dag, r);
        return r;
    }

    int size() {
        return rewritten.size();
    }
}
