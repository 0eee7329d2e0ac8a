package io.tessera.exec.sql;

import io.tessera.core.Column;
import io.tessera.core.Labels;
import io.tessera.sql.SqlPredicate;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A query's WHERE condition on a view's key columns, applied to the view's stored groups and to
 * the raw rows of its edges. A stored group is one set of key values, so the condition holds for
 * all of its rows or for none: it is tested once per group, on a one-row table of those values
 * typed as the table's columns, by the same {@link RowFilters} the exact run uses.
 */
final class GroupFilter {

    private final SqlPredicate predicate;
    private final List<Column> columns;
    private final Map<Labels, Boolean> admitted = new ConcurrentHashMap<>();

    /** {@code predicate} over {@code columns}, the key columns it compares. */
    GroupFilter(SqlPredicate predicate, List<Column> columns) {
        this.predicate = predicate;
        this.columns = List.copyOf(columns);
    }

    SqlPredicate predicate() {
        return predicate;
    }

    /** Whether the rows of the stored group {@code stored} satisfy the condition. */
    boolean admits(Labels stored) {
        Boolean known = admitted.get(stored);
        if (known == null) {
            known = RowFilters.filter(row(stored), predicate).rows == 1;
            admitted.put(stored, known);
        }
        return known;
    }

    /** The rows of {@code rows} that satisfy the condition. */
    RowTable apply(RowTable rows) {
        return RowFilters.filter(rows, predicate);
    }

    private RowTable row(Labels stored) {
        List<String> names = new ArrayList<>(columns.size());
        List<SqlType> types = new ArrayList<>(columns.size());
        Object[] values = new Object[columns.size()];
        for (int c = 0; c < values.length; c++) {
            Column column = columns.get(c);
            String v = stored.get(column.name());
            names.add(column.name());
            switch (column.type()) {
                case LONG -> {
                    types.add(SqlType.BIGINT);
                    values[c] = new long[] {Long.parseLong(v)};
                }
                case DOUBLE -> {
                    types.add(SqlType.DOUBLE);
                    values[c] = new double[] {Double.parseDouble(v)};
                }
                default -> {
                    types.add(SqlType.VARCHAR);
                    values[c] = new String[] {v};
                }
            }
        }
        return new RowTable(names, types, values, 1);
    }

    @Override
    public String toString() {
        return predicate.toSql();
    }
}
