package io.tessera.ingest;

/** A line of a text exposition that cannot be parsed or fails validation. */
public final class TextFormatException extends WriteRejectedException {

    /**
     * Where the text went wrong and why.
     *
     * @param line 1-based line number
     * @param column 1-based column, in characters
     * @param reason the message without the position
     */
    public record Detail(int line, int column, String reason) {}

    private final Detail detail;

    public TextFormatException(Detail detail, Throwable cause) {
        super(
                BAD_REQUEST,
                "text format parsing error in line " + detail.line() + ", column " + detail.column() + ": "
                        + detail.reason(),
                cause);
        this.detail = detail;
    }

    public Detail detail() {
        return detail;
    }
}
