package io.tessera.ingest.rows;

import io.tessera.core.InvalidInputException;

/** Posted rows that are refused as a whole: the line and, where one is to blame, the column. */
public final class RowFormatException extends InvalidInputException {

    private final int line;
    private final String column;
    private final String reason;

    /** @param line 1-based line of the body; @param column the column's name, or null */
    public RowFormatException(int line, String column, String reason) {
        super("line " + line + (column == null ? "" : ", column \"" + column + "\"") + ": " + reason);
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    public int line() {
        return line;
    }

    /** The column to blame, or null. */
    public String column() {
        return column;
    }

    /** The message without the position. */
    public String reason() {
        return reason;
    }
}
