package io.tessera.ingest;

/** A line of a text exposition that cannot be parsed or fails validation. */
public final class TextFormatException extends WriteRejectedException {

    private final int line;
    private final int column;
    private final String reason;

    /** @param line 1-based line number; @param column 1-based column, in characters */
    public TextFormatException(int line, int column, String reason, Throwable cause) {
        super(BAD_REQUEST, "text format parsing error in line " + line + ", column " + column + ": " + reason, cause);
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message without the position. */
    public String reason() {
        return reason;
    }
}
