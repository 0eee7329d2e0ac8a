package io.tessera.promql;

import java.util.List;
import java.util.Random;

/** Writes random, well-typed PromQL text with random spelling (case, spacing, order of modifiers). */
final class RandomQueries {

    private static final List<String> NAMES = List.of(
            "up", "http_requests_total", "job:rate:5m", "sum", "by", "offset", "x", "node_cpu_seconds_total", "start");
    private static final List<String> QUOTED_NAMES = List.of("my.metric", "ünïcode", "with space", "bool");
    private static final List<String> LABELS = List.of("job", "instance", "le", "and", "on", "a.b", "ä", "__name__");
    private static final List<String> INCLUDE = List.of("job", "le", "a.b", "by");
    private static final List<String> VALUES = List.of("api", "", "a\"b", "tab\there", "ünï", "\\d+", "x|y", ".+");
    private static final List<String> NUMBERS =
            List.of("1", "0.5", "1e3", "0x1f", "Inf", "-Inf", "NaN", ".25", "1_000", "017", "5m", "3.14159", "1e-9");
    private static final List<String> DURATIONS = List.of("5m", "1h", "30s", "1h30m", "1500ms", "2d", "1w", "10", "90");
    private static final List<String> ARITHMETIC = List.of("+", "-", "*", "/", "%", "^", "atan2");
    private static final List<String> COMPARISONS = List.of("==", "!=", "<", "<=", ">", ">=");
    private static final List<String> SET = List.of("and", "or", "unless");
    private static final List<String> AGGREGATIONS =
            List.of("sum", "avg", "min", "max", "count", "group", "stddev", "stdvar");
    private static final List<String> VECTOR_FUNCTIONS =
            List.of("abs", "ceil", "exp", "sqrt", "sort", "timestamp", "ln", "sgn", "deg", "absent");
    private static final List<String> RANGE_FUNCTIONS = List.of(
            "rate",
            "increase",
            "delta",
            "avg_over_time",
            "max_over_time",
            "count_over_time",
            "changes",
            "resets",
            "last_over_time",
            "mad_over_time");

    private final Random random;

    RandomQueries(long seed) {
        this.random = new Random(seed);
    }

    String vector(int depth) {
        int choice = depth <= 0 ? random.nextInt(2) : random.nextInt(12);
        return switch (choice) {
            case 0, 1 -> instantSelector();
            case 2 -> pick(RANGE_FUNCTIONS) + "(" + matrix(depth - 1) + ")";
            case 3 -> pick(VECTOR_FUNCTIONS) + "(" + vector(depth - 1) + ")";
            case 4 -> aggregation(depth);
            case 5 -> binary(depth, pick(ARITHMETIC));
            case 6 -> binary(depth, pick(COMPARISONS) + (random.nextBoolean() ? " bool" : ""));
            case 7 -> vector(depth - 1) + sp() + kw(pick(SET)) + matching(true) + sp() + vector(depth - 1);
            case 8 -> "(" + vector(depth - 1) + ")";
            case 9 -> "-" + vector(depth - 1);
            case 10 -> "label_replace(" + vector(depth - 1) + ", \"dst\", \"$1\", \"src\", \"(.*)\")";
            default -> "histogram_quantile(" + scalar(depth - 1) + ", " + vector(depth - 1) + ")";
        };
    }

    /**
     * Vector matching only between two vectors. An operation with a scalar side is parenthesised,
     * so that the grouping the text implies keeps every operation well-typed.
     */
    private String binary(int depth, String op) {
        return switch (random.nextInt(3)) {
            case 0 -> vector(depth - 1) + sp() + op + matching(false) + sp() + vector(depth - 1);
            case 1 -> "(" + vector(depth - 1) + sp() + op + sp() + scalar(depth - 1) + ")";
            default -> "(" + scalar(depth - 1) + sp() + op + sp() + vector(depth - 1) + ")";
        };
    }

    String scalar(int depth) {
        int choice = depth <= 0 ? 0 : random.nextInt(6);
        return switch (choice) {
            case 0, 1 -> pick(NUMBERS);
            case 2 -> "scalar(" + vector(depth - 1) + ")";
            case 3 -> "time()";
            case 4 -> "(" + scalar(depth - 1) + sp() + pick(ARITHMETIC) + sp() + scalar(depth - 1) + ")";
            default -> "(" + scalar(depth - 1) + " " + pick(COMPARISONS) + " bool " + scalar(depth - 1) + ")";
        };
    }

    private String matrix(int depth) {
        if (depth > 0 && random.nextInt(4) == 0) {
            String step = random.nextBoolean() ? pick(DURATIONS) : "";
            return "(" + vector(depth - 1) + ")[" + pick(DURATIONS) + ":" + step + "]" + modifiers();
        }
        return selectorBody() + "[" + pick(DURATIONS) + "]" + modifiers();
    }

    private String instantSelector() {
        return selectorBody() + modifiers();
    }

    private String selectorBody() {
        int style = random.nextInt(4);
        StringBuilder b = new StringBuilder();
        boolean named = style != 3;
        if (style == 0 || style == 1) {
            b.append(pick(NAMES));
        }
        if (style == 0 && random.nextBoolean()) {
            return b.toString();
        }
        b.append('{');
        int n = random.nextInt(3);
        boolean first = true;
        if (style == 2) {
            b.append(Syntax.quote(pick(QUOTED_NAMES)));
            first = false;
        }
        if (!named) {
            b.append("job!=\"\"");
            first = false;
        }
        for (int i = 0; i < n; i++) {
            String label = pick(LABELS);
            if (label.equals("__name__") && named) {
                label = "job";
            }
            b.append(first ? "" : ", ")
                    .append(Syntax.labelName(label))
                    .append(pick(List.of("=", "!=", "=~", "!~")))
                    .append(Syntax.quote(pick(VALUES)));
            first = false;
        }
        return b.append(random.nextInt(5) == 0 && !first ? ",}" : "}").toString();
    }

    private String modifiers() {
        String offset = " offset " + (random.nextBoolean() ? "-" : "") + pick(DURATIONS);
        String at = " @ " + pick(List.of("100", "1.5", "-20", "start()", "end()", "1e3"));
        return switch (random.nextInt(6)) {
            case 0 -> offset;
            case 1 -> at;
            case 2 -> offset + at;
            case 3 -> at + offset;
            default -> "";
        };
    }

    private String aggregation(int depth) {
        String op = random.nextInt(4) == 0 ? "topk" : pick(AGGREGATIONS);
        String body = "(" + (op.equals("topk") ? "3, " : "") + vector(depth - 1) + ")";
        String modifier = switch (random.nextInt(3)) {
            case 0 -> "";
            case 1 -> kw("by") + " (" + labels() + ")";
            default -> kw("without") + " (" + labels() + ")";
        };
        return random.nextBoolean() ? kw(op) + " " + modifier + body : kw(op) + body + " " + modifier;
    }

    private String matching(boolean setOperator) {
        return switch (random.nextInt(setOperator ? 3 : 5)) {
            case 0 -> " on (" + labels() + ")";
            case 1 -> " ignoring (" + labels() + ")";
            case 2 -> "";
            case 3 -> " on (instance) group_left (" + Syntax.groupingLabel(pick(INCLUDE)) + ")";
            default -> " ignoring (job) " + kw("group_right") + " ()";
        };
    }

    private String labels() {
        int n = random.nextInt(3);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ").append(Syntax.groupingLabel(pick(LABELS)));
        }
        return b.toString();
    }

    private String kw(String word) {
        return random.nextInt(4) == 0 ? word.toUpperCase(java.util.Locale.ROOT) : word;
    }

    private String sp() {
        return random.nextInt(5) == 0 ? "\n  " : " ";
    }

    private String pick(List<String> from) {
        return from.get(random.nextInt(from.size()));
    }
}
