package io.tessera.ingest.rows;

import io.tessera.core.InvalidInputException;
import java.util.Locale;

/** How posted rows are written, chosen by the request's Content-Type. */
public enum RowFormat {
    /** One JSON object per line, column names as keys ({@code application/x-ndjson} or {@code application/json}). */
    JSON_LINES,
    /** A header line of column names, then one record per line, RFC 4180 quoting ({@code text/csv}). */
    CSV;

    /** The Content-Types this accepts, for error messages. */
    public static final String ACCEPTED = "application/x-ndjson, application/json, text/csv";

    /**
     * The format of a Content-Type header value; a charset parameter, when given, must be UTF-8.
     *
     * @return null when the type is missing or not one of {@link #ACCEPTED}
     * @throws InvalidInputException for a charset other than UTF-8
     */
    public static RowFormat of(String contentType) {
        if (contentType == null) {
            return null;
        }
        String[] parts = contentType.split(";");
        String type = parts[0].trim().toLowerCase(Locale.ROOT);
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim().toLowerCase(Locale.ROOT);
            if (p.startsWith("charset=")) {
                String charset = p.substring("charset=".length()).replace("\"", "");
                if (!charset.equals("utf-8") && !charset.equals("utf8")) {
                    throw new InvalidInputException("rows must be UTF-8, not charset " + charset);
                }
            }
        }
        return switch (type) {
            case "application/x-ndjson", "application/json", "application/jsonl", "application/x-jsonlines" ->
                JSON_LINES;
            case "text/csv" -> CSV;
            default -> null;
        };
    }
}
