package io.tessera.ingest;

import io.tessera.core.InvalidInputException;

/**
 * A write request that is rejected as a whole. The message is the plain-text reason to send
 * back, and {@link #httpStatus()} is the status Prometheus' own receiver answers with; neither
 * is worth retrying.
 */
public abstract sealed class WriteRejectedException extends InvalidInputException
        permits CorruptSnappyException,
                MalformedProtobufException,
                InvalidSeriesException,
                PayloadTooLargeException,
                TextFormatException {

    public static final int BAD_REQUEST = 400;
    public static final int PAYLOAD_TOO_LARGE = 413;

    private final int httpStatus;

    WriteRejectedException(int httpStatus, String message, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
    }

    public final int httpStatus() {
        return httpStatus;
    }
}
