package io.tessera.exec;

import io.tessera.exec.view.grid.KeptCorrections;
import io.tessera.exec.view.panes.PaneBlocks;
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

    /** What the corrections of the queries it rewrites share between runs; null when nothing is shared. */
    default KeptCorrections keptCorrections() {
        return null;
    }

    /** Merged blocks of pane views' panes the queries it rewrites share between runs; null when nothing is. */
    default PaneBlocks paneBlocks() {
        return null;
    }

    /**
     * {@code rewriter} with kept corrections, merged pane blocks and rewrites of its own
     * ({@link MemoizedRewrites}), which retire with it when the next plan is installed.
     */
    static QueryAccelerator keepingCorrections(QueryAccelerator rewriter) {
        KeptCorrections kept = new KeptCorrections();
        PaneBlocks blocks = new PaneBlocks();
        QueryAccelerator memo = new MemoizedRewrites(rewriter);
        return new QueryAccelerator() {
            @Override
            public PhysicalDag rewrite(PhysicalDag dag) {
                return memo.rewrite(dag);
            }

            @Override
            public KeptCorrections keptCorrections() {
                return kept;
            }

            @Override
            public PaneBlocks paneBlocks() {
                return blocks;
            }
        };
    }
}
