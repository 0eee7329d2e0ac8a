package io.tessera.ingest.views;

import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;

/** Which other views a view's ingestion runs may build along with it (on the same pane grid and progress). */
sealed interface Sharing {

    /** Whether a view shared this way may be built in one run with a view shared {@code other}'s way. */
    boolean with(Sharing other);

    /** Built on its own. */
    record Alone() implements Sharing {
        @Override
        public boolean with(Sharing other) {
            return false;
        }
    }

    /** With the views that fold the same Scan's raw data: one read of a span serves them all. */
    record SameScan(Scan scan) implements Sharing {
        @Override
        public boolean with(Sharing other) {
            return other instanceof SameScan same && scan.equals(same.scan);
        }
    }

    /** With the views evaluated by the same plan's DAG (the very same instance): one run evaluates them all. */
    record SameDag(PhysicalDag dag) implements Sharing {
        @Override
        public boolean with(Sharing other) {
            return other instanceof SameDag same && dag == same.dag;
        }
    }
}
