package io.tessera.store.table;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The codes of one STRING column: each distinct value gets the next int code, for good. Only the
 * table's writer adds; readers decode with the {@link #values()} array of their snapshot, which
 * holds every code that snapshot's rows use (a grown array is a new array; old ones stay valid).
 */
final class StringDictionary {

    /** Estimated bytes per entry besides the characters: the map entry, the boxed code, the string header. */
    static final long ENTRY_BYTES = 96;

    private final Map<String, Integer> codes = new HashMap<>();
    private String[] values = new String[16];
    private int size;

    /** The code of {@code value}, adding it when new; {@code added[0]} grows by the bytes added. */
    int encode(String value, long[] added) {
        Integer code = codes.get(value);
        if (code != null) {
            return code;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size] = value;
        codes.put(value, size);
        added[0] += ENTRY_BYTES + 2L * value.length();
        return size++;
    }

    String[] values() {
        return values;
    }

    int size() {
        return size;
    }
}
