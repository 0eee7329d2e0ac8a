package io.tessera.store.table;

import io.tessera.store.codes.DenseCodes;

/**
 * The codes of one STRING column: each distinct value gets the next int code, for good. Only the
 * table's writer adds; readers decode with the {@link #values()} array of their snapshot, which
 * holds every code that snapshot's rows use (a grown array is a new array; old ones stay valid).
 */
final class StringDictionary {

    /** Estimated bytes per entry besides the characters: the map entry, the boxed code, the string header. */
    static final long ENTRY_BYTES = 96;

    private final DenseCodes<String> codes = new DenseCodes<>(new String[16]);

    /** The code of {@code value}, adding it when new; {@code added[0]} grows by the bytes added. */
    int encode(String value, long[] added) {
        int known = codes.size();
        int code = codes.codeOf(value);
        if (codes.size() > known) {
            added[0] += ENTRY_BYTES + 2L * value.length();
        }
        return code;
    }

    String[] values() {
        return codes.values();
    }

    int size() {
        return codes.size();
    }
}
