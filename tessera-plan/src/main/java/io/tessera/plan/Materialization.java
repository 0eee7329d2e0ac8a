package io.tessera.plan;

/**
 * How a node's output is kept across evaluations, which makes the node a materialized view.
 *
 * @param mode        when its states are built
 * @param paneMs      the width of one pane; panes end at {@code phaseMs + k * paneMs}
 * @param phaseMs     the offset of the pane grid
 * @param retentionMs how long panes are kept: the longest reader's window and offset plus a pane
 */
public record Materialization(Mode mode, long paneMs, long phaseMs, long retentionMs) {

    public enum Mode {
        /** built by ingestion runs as panes complete */
        AT_INGESTION,
        /** built by query runs and kept for later evaluations */
        AT_QUERY_KEPT
    }

    public Materialization {
        if (paneMs <= 0) {
            throw new IllegalArgumentException("a pane width must be positive, got " + paneMs);
        }
        if (retentionMs < paneMs) {
            throw new IllegalArgumentException(
                    "retention " + retentionMs + " ms is shorter than one pane of " + paneMs + " ms");
        }
        phaseMs = Math.floorMod(phaseMs, paneMs);
    }
}
