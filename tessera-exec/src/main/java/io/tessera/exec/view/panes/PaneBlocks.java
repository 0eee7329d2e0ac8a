package io.tessera.exec.view.panes;

import io.tessera.sketch.State;
import io.tessera.spi.LabelsTable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What instant runs over a pane view keep of aligned blocks of panes ({@link #SIZES}) between
 * runs: a dashboard asks the same hour-long window again every few seconds, and all but its
 * newest and oldest panes are the same each time. A run over one window reads the blocks it
 * wholly covers from here (the first run builds them from their panes and keeps them) and only
 * its few other panes one by one: about 15 reads for an hour of 15 s panes instead of 240.
 * For an exact family a block is its panes' states merged; for KLL panes that
 * still hold their samples' values, the values of each group sorted ({@link Values}), from which
 * quantiles are still exact.
 *
 * <p>A block is kept under the view's {@link io.tessera.spi.ViewStates#version}, which changes
 * whenever late data reaches a built pane, and under the view's group table (its ids name the
 * groups in a block), so nothing kept is used with panes rebuilt since or with another table.
 * Bounded in states and values; the least recently used block goes first.
 */
public final class PaneBlocks {

    /**
     * Panes per block, largest first: a window takes the largest aligned blocks it wholly covers,
     * so an hour of 15 s panes is 2 or 3 blocks of 64 and at most 6 of 16, 6 of 4 and 6 single
     * panes (typically about 15 reads, each a state of every series touched once).
     */
    static final int[] SIZES = {64, 16, 4};
    /** States, and values over {@link #VALUES_PER_STATE}, kept at most over all blocks. */
    static final long MAX_WEIGHT = 2_000_000;

    static final int VALUES_PER_STATE = 8;

    /** One block: its view, the view's group table and version when it was built, its start and its panes. */
    record Key(String definitionId, LabelsTable groups, long version, long startMs, int panes) {}

    /**
     * The panes of the largest block of {@link #SIZES} that starts at {@code panes[p]} on the
     * grid of blocks of that size and lies wholly in {@code panes} (consecutive panes of one
     * view, ascending); 0 when none does.
     */
    static int wholeBlockAt(java.util.List<io.tessera.core.Interval> panes, int p, long paneMs, long phaseMs) {
        long start = panes.get(p).start();
        for (int size : SIZES) {
            long blockMs = size * paneMs;
            if (Math.floorMod(start - phaseMs, blockMs) == 0
                    && p + size <= panes.size()
                    && panes.get(p + size - 1).end() == start + blockMs) {
                return size;
            }
        }
        return 0;
    }

    /** The exact values of a block's KLL panes, per group id: sorted, without NaN, and how many NaN there were. */
    record Values(double[][] sorted, int[] nans) {
        long weight() {
            long values = sorted.length;
            for (double[] v : sorted) {
                values += v == null ? 0 : v.length;
            }
            return Math.max(1, values / VALUES_PER_STATE);
        }
    }

    private record Kept(Object block, long weight) {}

    private final Map<Key, Kept> blocks = new LinkedHashMap<>(64, 0.75f, true);
    private long weight;

    /** The block's merged states by group id (null where a group had none), or null when not kept. */
    State[] merged(Key key) {
        return get(key) instanceof State[] merged ? merged : null;
    }

    void keepMerged(Key key, State[] byGroupId) {
        put(key, byGroupId, byGroupId.length);
    }

    /** The block's sorted values, or null when not kept. */
    Values values(Key key) {
        return get(key) instanceof Values values ? values : null;
    }

    void keepValues(Key key, Values values) {
        put(key, values, values.weight());
    }

    private synchronized Object get(Key key) {
        Kept kept = blocks.get(key);
        return kept == null ? null : kept.block();
    }

    private synchronized void put(Key key, Object block, long blockWeight) {
        Kept old = blocks.put(key, new Kept(block, blockWeight));
        weight += blockWeight - (old == null ? 0 : old.weight());
        var eldest = blocks.entrySet().iterator();
        while (weight > MAX_WEIGHT && eldest.hasNext()) {
            Kept gone = eldest.next().getValue();
            eldest.remove();
            weight -= gone.weight();
        }
    }

    /** Blocks kept now. */
    public synchronized int size() {
        return blocks.size();
    }
}
