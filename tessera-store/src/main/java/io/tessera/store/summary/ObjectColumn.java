package io.tessera.store.summary;

import io.tessera.sketch.CompactState;
import io.tessera.sketch.FixedWidthState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateWords;
import java.util.Arrays;

/** States kept as objects: for families without a fixed width, or a view whose families are mixed. */
final class ObjectColumn extends StateColumn {

    private final State[] states;

    ObjectColumn(State[] states) {
        this.states = states;
    }

    @Override
    State get(int row) {
        return states[row];
    }

    @Override
    StateColumn set(int row, State state) {
        if (row == 0 && state instanceof FixedWidthState && StateWords.width(state.family()) > 0) {
            return new WordColumn(state.family(), states.length).set(0, state);
        }
        if (row == 0 && state instanceof CompactState) {
            return new CompactColumn(state.family(), states.length).set(0, state);
        }
        State[] target = row < states.length ? states : Arrays.copyOf(states, grown(row, states.length));
        target[row] = state;
        return target == states ? this : new ObjectColumn(target);
    }

    @Override
    long memoryBytes(int rows) {
        long bytes = 16 + 8L * states.length;
        for (int r = 0; r < rows; r++) {
            bytes += states[r].memoryBytes();
        }
        return bytes;
    }

    @Override
    StateColumn gather(int[] rows, int n) {
        State[] out = new State[Math.max(n, 1)];
        for (int i = 0; i < n; i++) {
            out[i] = states[rows[i]];
        }
        return new ObjectColumn(out);
    }
}
