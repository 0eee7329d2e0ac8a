package io.tessera.store.wal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The framing shared by log segments and snapshot files: a 4-byte big-endian payload length, a
 * 4-byte CRC32C over the length, the type byte and the payload, then the type byte and the
 * payload. A frame is valid only if its type is known, it fits in the file and its CRC matches.
 */
final class Frames {

    static final int HEADER = 9;
    /** No request or snapshot block comes near this; a larger length is damage. */
    static final int MAX_PAYLOAD = 1 << 30;

    /** One accepted raw-store append request. */
    static final byte SAMPLES = 1;
    /** One accepted append of rows to a SQL table, in the table log. */
    static final byte TABLE_ROWS = 2;
    /** Series references defined for the rest of a log segment. */
    static final byte SERIES = 3;
    /** One accepted raw-store append request whose series are references. */
    static final byte SAMPLES_REF = 4;
    /** A block of series with their chunks, in a raw-store snapshot file. */
    static final byte RAW_SERIES = 16;
    /** A block of one view's states, in a view file. */
    static final byte VIEW_STATES = 32;

    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private Frames() {}

    static boolean knownType(int type) {
        return type == SAMPLES
                || type == SERIES
                || type == SAMPLES_REF
                || type == RAW_SERIES
                || type == VIEW_STATES
                || type == TABLE_ROWS;
    }

    /** Starts a frame at the writer's position; the payload follows; {@link #end} completes it. */
    static int begin(ByteOut out, byte type) {
        int at = out.size();
        out.u32(0);
        out.u32(0);
        out.u8(type);
        return at;
    }

    static void end(ByteOut out, int at) {
        int length = out.size() - at - HEADER;
        out.u32At(at, length);
        out.u32At(at + 4, crc(out.array(), at, length));
    }

    static int crc(byte[] buf, int at, int payloadLength) {
        CRC32C crc = new CRC32C();
        crc.update(buf, at, 4);
        crc.update(buf, at + 8, 1 + payloadLength);
        return (int) crc.getValue();
    }

    static int length(byte[] buf, int at) {
        return (int) INTS.get(buf, at);
    }

    static int storedCrc(byte[] buf, int at) {
        return (int) INTS.get(buf, at + 4);
    }

    static int type(byte[] buf, int at) {
        return buf[at + 8] & 0xFF;
    }

    /** The total size of the valid frame at {@code at} (before {@code end}), or -1. */
    static int validFrame(byte[] buf, int at, int end) {
        if (end - at < HEADER) {
            return -1;
        }
        int length = length(buf, at);
        if (length < 0 || length > MAX_PAYLOAD || length > end - at - HEADER || !knownType(type(buf, at))) {
            return -1;
        }
        return crc(buf, at, length) == storedCrc(buf, at) ? HEADER + length : -1;
    }

    /**
     * The offset of the first valid frame after the bad one at {@code bad} (before {@code end}), or
     * -1 when there is none or when checking candidates would cost more than {@code budget} bytes of CRC.
     */
    static int nextValidFrame(byte[] buf, int bad, int end, long budget) {
        for (int q = bad + 1; q + HEADER <= end; q++) {
            int length = length(buf, q);
            if (length < 0 || length > end - q - HEADER || !knownType(type(buf, q))) {
                continue;
            }
            budget -= length;
            if (budget < 0) {
                return -1;
            }
            if (validFrame(buf, q, end) > 0) {
                return q;
            }
        }
        return -1;
    }

    /** Why the frame at {@code at} is not valid, for an error message. */
    static String problem(byte[] buf, int at, int end) {
        if (end - at < HEADER) {
            return "a frame header is cut off after " + (end - at) + " of " + HEADER + " bytes";
        }
        int length = length(buf, at);
        if (length < 0 || length > MAX_PAYLOAD) {
            return "a frame claims an impossible length " + Integer.toUnsignedString(length);
        }
        if (length > end - at - HEADER) {
            return "a frame of " + length + " payload bytes is cut off after " + (end - at - HEADER);
        }
        if (!knownType(type(buf, at))) {
            return "a frame has the unknown type " + type(buf, at);
        }
        return "a frame fails its CRC32C check (stored " + Integer.toHexString(storedCrc(buf, at)) + ", computed "
                + Integer.toHexString(crc(buf, at, length)) + ")";
    }
}
