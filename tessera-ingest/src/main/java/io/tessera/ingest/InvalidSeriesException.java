package io.tessera.ingest;

/**
 * A series whose label set is not acceptable. The message starts the way Prometheus' remote-write
 * receiver words it ({@code invalid metric name or labels, got {...}} or
 * {@code invalid labels for series, labels {...}, duplicated label x}) and then says exactly what
 * is wrong.
 */
public final class InvalidSeriesException extends WriteRejectedException {

    /** What is wrong with the label set. */
    public enum Problem {
        EMPTY_LABEL_SET,
        MISSING_METRIC_NAME,
        INVALID_METRIC_NAME,
        INVALID_LABEL_NAME,
        DUPLICATE_LABEL_NAME,
        INVALID_UTF8
    }

    private static final int MAX_LABELS_SHOWN = 32;
    private static final int MAX_VALUE_SHOWN = 128;

    /**
     * What is wrong, with which series and label.
     *
     * @param series index of the offending series in its request
     * @param labelName the label the problem is about (the duplicated name, the invalid name, the
     *     metric name for an invalid metric name, the label whose value is not UTF-8), or null
     */
    public record Detail(Problem problem, int series, String labelName) {}

    private final Detail detail;

    private InvalidSeriesException(Detail detail, String message) {
        super(BAD_REQUEST, message, null);
        this.detail = detail;
    }

    /**
     * @param series index of the series in its request
     * @param names,values the series' labels as received; only the first {@code n} are used
     * @param labelName the label the problem is about, or null
     */
    public static InvalidSeriesException of(
            Problem problem, int series, String[] names, String[] values, int n, String labelName) {
        String got = describe(names, values, n);
        String message = switch (problem) {
            case DUPLICATE_LABEL_NAME -> "invalid labels for series, labels " + got + ", duplicated label " + labelName;
            case EMPTY_LABEL_SET -> "invalid metric name or labels, got " + got + ": empty label set";
            case MISSING_METRIC_NAME ->
                "invalid metric name or labels, got " + got + ": missing metric name (__name__)";
            case INVALID_METRIC_NAME ->
                "invalid metric name or labels, got " + got + ": invalid metric name " + quote(labelName);
            case INVALID_LABEL_NAME ->
                "invalid metric name or labels, got " + got + ": invalid label name " + quote(labelName);
            case INVALID_UTF8 ->
                "invalid metric name or labels, got " + got + ": invalid UTF-8 in label "
                        + (labelName == null ? "name" : quote(labelName));
        };
        return new InvalidSeriesException(new Detail(problem, series, labelName), message);
    }

    public Detail detail() {
        return detail;
    }

    private static String describe(String[] names, String[] values, int n) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (i == MAX_LABELS_SHOWN) {
                sb.append("… ").append(n - i).append(" more");
                break;
            }
            sb.append(names[i]).append('=').append(quote(values[i]));
        }
        return sb.append('}').toString();
    }

    private static String quote(String s) {
        if (s == null) {
            return "\"\"";
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        int shown = Math.min(s.length(), MAX_VALUE_SHOWN);
        for (int i = 0; i < shown; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\x%02x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        if (shown < s.length()) {
            sb.append('…');
        }
        return sb.append('"').toString();
    }
}
