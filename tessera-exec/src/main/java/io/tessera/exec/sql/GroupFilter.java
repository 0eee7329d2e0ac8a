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
 * typed as the table's columns, by the same {@link RowFilters} the exact run uses, and the answer
 * is kept with the group's query group (a filter lives as long as the engine's {@link PaneMemo}).
 */
final class GroupFilter {

    /** The group of a stored group the condition leaves out. */
    private static final Object LEFT_OUT = new Object();

    private final SqlPredicate predicate;
    private final List<Column> columns;
    private final Map<Labels, Object> groups = new ConcurrentHashMap<>();

    /** {@code predicate} over {@code columns}, the key columns it compares. */
    GroupFilter(SqlPredicate predicate, List<Column> columns) {
        this.predicate = predicate;
        this.columns = List.copyOf(columns);
    }

    SqlPredicate predicate() {
        return predicate;
    }

    /**
     * The query group of the stored group {@code stored}, {@code project}ed from it when its rows
     * satisfy the condition; null when they do not. Each stored group is tested once.
     */
    Labels groupOf(Labels stored, java.util.function.UnaryOperator<Labels> project) {
        Object group = groups.get(stored);
        if (group == null) {
            group = RowFilters.filter(row(stored), predicate).rows == 1 ? project.apply(stored) : LEFT_OUT;
            groups.put(stored, group);
        }
        return group == LEFT_OUT ? null : (Labels) group;
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
