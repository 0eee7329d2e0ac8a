package io.tessera.exec.view.panes;

import io.tessera.sketch.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * The pane states a run reads, by group. Either a column per group with a slot per single pane
 * and per whole block, for runs whose windows take different slots; or, for a run of one window
 * that takes every slot (an instant query), each group's states merged in slot order as they
 * come, so that a state is read once, and not once to be put in its column and again to be merged.
 */
final class GroupColumns {

    private final int slots;
    private final Supplier<State> newState;
    private final List<State[]> columns = new ArrayList<>();
    private State[] merged = new State[0];

    private GroupColumns(int slots, Supplier<State> newState) {
        this.slots = slots;
        this.newState = newState;
    }

    /** A column of at most {@code slots} slots per group. */
    static GroupColumns inSlots(int slots) {
        return new GroupColumns(slots, null);
    }

    /** Each group's states merged, in the order they are put, into a state of {@code newState}. */
    static GroupColumns mergedAsPut(Supplier<State> newState) {
        return new GroupColumns(0, newState);
    }

    boolean merging() {
        return newState != null;
    }

    /** Puts {@code state} at {@code slot} of {@code group}'s column, or merges it into the group's state. */
    void put(int group, int slot, State state) {
        if (newState != null) {
            if (group >= merged.length) {
                merged = Arrays.copyOf(merged, Math.max(group + 1, 2 * merged.length + 16));
            }
            if (merged[group] == null) {
                merged[group] = newState.get();
            }
            merged[group].merge(state);
            return;
        }
        while (columns.size() <= group) {
            columns.add(new State[Math.min(slots, 32)]);
        }
        State[] column = columns.get(group);
        if (slot >= column.length) {
            column = Arrays.copyOf(column, Math.min(slots, Math.max(slot + 1, 2 * column.length)));
            columns.set(group, column);
        }
        column[slot] = state;
    }

    /** The states put for group {@code g}, merged; null when none was. Only when {@link #merging()}. */
    State merged(int g) {
        return g < merged.length ? merged[g] : null;
    }

    /** Group {@code g}'s column, at least as long as {@code none} (a column of no states). */
    State[] column(int g, State[] none) {
        if (g >= columns.size()) {
            return none;
        }
        State[] column = columns.get(g);
        if (column.length < none.length) {
            column = Arrays.copyOf(column, none.length);
            columns.set(g, column);
        }
        return column;
    }
}
