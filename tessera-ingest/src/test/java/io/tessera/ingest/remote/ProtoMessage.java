package io.tessera.ingest.remote;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.function.LongToIntFunction;

/** Builds arbitrary protobuf bytes by hand, including ones no generated encoder would write. */
final class ProtoMessage {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

    static ProtoMessage message() {
        return new ProtoMessage();
    }

    ProtoMessage string(int field, String value) {
        return io(() -> out.writeString(field, value));
    }

    ProtoMessage bytes(int field, byte[] value) {
        return io(() -> out.writeByteArray(field, value));
    }

    ProtoMessage fixed64(int field, double value) {
        return io(() -> out.writeDouble(field, value));
    }

    ProtoMessage varint(int field, long value) {
        return io(() -> out.writeInt64(field, value));
    }

    ProtoMessage packedDoubles(int field, double... values) {
        return packed(field, 8 * values.length, () -> {
            for (double v : values) {
                out.writeDoubleNoTag(v);
            }
        });
    }

    ProtoMessage packedSint64(int field, long... values) {
        return packedVarLength(field, values, CodedOutputStream::computeSInt64SizeNoTag, out::writeSInt64NoTag);
    }

    ProtoMessage packedVarints(int field, int... values) {
        return packedVarLength(
                field,
                Arrays.stream(values).asLongStream().toArray(),
                v -> CodedOutputStream.computeUInt32SizeNoTag((int) v),
                v -> out.writeUInt32NoTag((int) v));
    }

    /** A packed repeated field of variable-length values, each {@code size} bytes and written by {@code write}. */
    private ProtoMessage packedVarLength(int field, long[] values, LongToIntFunction size, LongWrite write) {
        int total = 0;
        for (long v : values) {
            total += size.applyAsInt(v);
        }
        return packed(field, total, () -> {
            for (long v : values) {
                write.write(v);
            }
        });
    }

    /** A packed repeated field of {@code size} bytes, the values written by {@code values}. */
    private ProtoMessage packed(int field, int size, IoAction values) {
        return io(() -> {
            out.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(size);
            values.run();
        });
    }

    ProtoMessage message(int field, ProtoMessage message) {
        return bytes(field, message.toBytes());
    }

    ProtoMessage tag(int field, int wireType) {
        return io(() -> out.writeTag(field, wireType));
    }

    ProtoMessage raw(byte... raw) {
        return io(() -> out.writeRawBytes(raw));
    }

    byte[] toBytes() {
        io(out::flush);
        return bytes.toByteArray();
    }

    /** A {@code Label} message. */
    static ProtoMessage label(String name, String value) {
        return message().string(1, name).string(2, value);
    }

    /** A {@code Sample} message. */
    static ProtoMessage sample(double value, long timestamp) {
        return message().fixed64(1, value).varint(2, timestamp);
    }

    /** A {@code TimeSeries} with the given name/value pairs and no samples. */
    static ProtoMessage series(String... nameValues) {
        ProtoMessage ts = message();
        for (int i = 0; i < nameValues.length; i += 2) {
            ts.message(1, label(nameValues[i], nameValues[i + 1]));
        }
        return ts;
    }

    static int lengthDelimited() {
        return WireFormat.WIRETYPE_LENGTH_DELIMITED;
    }

    private interface LongWrite {
        void write(long value) throws IOException;
    }

    private interface IoAction {
        void run() throws IOException;
    }

    private ProtoMessage io(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
