package io.tessera.exec.view.panes;

import io.tessera.sketch.State;
import io.tessera.spi.LabelsTable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Merged states of aligned blocks of {@link #PANES} panes of a pane view, kept between runs: a
 * dashboard asks the same hour-long window again every few seconds, and all but its newest and
 * oldest panes are the same each time. A run over one window merges the blocks it wholly covers
 * from here (the first run merges them from their panes and keeps them) and only its few other
 * panes one by one, so an hour of 15 s panes is 15 blocks and at most 30 panes instead of 240.
 *
 * <p>A block is kept under the view's {@link io.tessera.spi.ViewStates#version}, which changes
 * whenever late data reaches a built pane, and under the view's group table (its ids name the
 * groups in a block), so nothing kept is used with panes rebuilt since or with another table.
 * Only exact families are kept (a sketch merged in blocks may answer differently). Bounded in
 * states; the least recently used block goes first.
 */
public final class PaneBlocks {

    /** Panes per block. */
    static final int PANES = 16;
    /** States kept at most, over all blocks. */
    static final long MAX_STATES = 2_000_000;

    /** One block: its view, the view's group table and version when it was merged, and its start. */
    record Key(String definitionId, LabelsTable groups, long version, long startMs) {}

    private final Map<Key, State[]> blocks = new LinkedHashMap<>(64, 0.75f, true);
    private long states;

    /** The block's merged states by group id (null where a group had none), or null when not kept. */
    synchronized State[] get(Key key) {
        return blocks.get(key);
    }

    synchronized void put(Key key, State[] byGroupId) {
        State[] old = blocks.put(key, byGroupId);
        states += byGroupId.length - (old == null ? 0 : old.length);
        var eldest = blocks.entrySet().iterator();
        while (states > MAX_STATES && eldest.hasNext()) {
            State[] gone = eldest.next().getValue();
            eldest.remove();
            states -= gone.length;
        }
    }

    /** Blocks kept now. */
    public synchronized int size() {
        return blocks.size();
    }
}
