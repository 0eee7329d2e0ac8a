package io.tessera.sql;

import java.util.Locale;

/** A value expression of the SQL query form: every expression the frontend accepts is one of these. */
public sealed interface SqlExpr {

    SqlType type();

    /** The expression as SQL text the frontend parses back to an equal expression. */
    String toSql();

    /** A column of the table read; the time column has type TIMESTAMP. */
    record Column(String name, SqlType type) implements SqlExpr {
        @Override
        public String toSql() {
            return quote(name);
        }
    }

    /** A constant: a Long (BIGINT, TIMESTAMP in epoch ms), a Double or a String. */
    record Literal(Object value, SqlType type) implements SqlExpr {
        public Literal {
            boolean ok = switch (type) {
                case BIGINT, TIMESTAMP -> value instanceof Long;
                case DOUBLE -> value instanceof Double;
                case VARCHAR -> value instanceof String;
                default -> false;
            };
            if (!ok) {
                throw new IllegalArgumentException(type + " literal cannot hold " + value);
            }
        }

        @Override
        public String toSql() {
            return switch (type) {
                case BIGINT -> value.toString();
                case DOUBLE -> Double.toString((Double) value);
                case VARCHAR -> "'" + ((String) value).replace("'", "''") + "'";
                case TIMESTAMP -> "epoch_ms(" + value + ")";
                default -> throw new IllegalStateException("no " + type + " literal");
            };
        }
    }

    /**
     * The start of the bucket of width {@code widthMs} that holds the time column's value, buckets
     * starting at {@code originMs} plus a multiple of the width (UTC): {@code date_trunc} and
     * {@code time_bucket}.
     */
    record Bucket(Column column, long widthMs, long originMs) implements SqlExpr {
        public Bucket {
            if (widthMs <= 0) {
                throw new IllegalArgumentException("a time bucket must be positive, got " + widthMs + " ms");
            }
        }

        @Override
        public SqlType type() {
            return SqlType.TIMESTAMP;
        }

        @Override
        public String toSql() {
            return "time_bucket(INTERVAL '" + widthMs + " milliseconds', " + column.toSql() + ", epoch_ms(" + originMs
                    + "))";
        }

        /** The bucket start of {@code ts}. */
        public long bucketOf(long ts) {
            return Math.floorDiv(ts - originMs, widthMs) * widthMs + originMs;
        }
    }

    /** An aggregate over one column ({@code argument} is null for {@code COUNT(*)}). */
    record Aggregate(AggregateFunction function, Column argument, double fraction, SqlType type) implements SqlExpr {
        @Override
        public String toSql() {
            String arg = argument == null ? "*" : argument.toSql();
            return switch (function) {
                case COUNT -> "count(" + arg + ")";
                case COUNT_DISTINCT -> "count(DISTINCT " + arg + ")";
                case APPROX_COUNT_DISTINCT -> "approx_count_distinct(" + arg + ")";
                case SUM, AVG, MIN, MAX -> function.name().toLowerCase(Locale.ROOT) + "(" + arg + ")";
                case QUANTILE -> "quantile_cont(" + arg + ", " + fraction + ")";
                case TOP_K -> "topK(" + (long) fraction + ")(" + arg + ")";
            };
        }
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
