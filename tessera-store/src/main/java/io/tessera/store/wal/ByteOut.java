package io.tessera.store.wal;

import io.tessera.core.Labels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Writes the binary encodings of the log and the snapshots into a growable byte array. */
final class ByteOut {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private byte[] buf;
    private int size;

    ByteOut(int capacity) {
        buf = new byte[capacity];
    }

    byte[] array() {
        return buf;
    }

    int size() {
        return size;
    }

    void reset() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(size + more, buf.length * 2));
        }
    }

    void u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    void u32(int v) {
        ensure(4);
        INTS.set(buf, size, v);
        size += 4;
    }

    void u32At(int at, int v) {
        INTS.set(buf, at, v);
    }

    void i64(long v) {
        ensure(8);
        LONGS.set(buf, size, v);
        size += 8;
    }

    void varint(long v) {
        ensure(varintSize(v));
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    void zigzag(long v) {
        varint((v << 1) ^ (v >> 63));
    }

    void bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    void string(String s) {
        int n = s.length();
        int ascii = 0;
        while (ascii < n && s.charAt(ascii) < 0x80) {
            ascii++;
        }
        if (ascii < n) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            varint(utf8.length);
            bytes(utf8, 0, utf8.length);
            return;
        }
        varint(n);
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[size++] = (byte) s.charAt(i);
        }
    }

    void labels(Labels labels) {
        varint(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            string(labels.name(i));
            string(labels.value(i));
        }
    }

    static int varintSize(long v) {
        return v == 0 ? 1 : (70 - Long.numberOfLeadingZeros(v)) / 7;
    }

    static int zigzagSize(long v) {
        return varintSize((v << 1) ^ (v >> 63));
    }
}
