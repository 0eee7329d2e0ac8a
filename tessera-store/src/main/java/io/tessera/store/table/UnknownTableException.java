package io.tessera.store.table;

import io.tessera.core.InvalidInputException;

/** A table name that the configuration does not declare. */
public final class UnknownTableException extends InvalidInputException {

    private final String table;

    public UnknownTableException(String table) {
        super("no such table: \"" + table + "\"");
        this.table = table;
    }

    public String table() {
        return table;
    }
}
