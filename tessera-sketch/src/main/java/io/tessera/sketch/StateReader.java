package io.tessera.sketch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads one serialized state: checks the header against the expected family and version, and
 * every read against the bytes left, so malformed input fails with a precise message.
 */
final class StateReader {

    private final ByteBuffer buf;
    private final StateFamily family;

    private StateReader(ByteBuffer buf, StateFamily family) {
        this.buf = buf;
        this.family = family;
    }

    /** The format version of the bytes read. */
    int version() {
        return buf.get(2) & 0xff;
    }

    /** The family named by the header, after checking the magic byte; the version is not checked. */
    static StateFamily peekFamily(byte[] bytes) {
        checkHeaderPresent(bytes);
        return StateFamily.fromCode(bytes[1] & 0xff);
    }

    static StateReader open(byte[] bytes, StateFamily expected, int supportedVersion) {
        return open(bytes, expected, supportedVersion, supportedVersion);
    }

    /** Like {@link #open(byte[], StateFamily, int)} for a family that reads versions {@code oldest} to {@code newest}; see {@link #version}. */
    static StateReader open(byte[] bytes, StateFamily expected, int oldest, int newest) {
        checkHeaderPresent(bytes);
        int code = bytes[1] & 0xff;
        StateFamily actual = StateFamily.fromCode(code);
        if (actual != expected) {
            throw new StateFormatException(
                    "expected a " + expected + " state but the bytes hold a " + actual + " state");
        }
        int version = bytes[2] & 0xff;
        if (version < oldest || version > newest) {
            throw new StateFormatException("unsupported " + expected + " format version " + version
                    + (oldest == newest
                            ? " (this build reads version " + newest + ")"
                            : " (this build reads versions " + oldest + " to " + newest + ")"));
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        buf.position(StateCodec.HEADER_BYTES);
        return new StateReader(buf, expected);
    }

    private static void checkHeaderPresent(byte[] bytes) {
        if (bytes == null) {
            throw new StateFormatException("state bytes are null");
        }
        if (bytes.length < StateCodec.HEADER_BYTES) {
            throw new StateFormatException(
                    "truncated state: " + bytes.length + " bytes, the header alone needs " + StateCodec.HEADER_BYTES);
        }
        if (bytes[0] != StateCodec.MAGIC) {
            throw new StateFormatException(String.format(
                    "not a state: first byte is 0x%02x, expected magic 0x%02x",
                    bytes[0] & 0xff, StateCodec.MAGIC & 0xff));
        }
    }

    private void need(int bytes, String what) {
        if (buf.remaining() < bytes) {
            throw new StateFormatException("truncated " + family + " state: " + what + " needs " + bytes
                    + " bytes at offset " + buf.position() + ", only " + buf.remaining() + " left");
        }
    }

    int getByte(String what) {
        need(1, what);
        return buf.get() & 0xff;
    }

    int getInt(String what) {
        need(4, what);
        return buf.getInt();
    }

    long getLong(String what) {
        need(8, what);
        return buf.getLong();
    }

    double getDouble(String what) {
        need(8, what);
        return buf.getDouble();
    }

    long getCount(String what) {
        long n = getLong(what);
        if (n < 0) {
            throw invalid(what + " is negative (" + n + ")");
        }
        return n;
    }

    /** A count a state keeps in an int. */
    int getIntCount(String what) {
        long n = getCount(what);
        if (n > Integer.MAX_VALUE) {
            throw invalid(what + " is " + n + ", over the " + Integer.MAX_VALUE + " a state of this family holds");
        }
        return (int) n;
    }

    /**
     * Reads the rest of a payload that is the words of a fixed-width state ({@link StateWriter#ofWords}),
     * named in order by {@code names} (the first, a sample count, must not be negative), checks
     * that nothing trails them, and sets {@code into} to the state they hold.
     */
    <S extends FixedWidthState> S finishWords(S into, String... names) {
        long[] words = new long[names.length];
        words[0] = getCount(names[0]);
        for (int i = 1; i < names.length; i++) {
            words[i] = getLong(names[i]);
        }
        finish();
        return StateWords.load(into, words, 0);
    }

    double[] getDoubles(int count, String what) {
        if (count < 0 || (long) count * 8 > buf.remaining()) {
            need((int) Math.min(Integer.MAX_VALUE, Math.max(0L, (long) count * 8)), what);
        }
        double[] out = new double[count];
        for (int i = 0; i < count; i++) {
            out[i] = buf.getDouble();
        }
        return out;
    }

    byte[] getBlock(String what) {
        int length = getInt(what + " length");
        if (length < 0) {
            throw invalid(what + " length is negative (" + length + ")");
        }
        need(length, what);
        byte[] out = new byte[length];
        buf.get(out);
        return out;
    }

    String getString(String what) {
        byte[] bytes = getBlock(what);
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new StateFormatException("corrupt " + family + " state: " + what + " is not valid UTF-8", e);
        }
    }

    StateFormatException invalid(String detail) {
        return new StateFormatException("corrupt " + family + " state: " + detail);
    }

    /** Rejects trailing bytes after the payload. */
    void finish() {
        if (buf.hasRemaining()) {
            throw new StateFormatException(
                    buf.remaining() + " trailing bytes after the " + family + " state at offset " + buf.position());
        }
    }
}
