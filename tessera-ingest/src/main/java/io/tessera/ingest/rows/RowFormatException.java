package io.tessera.ingest.rows;

import io.tessera.core.InvalidInputException;

/** Posted rows that are refused as a whole: the line and, where one is to blame, the column. */
public final class RowFormatException extends InvalidInputException {

    /**
     * Where the rows went wrong and why.
     *
     * @param line 1-based line of the body
     * @param column the column's name, or null
     * @param reason the message without the position
     */
    public record Detail(int line, String column, String reason) {}

    private final Detail detail;

    /** @param line 1-based line of the body; @param column the column's name, or null */
    public RowFormatException(int line, String column, String reason) {
        super("line " + line + (column == null ? "" : ", column \"" + column + "\"") + ": " + reason);
        this.detail = new Detail(line, column, reason);
    }

    public Detail detail() {
        return detail;
    }
}
