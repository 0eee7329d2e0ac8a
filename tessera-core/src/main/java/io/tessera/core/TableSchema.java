package io.tessera.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A SQL table: its name, its time column (epoch milliseconds, {@link ColumnType#LONG}), typed
 * dimension columns (STRING, LONG or DOUBLE: what rows are grouped and filtered by) and measure
 * columns (LONG or DOUBLE: what is aggregated). Column names are unique across the three kinds.
 */
public record TableSchema(String name, String timeColumn, List<Column> dimensions, List<Column> measures) {

    public TableSchema {
        if (name == null || name.isEmpty()) {
            throw new InvalidInputException("a table needs a name");
        }
        if (timeColumn == null || timeColumn.isEmpty()) {
            throw new InvalidInputException("table \"" + name + "\" needs a time column");
        }
        dimensions = List.copyOf(dimensions);
        measures = List.copyOf(measures);
        Set<String> seen = new HashSet<>();
        seen.add(timeColumn);
        for (Column c : dimensions) {
            if (c.type() == ColumnType.LABELS) {
                throw new InvalidInputException(
                        "dimension \"" + c.name() + "\" of table \"" + name + "\" must be STRING, LONG or DOUBLE");
            }
            if (!seen.add(c.name())) {
                throw new InvalidInputException("table \"" + name + "\" has two columns named \"" + c.name() + "\"");
            }
        }
        for (Column c : measures) {
            if (c.type() != ColumnType.LONG && c.type() != ColumnType.DOUBLE) {
                throw new InvalidInputException(
                        "measure \"" + c.name() + "\" of table \"" + name + "\" must be LONG or DOUBLE");
            }
            if (!seen.add(c.name())) {
                throw new InvalidInputException("table \"" + name + "\" has two columns named \"" + c.name() + "\"");
            }
        }
    }

    /** Every column of a row, in order: the time column (LONG), the dimensions, the measures. */
    public Schema rowSchema() {
        List<Column> all = new ArrayList<>(1 + dimensions.size() + measures.size());
        all.add(new Column(timeColumn, ColumnType.LONG));
        all.addAll(dimensions);
        all.addAll(measures);
        return new Schema(all);
    }

    /** The column called {@code column} (the time column included), or null. */
    public Column column(String column) {
        if (timeColumn.equals(column)) {
            return new Column(timeColumn, ColumnType.LONG);
        }
        for (Column c : dimensions) {
            if (c.name().equals(column)) {
                return c;
            }
        }
        for (Column c : measures) {
            if (c.name().equals(column)) {
                return c;
            }
        }
        return null;
    }
}
