package io.tessera.promqltest;

import java.util.List;

/** Short, readable renderings of results and expectations for mismatch reports. */
final class Describe {

    /** At most this many series are listed; the rest are counted. */
    private static final int MAX_SERIES = 12;

    private Describe() {}

    static String result(QueryResult r) {
        return switch (r) {
            case QueryResult.Scalar s -> "scalar " + Floats.format(s.value());
            case QueryResult.StringValue s -> "string \"" + s.value() + "\"";
            case QueryResult.Vector v -> "vector of " + v.samples().size() + " series";
            case QueryResult.Matrix m -> "matrix of " + m.series().size() + " series";
        };
    }

    /** Both sides in full (bounded), one series a line, for the reader to diff by eye. */
    static String expectedAndGot(EvalCommand eval, QueryResult r) {
        StringBuilder b = new StringBuilder("  expected:");
        switch (eval.expected()) {
            case ExpectedResult.Scalar s -> b.append(" scalar ").append(Floats.format(s.value()));
            case ExpectedResult.Text t ->
                b.append(" string \"").append(t.value()).append('"');
            case ExpectedResult.SeriesSet set -> lines(b, set.series());
        }
        b.append("\n  got:");
        switch (r) {
            case QueryResult.Scalar s -> b.append(" scalar ").append(Floats.format(s.value()));
            case QueryResult.StringValue s ->
                b.append(" string \"").append(s.value()).append('"');
            case QueryResult.Vector v ->
                lines(
                        b,
                        v.samples().stream()
                                .map(s -> s.labels() + " " + Floats.format(s.value()))
                                .toList());
            case QueryResult.Matrix m -> lines(b, m.series());
        }
        return b.toString();
    }

    private static void lines(StringBuilder b, List<?> items) {
        if (items.isEmpty()) {
            b.append(" (nothing)");
            return;
        }
        for (int i = 0; i < items.size() && i < MAX_SERIES; i++) {
            b.append("\n    ").append(items.get(i));
        }
        if (items.size() > MAX_SERIES) {
            b.append("\n    … and ").append(items.size() - MAX_SERIES).append(" more");
        }
    }
}
