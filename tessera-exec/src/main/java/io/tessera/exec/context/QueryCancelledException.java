package io.tessera.exec.context;

import io.tessera.core.TesseraException;

/** The run was cancelled, for instance because its client went away. */
public final class QueryCancelledException extends TesseraException {

    public QueryCancelledException(String message) {
        super(message);
    }
}
