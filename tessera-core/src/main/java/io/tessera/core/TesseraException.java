package io.tessera.core;

/** The root of Tessera's own errors; each subclass says which side is at fault. */
public abstract class TesseraException extends RuntimeException {

    protected TesseraException(String message) {
        super(message);
    }

    protected TesseraException(String message, Throwable cause) {
        super(message, cause);
    }
}
