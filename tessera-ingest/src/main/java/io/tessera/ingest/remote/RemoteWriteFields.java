package io.tessera.ingest.remote;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import io.tessera.ingest.MalformedProtobufException;
import io.tessera.ingest.WriteBatchBuilder;
import java.io.IOException;
import java.util.function.Supplier;

/** The parts remote write 1.0 and 2.0 share: a {@code Sample} message, and checked skipping of one embedded message. */
final class RemoteWriteFields {

    private static final int SAMPLE_VALUE = 1;
    private static final int SAMPLE_TIMESTAMP = 2;

    private RemoteWriteFields() {}

    /** Reads one {@code Sample} (up to the stream's current limit) into {@code batch}. */
    static void readSample(CodedInputStream in, WriteBatchBuilder batch) throws IOException {
        double value = 0;
        long timestamp = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case SAMPLE_VALUE -> {
                    WireSchema.expect(in, WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_FIXED64, "Value");
                    value = in.readDouble();
                }
                case SAMPLE_TIMESTAMP -> {
                    WireSchema.expect(in, WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_VARINT, "Timestamp");
                    timestamp = in.readInt64();
                }
                default -> WireSchema.skipUnknown(in, tag, "Sample");
            }
        }
        batch.addSample(timestamp, value);
    }

    /** Reads the length-delimited {@code Sample} message of field {@code tag} into {@code batch}. */
    static void readSampleMessage(CodedInputStream in, int tag, WriteBatchBuilder batch) throws IOException {
        readMessage(in, tag, "Samples", () -> readSample(in, batch));
    }

    /** Reads the fields of one embedded message from a stream limited to it. */
    @FunctionalInterface
    interface MessageReader {
        void read() throws IOException;
    }

    /** Reads the length-delimited message of field {@code tag} with {@code reader}, the stream limited to it. */
    static void readMessage(CodedInputStream in, int tag, String field, MessageReader reader) throws IOException {
        int limit = enter(in, tag, field);
        reader.read();
        in.popLimit(limit);
    }

    /**
     * Checks that field {@code tag} is length-delimited and limits the stream to its message;
     * returns the limit to restore ({@link CodedInputStream#popLimit}) once the message is read.
     */
    static int enter(CodedInputStream in, int tag, String field) throws IOException {
        WireSchema.expect(in, WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, field);
        return in.pushLimit(in.readRawVarint32());
    }

    /**
     * Reads a request held in memory with {@code reader}; what protobuf cannot parse is reported as
     * an unparsable {@code message} at the position of the stream {@code in} then supplies.
     */
    static void readRequest(String message, Supplier<CodedInputStream> in, MessageReader reader) {
        try {
            reader.read();
        } catch (InvalidProtocolBufferException e) {
            throw unparsable(message, in.get(), e);
        } catch (IOException e) {
            throw new IllegalStateException("reading from a byte array failed", e);
        }
    }

    /** What a request that protobuf cannot parse is reported as: where the reading of {@code message} stopped, and why. */
    static MalformedProtobufException unparsable(
            String message, CodedInputStream in, InvalidProtocolBufferException e) {
        return new MalformedProtobufException(
                "proto: cannot parse " + message + " at byte " + in.getTotalBytesRead() + ": " + e.getMessage(),
                in.getTotalBytesRead(),
                e);
    }

    /** Checks and skips the length-delimited message of field {@code tag} against {@code schema}. */
    static void skipMessage(CodedInputStream in, int tag, WireSchema schema, String field) throws IOException {
        readMessage(in, tag, field, () -> schema.skip(in));
    }
}
