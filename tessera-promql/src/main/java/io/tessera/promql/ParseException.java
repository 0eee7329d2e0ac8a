package io.tessera.promql;

import io.tessera.core.InvalidInputException;
import java.nio.charset.StandardCharsets;

/**
 * A query that does not parse or does not type-check. The message reads as Prometheus writes
 * it, {@code <line>:<column>: parse error: <detail>}, with a 1-based column counted in UTF-8 bytes.
 */
public final class ParseException extends InvalidInputException {

    /**
     * Where the error is reported.
     *
     * @param offset the character offset in the query
     * @param line 1-based line
     * @param column 1-based column, counted in UTF-8 bytes
     */
    public record Position(int offset, int line, int column) {}

    private final Position position;
    private final String detail;

    private ParseException(Position position, String detail) {
        super(position.line() + ":" + position.column() + ": parse error: " + detail);
        this.position = position;
        this.detail = detail;
    }

    static ParseException at(String input, int offset, String detail) {
        int clamped = Math.max(0, Math.min(offset, input.length()));
        String before = input.substring(0, clamped);
        int lastBreak = before.lastIndexOf('\n');
        int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
        int column = before.substring(lastBreak + 1).getBytes(StandardCharsets.UTF_8).length + 1;
        return new ParseException(new Position(clamped, line, column), detail);
    }

    public Position position() {
        return position;
    }

    /** The message without its position prefix. */
    public String detail() {
        return detail;
    }
}
