package io.tessera.promql;

import io.tessera.core.InvalidInputException;
import java.nio.charset.StandardCharsets;

/**
 * A query that does not parse or does not type-check. The message reads as Prometheus writes
 * it, {@code <line>:<column>: parse error: <detail>}, with a 1-based column counted in UTF-8 bytes.
 */
public final class ParseException extends InvalidInputException {

    private final int offset;
    private final int line;
    private final int column;
    private final String detail;

    private ParseException(int offset, int line, int column, String detail) {
        super(line + ":" + column + ": parse error: " + detail);
        this.offset = offset;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    static ParseException at(String input, int offset, String detail) {
        int clamped = Math.max(0, Math.min(offset, input.length()));
        String before = input.substring(0, clamped);
        int lastBreak = before.lastIndexOf('\n');
        int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
        int column = before.substring(lastBreak + 1).getBytes(StandardCharsets.UTF_8).length + 1;
        return new ParseException(clamped, line, column, detail);
    }

    /** The character offset in the query where the error is reported. */
    public int offset() {
        return offset;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message without its position prefix. */
    public String detail() {
        return detail;
    }
}
