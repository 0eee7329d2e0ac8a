package io.tessera.store.codes;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Dense int codes for distinct values, given in order of first sight and never freed. Only one
 * writer adds; a reader decodes with the {@link #values()} array it was handed with a size: slots
 * past that size are written in place, and growth copies the array, so a handed-out prefix never
 * changes.
 */
public final class DenseCodes<T> {

    private final Map<T, Integer> codes = new HashMap<>();
    private T[] values;
    private int size;

    /** Starts empty, with {@code initial} (of length at least one) as the first values array. */
    public DenseCodes(T[] initial) {
        this.values = initial;
    }

    /** The code of {@code value}, giving it the next code when it is new. */
    public int codeOf(T value) {
        Integer code = codes.get(value);
        if (code != null) {
            return code;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size] = value;
        codes.put(value, size);
        return size++;
    }

    /** The value of each code below {@link #size()}, by code. */
    public T[] values() {
        return values;
    }

    public int size() {
        return size;
    }
}
