package io.tessera.ingest.remote;

import java.util.Arrays;

/**
 * The strings already decoded from one request, keyed by their bytes in the request buffer, so
 * that label names and values repeated across series are decoded and allocated once. Short
 * strings only; when the table is full, further strings are simply not remembered.
 */
final class StringTable {

    private static final int CAPACITY = 1 << 11;
    private static final int MAX_ENTRIES = CAPACITY / 2;
    private static final int MAX_LENGTH = 64;

    private final byte[] buf;
    private final int[] offsets = new int[CAPACITY];
    private final int[] lengths = new int[CAPACITY];
    private final String[] strings = new String[CAPACITY];
    private int size;

    StringTable(byte[] buf) {
        this.buf = buf;
    }

    /** The string in {@code buf[offset..offset+length)}, or null when it is not valid UTF-8. */
    String decode(int offset, int length) {
        if (length == 0) {
            return "";
        }
        if (length > MAX_LENGTH) {
            return Utf8.decode(buf, offset, length);
        }
        int h = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            h = 31 * h + buf[i];
        }
        int mask = CAPACITY - 1;
        for (int slot = (h ^ (h >>> 16)) & mask; ; slot = (slot + 1) & mask) {
            String s = strings[slot];
            if (s == null) {
                s = Utf8.decode(buf, offset, length);
                if (s != null && size < MAX_ENTRIES) {
                    strings[slot] = s;
                    offsets[slot] = offset;
                    lengths[slot] = length;
                    size++;
                }
                return s;
            }
            if (lengths[slot] == length
                    && Arrays.equals(buf, offsets[slot], offsets[slot] + length, buf, offset, offset + length)) {
                return s;
            }
        }
    }
}
