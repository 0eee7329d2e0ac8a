package io.tessera.exec.context;

import io.tessera.core.TesseraException;

/**
 * A query is well formed but cannot be evaluated on this data: duplicate output series,
 * many-to-many matching, a type error only visible at run time. Prometheus calls these
 * execution errors.
 */
public final class QueryExecutionException extends TesseraException {

    public QueryExecutionException(String message) {
        super(message);
    }
}
