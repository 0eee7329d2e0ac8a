package io.tessera.ingest;

/** The request would be larger than the configured limit once decompressed. */
public final class PayloadTooLargeException extends WriteRejectedException {

    private final long size;
    private final long limit;

    public PayloadTooLargeException(String what, long size, long limit) {
        super(
                PAYLOAD_TOO_LARGE,
                what + " is too large: " + size + " bytes exceeds the limit of " + limit + " bytes",
                null);
        this.size = size;
        this.limit = limit;
    }

    public long size() {
        return size;
    }

    public long limit() {
        return limit;
    }
}
