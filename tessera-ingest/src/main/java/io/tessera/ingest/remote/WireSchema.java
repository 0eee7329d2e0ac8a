package io.tessera.ingest.remote;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.tessera.ingest.MalformedProtobufException;
import java.io.IOException;

/**
 * The shape of a protobuf message that is checked and skipped rather than decoded: which wire
 * type each known field must have, and the shape of embedded messages. Unknown fields are
 * skipped, as protobuf requires.
 */
final class WireSchema {

    enum Kind {
        VARINT,
        FIXED64,
        BYTES,
        MESSAGE,
        PACKED_VARINT,
        PACKED_FIXED64
    }

    record Field(int number, String name, Kind kind, WireSchema message) {
        static Field of(int number, String name, Kind kind) {
            return new Field(number, name, kind, null);
        }
    }

    private final String name;
    private final Field[] fields;

    WireSchema(String name, Field... byNumber) {
        this.name = name;
        int max = 0;
        for (Field f : byNumber) {
            max = Math.max(max, f.number());
        }
        this.fields = new Field[max + 1];
        for (Field f : byNumber) {
            fields[f.number()] = f;
        }
    }

    String name() {
        return name;
    }

    /** Checks and skips the fields of one message, up to the stream's current limit. */
    void skip(CodedInputStream in) throws IOException {
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            int number = WireFormat.getTagFieldNumber(tag);
            int wireType = WireFormat.getTagWireType(tag);
            Field field = number < fields.length ? fields[number] : null;
            if (field == null) {
                skipUnknown(in, tag, name);
                continue;
            }
            switch (field.kind()) {
                case VARINT -> {
                    expect(in, wireType, WireFormat.WIRETYPE_VARINT, field.name());
                    in.readRawVarint64();
                }
                case FIXED64 -> {
                    expect(in, wireType, WireFormat.WIRETYPE_FIXED64, field.name());
                    in.skipRawBytes(8);
                }
                case BYTES -> {
                    expect(in, wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, field.name());
                    in.skipRawBytes(in.readRawVarint32());
                }
                case MESSAGE -> {
                    expect(in, wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, field.name());
                    int limit = in.pushLimit(in.readRawVarint32());
                    field.message().skip(in);
                    in.popLimit(limit);
                }
                case PACKED_VARINT -> skipPacked(in, wireType, WireFormat.WIRETYPE_VARINT, field.name());
                case PACKED_FIXED64 -> skipPacked(in, wireType, WireFormat.WIRETYPE_FIXED64, field.name());
            }
        }
    }

    private static void skipPacked(CodedInputStream in, int wireType, int elementType, String field)
            throws IOException {
        if (wireType == elementType) {
            if (elementType == WireFormat.WIRETYPE_VARINT) {
                in.readRawVarint64();
            } else {
                in.skipRawBytes(8);
            }
            return;
        }
        expect(in, wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, field);
        int length = in.readRawVarint32();
        if (elementType == WireFormat.WIRETYPE_FIXED64) {
            if (length % 8 != 0) {
                throw malformed(in, "proto: packed field " + field + " has length " + length + ", not a multiple of 8");
            }
            in.skipRawBytes(length);
            return;
        }
        int limit = in.pushLimit(length);
        while (!in.isAtEnd()) {
            in.readRawVarint64();
        }
        in.popLimit(limit);
    }

    /** Skips a field the schema does not know; a stray end-group tag is an error. */
    static void skipUnknown(CodedInputStream in, int tag, String message) throws IOException {
        if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_END_GROUP || !in.skipField(tag)) {
            throw malformed(in, "proto: " + message + ": wiretype end group for non-group");
        }
    }

    static void expect(CodedInputStream in, int wireType, int expected, String field) {
        if (wireType != expected) {
            throw malformed(in, "proto: wrong wireType = " + wireType + " for field " + field);
        }
    }

    static MalformedProtobufException malformed(CodedInputStream in, String message) {
        return new MalformedProtobufException(message, in.getTotalBytesRead(), null);
    }
}
