package io.tessera.sql;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Schema;
import io.tessera.core.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Column names of the one table a query reads. A declared table knows its columns; a metric
 * has {@code ts}, {@code value} and one STRING column per label the query names.
 */
final class Resolver {

    private final TableSchema table;
    private final String metricName;
    private final String alias;
    private final Set<String> labels = new LinkedHashSet<>();

    private Resolver(TableSchema table, String metricName, String alias) {
        this.table = table;
        this.metricName = metricName;
        this.alias = alias;
    }

    static Resolver table(TableSchema table, String alias) {
        return new Resolver(table, null, alias);
    }

    static Resolver metric(String name, String alias) {
        if (name.isEmpty()) {
            throw new InvalidInputException("a metric table needs a name");
        }
        return new Resolver(null, name, alias);
    }

    boolean metric() {
        return table == null;
    }

    String timeColumn() {
        return table == null ? Schema.TS : table.timeColumn();
    }

    String tableName() {
        return table == null ? metricName : table.name();
    }

    /** Whether {@code name} is a column of a declared table, or {@code ts}/{@code value} of a metric. */
    boolean has(String name) {
        return table == null ? name.equals(Schema.TS) || name.equals(Schema.VALUE) : table.column(name) != null;
    }

    List<String> allColumns() {
        List<String> names = new ArrayList<>();
        for (Column c : table.rowSchema().columns()) {
            names.add(c.name());
        }
        return names;
    }

    SqlExpr.Column column(String qualifier, String name) {
        if (qualifier != null && !qualifier.equals(alias) && !qualifier.equals(tableName())) {
            throw new InvalidInputException("unknown table \"" + qualifier + "\" in column " + qualifier + "." + name);
        }
        return column(name);
    }

    SqlExpr.Column column(String name) {
        if (table == null) {
            if (name.equals(Schema.TS)) {
                return new SqlExpr.Column(name, SqlType.TIMESTAMP);
            }
            if (name.equals(Schema.VALUE)) {
                return new SqlExpr.Column(name, SqlType.DOUBLE);
            }
            if (name.equals("__name__")) {
                throw new InvalidInputException("the metric name is the table name, not a column");
            }
            labels.add(name);
            return new SqlExpr.Column(name, SqlType.VARCHAR);
        }
        if (name.equals(table.timeColumn())) {
            return new SqlExpr.Column(name, SqlType.TIMESTAMP);
        }
        Column c = table.column(name);
        if (c == null) {
            throw new InvalidInputException("unknown column \"" + name + "\" in table \"" + table.name() + "\"");
        }
        return new SqlExpr.Column(
                name,
                switch (c.type()) {
                    case LONG -> SqlType.BIGINT;
                    case DOUBLE -> SqlType.DOUBLE;
                    case STRING -> SqlType.VARCHAR;
                    case LABELS -> throw new IllegalStateException("a table column cannot hold labels");
                });
    }

    /** The table read; for a metric, {@code ts}, the named labels as STRING dimensions and {@code value}. */
    TableSchema schema() {
        if (table != null) {
            return table;
        }
        List<Column> dims = new ArrayList<>();
        for (String label : labels) {
            dims.add(new Column(label, ColumnType.STRING));
        }
        return new TableSchema(metricName, Schema.TS, dims, List.of(new Column(Schema.VALUE, ColumnType.DOUBLE)));
    }
}
