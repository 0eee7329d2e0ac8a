package io.tessera.promqltest;

import java.util.List;

/** The engine under test, as the conformance runner drives it. Times are epoch milliseconds. */
interface PromqlEngine {

    /** Replaces all data with these series (labels, ts ms, values incl. stale markers). */
    void load(List<PointSeries> series);

    /** Instant query at time t (ms). */
    QueryOutcome instant(String expr, long t);

    /** Range query start..end step (ms). */
    QueryOutcome range(String expr, long start, long end, long step);
}
