package io.tessera.store.table;

import io.tessera.core.InvalidInputException;

/** A row of an append the store refuses; the whole append is refused with it and nothing is applied. */
public final class RowRejectedException extends InvalidInputException {

    private final int row;

    public RowRejectedException(int row, String message) {
        super(message);
        this.row = row;
    }

    /** The refused row's index in the appended batch. */
    public int row() {
        return row;
    }
}
