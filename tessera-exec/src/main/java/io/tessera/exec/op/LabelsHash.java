package io.tessera.exec.op;

import io.tessera.core.Labels;
import java.nio.charset.StandardCharsets;

/**
 * Prometheus' {@code labels.Labels.Hash()}: XXH64 (seed 0) of every label as name, 0xff, value,
 * 0xff in name order. {@code limit_ratio} picks series by it, so it must be bit-exact.
 */
final class LabelsHash {

    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;

    private LabelsHash() {}

    static long of(Labels labels) {
        int n = 0;
        byte[][] parts = new byte[labels.size() * 2][];
        for (int i = 0; i < labels.size(); i++) {
            parts[2 * i] = labels.name(i).getBytes(StandardCharsets.UTF_8);
            parts[2 * i + 1] = labels.value(i).getBytes(StandardCharsets.UTF_8);
            n += parts[2 * i].length + parts[2 * i + 1].length + 2;
        }
        byte[] buf = new byte[n];
        int p = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, buf, p, part.length);
            p += part.length;
            buf[p++] = (byte) 0xff;
        }
        return xxh64(buf, buf.length);
    }

    /** XXH64 with seed 0 of the first {@code len} bytes of {@code b}. */
    static long xxh64(byte[] b, int len) {
        int i = 0;
        long h;
        if (len >= 32) {
            long v1 = P1 + P2;
            long v2 = P2;
            long v3 = 0;
            long v4 = -P1;
            for (; i + 32 <= len; i += 32) {
                v1 = round(v1, readLong(b, i));
                v2 = round(v2, readLong(b, i + 8));
                v3 = round(v3, readLong(b, i + 16));
                v4 = round(v4, readLong(b, i + 24));
            }
            h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            h = mergeRound(h, v1);
            h = mergeRound(h, v2);
            h = mergeRound(h, v3);
            h = mergeRound(h, v4);
        } else {
            h = P5;
        }
        h += len;
        for (; i + 8 <= len; i += 8) {
            h ^= round(0, readLong(b, i));
            h = Long.rotateLeft(h, 27) * P1 + P4;
        }
        if (i + 4 <= len) {
            h ^= (readInt(b, i) & 0xffffffffL) * P1;
            h = Long.rotateLeft(h, 23) * P2 + P3;
            i += 4;
        }
        for (; i < len; i++) {
            h ^= (b[i] & 0xffL) * P5;
            h = Long.rotateLeft(h, 11) * P1;
        }
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }

    private static long round(long acc, long input) {
        acc += input * P2;
        acc = Long.rotateLeft(acc, 31);
        return acc * P1;
    }

    private static long mergeRound(long acc, long val) {
        acc ^= round(0, val);
        return acc * P1 + P4;
    }

    private static long readLong(byte[] b, int i) {
        return (b[i] & 0xffL)
                | (b[i + 1] & 0xffL) << 8
                | (b[i + 2] & 0xffL) << 16
                | (b[i + 3] & 0xffL) << 24
                | (b[i + 4] & 0xffL) << 32
                | (b[i + 5] & 0xffL) << 40
                | (b[i + 6] & 0xffL) << 48
                | (b[i + 7] & 0xffL) << 56;
    }

    private static int readInt(byte[] b, int i) {
        return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | (b[i + 3] & 0xff) << 24;
    }

    /** Go's {@code float64(h)} of an unsigned 64-bit value, correctly rounded. */
    static double unsignedToDouble(long h) {
        if (h >= 0) {
            return h;
        }
        return ((double) ((h >>> 1) | (h & 1))) * 2.0;
    }
}
