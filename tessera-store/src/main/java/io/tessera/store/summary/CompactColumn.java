package io.tessera.store.summary;

import io.tessera.sketch.CompactState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.sketch.StateWords;
import java.util.Arrays;

/**
 * States of one family with a variable-width compact form ({@link CompactState}): row {@code r}'s
 * words are {@code arena[ends[r - 1], ends[r])} (from 0 for row 0). A state that has no compact
 * form (a KLL state that built its sketch), or whose words would not fit, is kept as an object
 * instead, with no words.
 */
final class CompactColumn extends StateColumn {

    /** Words of one column at most: past this a state is kept as an object. */
    static final int MAX_WORDS = 1 << 27;

    private final StateFamily family;
    private final int[] ends;
    private final long[] arena;
    /** Null until a row is kept as an object. */
    private final State[] objects;

    CompactColumn(StateFamily family, int capacity) {
        this(family, new int[Math.max(capacity, 1)], new long[Math.max(capacity, 1) * 8], null);
    }

    private CompactColumn(StateFamily family, int[] ends, long[] arena, State[] objects) {
        this.family = family;
        this.ends = ends;
        this.arena = arena;
        this.objects = objects;
    }

    @Override
    State get(int row) {
        if (objects != null && row < objects.length && objects[row] != null) {
            return objects[row];
        }
        int from = row == 0 ? 0 : ends[row - 1];
        return StateWords.readCompact(family, arena, from, ends[row] - from);
    }

    @Override
    StateColumn set(int row, State state) {
        if (state.family() != family || !(state instanceof CompactState compact)) {
            return asObjects(row).set(row, state);
        }
        int from = row == 0 ? 0 : ends[row - 1];
        int words = compact.compactWords();
        boolean asObject = words < 0 || words > MAX_WORDS - from;
        int[] e = row < ends.length ? ends : Arrays.copyOf(ends, grown(row, ends.length));
        long[] a = asObject || from + words <= arena.length
                ? arena
                : Arrays.copyOf(arena, (int) Math.min(MAX_WORDS, Math.max(2L * arena.length, from + words)));
        State[] o = objects;
        if (asObject) {
            o = o == null ? new State[e.length] : o.length < e.length ? Arrays.copyOf(o, e.length) : o;
            o[row] = state;
            e[row] = from;
        } else {
            compact.writeCompact(a, from);
            e[row] = from + words;
        }
        return e == ends && a == arena && o == objects ? this : new CompactColumn(family, e, a, o);
    }

    @Override
    long memoryBytes(int rows) {
        long bytes = 32 + 4L * ends.length + 8L * arena.length;
        if (objects != null) {
            bytes += 16 + 8L * objects.length;
            for (int r = 0; r < Math.min(rows, objects.length); r++) {
                bytes += objects[r] == null ? 0 : objects[r].memoryBytes();
            }
        }
        return bytes;
    }

    @Override
    StateColumn gather(int[] rows, int n) {
        int[] e = new int[Math.max(n, 1)];
        int total = 0;
        for (int i = 0; i < n; i++) {
            int r = rows[i];
            total += ends[r] - (r == 0 ? 0 : ends[r - 1]);
            e[i] = total;
        }
        long[] a = new long[Math.max(total, 1)];
        State[] o = null;
        for (int i = 0; i < n; i++) {
            int r = rows[i];
            int from = r == 0 ? 0 : ends[r - 1];
            System.arraycopy(arena, from, a, i == 0 ? 0 : e[i - 1], ends[r] - from);
            if (objects != null && r < objects.length && objects[r] != null) {
                o = o == null ? new State[e.length] : o;
                o[i] = objects[r];
            }
        }
        return new CompactColumn(family, e, a, o);
    }
}
