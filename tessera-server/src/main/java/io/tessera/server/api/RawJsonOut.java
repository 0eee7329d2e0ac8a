package io.tessera.server.api;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A byte buffer in front of the response stream for the parts of a result that are already JSON
 * (rendered labels, times and values in plain ASCII): copied as bytes, handed to the stream in
 * large writes, without the generator's per-call bookkeeping.
 */
final class RawJsonOut {

    /** As large as the server's I/O buffers, so that each write fills one. */
    private static final int FLUSH_AT = 1 << 16;

    private final OutputStream out;
    private byte[] buf = new byte[FLUSH_AT];
    private int size;

    RawJsonOut(OutputStream out) {
        this.out = out;
    }

    void put(byte[] bytes) throws IOException {
        put(bytes, 0, bytes.length);
    }

    void put(byte[] bytes, int from, int length) throws IOException {
        ensure(length);
        System.arraycopy(bytes, from, buf, size, length);
        size += length;
        flushIfFull();
    }

    /** Writes a string whose characters are all ASCII. */
    void putAscii(String s) throws IOException {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[size + i] = (byte) s.charAt(i);
        }
        size += n;
        flushIfFull();
    }

    /** A sample value as {@link GoFloats#sampleValue} writes it, without a string where it can. */
    void putSampleValue(double v) throws IOException {
        ensure(ShortestDecimal.MAX_LENGTH);
        int end = ShortestDecimal.write(v, buf, size);
        if (end < 0) {
            putAscii(GoFloats.sampleValue(v));
            return;
        }
        size = end;
        flushIfFull();
    }

    void put(char c) throws IOException {
        ensure(1);
        buf[size++] = (byte) c;
    }

    /** Hands what is buffered to the stream (which is not flushed itself). */
    void drain() throws IOException {
        if (size > 0) {
            out.write(buf, 0, size);
            size = 0;
        }
    }

    private void ensure(int n) {
        if (size + n > buf.length) {
            byte[] bigger = new byte[Math.max(buf.length * 2, size + n)];
            System.arraycopy(buf, 0, bigger, 0, size);
            buf = bigger;
        }
    }

    private void flushIfFull() throws IOException {
        if (size >= FLUSH_AT) {
            drain();
        }
    }
}
