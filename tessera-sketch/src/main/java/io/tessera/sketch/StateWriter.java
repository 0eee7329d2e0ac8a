package io.tessera.sketch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Writes the header and the little-endian payload of one serialized state. */
final class StateWriter {

    private ByteBuffer buf;

    StateWriter(StateFamily family, int version, int payloadSizeHint) {
        buf = ByteBuffer.allocate(StateCodec.HEADER_BYTES + Math.max(payloadSizeHint, 16))
                .order(ByteOrder.LITTLE_ENDIAN);
        buf.put(StateCodec.MAGIC).put((byte) family.code()).put((byte) version);
    }

    /** The bytes of {@code state} when its payload is its words ({@link FixedWidthState#writeWords}), in order. */
    static byte[] ofWords(FixedWidthState state, int version) {
        int width = StateWords.width(state.family());
        long[] words = new long[width];
        state.writeWords(words, 0);
        StateWriter writer = new StateWriter(state.family(), version, 8 * width);
        for (long word : words) {
            writer.putLong(word);
        }
        return writer.toByteArray();
    }

    private void ensure(int bytes) {
        if (buf.remaining() < bytes) {
            int capacity = Math.max(buf.capacity() * 2, buf.position() + bytes);
            ByteBuffer bigger = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
            buf.flip();
            bigger.put(buf);
            buf = bigger;
        }
    }

    StateWriter putByte(int v) {
        ensure(1);
        buf.put((byte) v);
        return this;
    }

    StateWriter putInt(int v) {
        ensure(4);
        buf.putInt(v);
        return this;
    }

    StateWriter putLong(long v) {
        ensure(8);
        buf.putLong(v);
        return this;
    }

    StateWriter putDouble(double v) {
        ensure(8);
        buf.putDouble(v);
        return this;
    }

    StateWriter putDoubles(double[] values) {
        ensure(8 * values.length);
        for (double v : values) {
            buf.putDouble(v);
        }
        return this;
    }

    /** A length-prefixed byte block. */
    StateWriter putBlock(byte[] bytes) {
        putInt(bytes.length);
        ensure(bytes.length);
        buf.put(bytes);
        return this;
    }

    StateWriter putString(String s) {
        return putBlock(s.getBytes(StandardCharsets.UTF_8));
    }

    byte[] toByteArray() {
        byte[] out = new byte[buf.position()];
        buf.flip();
        buf.get(out);
        return out;
    }
}
