package io.tessera.sketch;

import io.tessera.core.InvalidInputException;

/** Serialized state bytes are truncated, of another family, of an unknown version, or corrupt. */
public final class StateFormatException extends InvalidInputException {

    public StateFormatException(String message) {
        super(message);
    }

    public StateFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
