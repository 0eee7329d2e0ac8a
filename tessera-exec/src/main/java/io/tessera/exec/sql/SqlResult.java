package io.tessera.exec.sql;

import io.tessera.sketch.ErrorBound;
import io.tessera.sql.SqlType;
import java.util.List;

/**
 * The answer to one SQL query: column names and types, rows (one {@code Object[]} per row, values
 * as {@link SqlType} describes, SQL NULL as {@code null}), whether any column is approximate and
 * the loosest error bound among them, and the run's infos.
 */
public record SqlResult(
        List<String> columnNames,
        List<SqlType> columnTypes,
        List<Object[]> rows,
        boolean approximate,
        ErrorBound errorBound,
        List<String> infos) {

    public SqlResult {
        columnNames = List.copyOf(columnNames);
        columnTypes = List.copyOf(columnTypes);
        rows = List.copyOf(rows);
        infos = List.copyOf(infos);
        if (columnNames.size() != columnTypes.size()) {
            throw new IllegalArgumentException(columnNames.size() + " column names, " + columnTypes.size() + " types");
        }
    }

    public int rowCount() {
        return rows.size();
    }
}
