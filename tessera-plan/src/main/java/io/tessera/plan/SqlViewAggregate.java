package io.tessera.plan;

/**
 * The grouped aggregate {@code input} answered from the view {@code view} (a materialized
 * {@link PaneState}): the panes its window contains merged per group, the uncovered head and tail
 * built exactly from raw rows. When the view lacks state for the window, {@code input} runs
 * exactly instead, and the run says so. Its rows are those of {@code input}.
 */
public record SqlViewAggregate(int input, int view) implements SqlNode {

    @Override
    public int[] inputs() {
        return new int[] {input, view};
    }
}
