package io.tessera.ingest;

/** The request would be larger than the configured limit once decompressed. */
public final class PayloadTooLargeException extends WriteRejectedException {

    /** The size in bytes the request would have and the limit it exceeds. */
    public record Sizes(long size, long limit) {}

    private final Sizes sizes;

    public PayloadTooLargeException(String what, long size, long limit) {
        super(
                PAYLOAD_TOO_LARGE,
                what + " is too large: " + size + " bytes exceeds the limit of " + limit + " bytes",
                null);
        this.sizes = new Sizes(size, limit);
    }

    public Sizes sizes() {
        return sizes;
    }
}
