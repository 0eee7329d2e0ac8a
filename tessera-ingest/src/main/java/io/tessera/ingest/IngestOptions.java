package io.tessera.ingest;

/**
 * Settings shared by every decoder of incoming samples.
 *
 * @param nameValidation which metric and label names are accepted
 * @param maxUncompressedBytes the largest request body accepted after decompression; a larger
 *     one is rejected before it is decompressed
 */
public record IngestOptions(NameValidation nameValidation, int maxUncompressedBytes) {

    public static final int DEFAULT_MAX_UNCOMPRESSED_BYTES = 32 << 20;
    public static final IngestOptions DEFAULTS = new IngestOptions(NameValidation.UTF8, DEFAULT_MAX_UNCOMPRESSED_BYTES);

    public IngestOptions {
        if (nameValidation == null) {
            throw new IllegalArgumentException("nameValidation must not be null");
        }
        if (maxUncompressedBytes < 0) {
            throw new IllegalArgumentException("maxUncompressedBytes must not be negative: " + maxUncompressedBytes);
        }
    }

    public IngestOptions withNameValidation(NameValidation validation) {
        return new IngestOptions(validation, maxUncompressedBytes);
    }

    public IngestOptions withMaxUncompressedBytes(int bytes) {
        return new IngestOptions(nameValidation, bytes);
    }
}
