package io.tessera.core;

/** A configured resource limit (samples per query, memory, request size…) would be exceeded. */
public final class LimitExceededException extends TesseraException {

    public LimitExceededException(String message) {
        super(message);
    }
}
