package io.tessera.exec.context;

import io.tessera.core.TesseraException;

/** The run went past its deadline. */
public final class QueryTimeoutException extends TesseraException {

    public QueryTimeoutException(String message) {
        super(message);
    }
}
