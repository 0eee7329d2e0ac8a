package io.tessera.store.summary;

import io.tessera.sketch.FixedWidthState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.sketch.StateWords;
import java.util.Arrays;

/** States of one fixed-width family as words, row {@code r} at {@code [r * width, (r + 1) * width)}. */
final class WordColumn extends StateColumn {

    private final StateFamily family;
    private final int width;
    private final long[] words;

    WordColumn(StateFamily family, int capacity) {
        this(family, StateWords.width(family), new long[Math.max(capacity, 1) * StateWords.width(family)]);
    }

    private WordColumn(StateFamily family, int width, long[] words) {
        this.family = family;
        this.width = width;
        this.words = words;
    }

    @Override
    State get(int row) {
        return StateWords.read(family, words, row * width);
    }

    @Override
    StateColumn set(int row, State state) {
        if (state.family() != family || !(state instanceof FixedWidthState fixed)) {
            return asObjects(row).set(row, state);
        }
        int capacity = words.length / width;
        long[] target = row < capacity ? words : Arrays.copyOf(words, grown(row, capacity) * width);
        fixed.writeWords(target, row * width);
        return target == words ? this : new WordColumn(family, width, target);
    }

    @Override
    long memoryBytes(int rows) {
        return 16 + 8L * words.length;
    }

    @Override
    StateColumn gather(int[] rows, int n) {
        long[] out = new long[Math.max(n, 1) * width];
        for (int i = 0; i < n; i++) {
            System.arraycopy(words, rows[i] * width, out, i * width, width);
        }
        return new WordColumn(family, width, out);
    }
}
