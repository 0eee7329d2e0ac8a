package io.tessera.core;

/** The caller's input is malformed or out of range; the message says exactly what and where. */
public class InvalidInputException extends TesseraException {

    public InvalidInputException(String message) {
        super(message);
    }

    public InvalidInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
