package io.tessera.server.sql;

import io.tessera.exec.sql.SqlResult;
import io.tessera.sql.SqlType;
import java.util.List;

/**
 * A result as ClickHouse would type it: BIGINT is Int64, DOUBLE Float64, VARCHAR String,
 * TIMESTAMP {@code DateTime64(3, 'UTC')}; a column holding a NULL is {@code Nullable(...)}.
 */
record ClickHouseResult(List<String> names, List<Kind> kinds, List<Boolean> nullable, List<Object[]> rows) {

    /** How a column's values are written. */
    enum Kind {
        UINT8("UInt8"),
        INT64("Int64"),
        FLOAT64("Float64"),
        STRING("String"),
        DATETIME64("DateTime64(3, 'UTC')"),
        ARRAY_INT64("Array(Int64)"),
        ARRAY_FLOAT64("Array(Float64)"),
        ARRAY_STRING("Array(String)"),
        ARRAY_DATETIME64("Array(DateTime64(3, 'UTC'))");

        final String type;

        Kind(String type) {
            this.type = type;
        }

        /** An array's element kind; null for a scalar kind. */
        Kind element() {
            return switch (this) {
                case ARRAY_INT64 -> INT64;
                case ARRAY_FLOAT64 -> FLOAT64;
                case ARRAY_STRING -> STRING;
                case ARRAY_DATETIME64 -> DATETIME64;
                default -> null;
            };
        }
    }

    String type(int column) {
        String t = kinds.get(column).type;
        return nullable.get(column) ? "Nullable(" + t + ")" : t;
    }

    static ClickHouseResult of(SqlResult result) {
        int n = result.columnNames().size();
        Kind[] kinds = new Kind[n];
        Boolean[] nullable = new Boolean[n];
        for (int c = 0; c < n; c++) {
            kinds[c] = kind(result.columnTypes().get(c));
            nullable[c] = false;
        }
        for (Object[] row : result.rows()) {
            for (int c = 0; c < n; c++) {
                if (row[c] == null) {
                    nullable[c] = true;
                }
            }
        }
        return new ClickHouseResult(result.columnNames(), List.of(kinds), List.of(nullable), result.rows());
    }

    /** One row of one non-null value. */
    static ClickHouseResult single(String name, Kind kind, Object value) {
        return new ClickHouseResult(
                List.of(name), List.of(kind), List.of(false), List.<Object[]>of(new Object[] {value}));
    }

    private static Kind kind(SqlType type) {
        return switch (type) {
            case BIGINT -> Kind.INT64;
            case DOUBLE -> Kind.FLOAT64;
            case VARCHAR -> Kind.STRING;
            case TIMESTAMP -> Kind.DATETIME64;
            case ARRAY_BIGINT -> Kind.ARRAY_INT64;
            case ARRAY_DOUBLE -> Kind.ARRAY_FLOAT64;
            case ARRAY_VARCHAR -> Kind.ARRAY_STRING;
            case ARRAY_TIMESTAMP -> Kind.ARRAY_DATETIME64;
        };
    }
}
