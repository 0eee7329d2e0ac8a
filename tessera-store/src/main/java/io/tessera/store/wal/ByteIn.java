package io.tessera.store.wal;

import io.tessera.core.Labels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Reads what {@link ByteOut} writes from a range of a byte array; a read past the range is malformed. */
final class ByteIn {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private byte[] buf;
    private int pos;
    private int end;
    private String[] names = new String[16];
    private String[] values = new String[16];

    void reset(byte[] bytes, int from, int to) {
        buf = bytes;
        pos = from;
        end = to;
    }

    int position() {
        return pos;
    }

    boolean atEnd() {
        return pos == end;
    }

    private void need(int n) {
        if (n < 0 || end - pos < n) {
            throw new MalformedException("needs " + n + " more bytes at " + pos + ", has " + (end - pos));
        }
    }

    int u8() {
        need(1);
        return buf[pos++] & 0xFF;
    }

    int u32() {
        need(4);
        int v = (int) INTS.get(buf, pos);
        pos += 4;
        return v;
    }

    long i64() {
        need(8);
        long v = (long) LONGS.get(buf, pos);
        pos += 8;
        return v;
    }

    long varint() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            need(1);
            byte b = buf[pos++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new MalformedException("varint longer than 10 bytes at " + pos);
    }

    /** A varint that must be a count in {@code [0, max]}. */
    int count(int max) {
        long v = varint();
        if (v < 0 || v > max) {
            throw new MalformedException("count " + v + " out of range [0, " + max + "] at " + pos);
        }
        return (int) v;
    }

    long zigzag() {
        long v = varint();
        return (v >>> 1) ^ -(v & 1);
    }

    /** A copy of the next {@code n} bytes. */
    byte[] bytes(int n) {
        need(n);
        byte[] b = java.util.Arrays.copyOfRange(buf, pos, pos + n);
        pos += n;
        return b;
    }

    String string() {
        int n = count(end - pos);
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    Labels labels() {
        int n = count((end - pos) / 2);
        if (n > names.length) {
            names = new String[n];
            values = new String[n];
        }
        for (int i = 0; i < n; i++) {
            names[i] = string();
            values[i] = string();
        }
        try {
            return Labels.fromArrays(names, values, n);
        } catch (RuntimeException e) {
            throw new MalformedException("bad label set before " + pos + ": " + e.getMessage());
        }
    }

    /** Thrown for bytes that do not decode; the caller names the file and offset. */
    static final class MalformedException extends RuntimeException {
        MalformedException(String message) {
            super(message, null, false, false);
        }
    }
}
