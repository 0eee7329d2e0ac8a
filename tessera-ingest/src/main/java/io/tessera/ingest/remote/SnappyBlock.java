package io.tessera.ingest.remote;

import io.tessera.ingest.CorruptSnappyException;
import io.tessera.ingest.PayloadTooLargeException;
import java.io.IOException;
import org.xerial.snappy.Snappy;

/**
 * The snappy block format (not the framed one): a varint of the uncompressed length, then
 * the compressed data. The length is checked against the limit before anything is allocated.
 */
final class SnappyBlock {

    private SnappyBlock() {}

    /** The uncompressed length the block's header declares, or -1 for a header that is not a valid one. */
    static long declaredLength(byte[] body) {
        long uncompressed = 0;
        for (int i = 0, shift = 0; i < Math.min(5, body.length); i++, shift += 7) {
            int b = body[i] & 0xff;
            uncompressed |= (long) (b & 0x7f) << shift;
            if (b < 0x80) {
                return uncompressed > 0xffffffffL ? -1 : uncompressed;
            }
        }
        return -1;
    }

    static byte[] decompress(byte[] body, int offset, int length, int maxUncompressedBytes) {
        long uncompressed = 0;
        int headerBytes = 0;
        for (int shift = 0; ; shift += 7) {
            if (headerBytes == length || headerBytes == 5) {
                throw CorruptSnappyException.corruptInput(null);
            }
            int b = body[offset + headerBytes++] & 0xff;
            uncompressed |= (long) (b & 0x7f) << shift;
            if (b < 0x80) {
                break;
            }
        }
        if (uncompressed > 0xffffffffL) {
            throw CorruptSnappyException.corruptInput(null);
        }
        if (uncompressed > maxUncompressedBytes) {
            throw new PayloadTooLargeException("snappy: decoded block", uncompressed, maxUncompressedBytes);
        }
        if (uncompressed == 0) {
            if (headerBytes != length) {
                throw CorruptSnappyException.corruptInput(null);
            }
            return new byte[0];
        }
        byte[] out = new byte[(int) uncompressed];
        int written;
        try {
            written = Snappy.uncompress(body, offset, length, out, 0);
        } catch (IOException e) {
            throw CorruptSnappyException.corruptInput(e);
        }
        if (written != out.length) {
            throw CorruptSnappyException.corruptInput(null);
        }
        return out;
    }

    static byte[] compress(byte[] raw) {
        try {
            return Snappy.compress(raw);
        } catch (IOException e) {
            throw new IllegalStateException("snappy compression failed", e);
        }
    }
}
