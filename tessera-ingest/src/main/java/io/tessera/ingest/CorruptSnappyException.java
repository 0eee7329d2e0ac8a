package io.tessera.ingest;

/** The body is not a valid snappy block. */
public final class CorruptSnappyException extends WriteRejectedException {

    public CorruptSnappyException(String message, Throwable cause) {
        super(BAD_REQUEST, message, cause);
    }

    public static CorruptSnappyException corruptInput(Throwable cause) {
        return new CorruptSnappyException("snappy: corrupt input", cause);
    }
}
