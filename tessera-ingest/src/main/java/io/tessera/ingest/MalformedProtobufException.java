package io.tessera.ingest;

/** The decompressed body is not a well-formed protobuf message of the expected type. */
public final class MalformedProtobufException extends WriteRejectedException {

    private final int offset;

    /** @param offset the byte offset in the decompressed message where decoding stopped */
    public MalformedProtobufException(String message, int offset, Throwable cause) {
        super(BAD_REQUEST, message, cause);
        this.offset = offset;
    }

    public int offset() {
        return offset;
    }
}
