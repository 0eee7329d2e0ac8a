package io.tessera.exec.memory;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Schema;
import io.tessera.core.Search;
import io.tessera.core.TableSchema;
import io.tessera.exec.columns.ColumnArrays;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The SQL tables of an {@link InMemoryDataStore}: per table its schema and its rows as columns. */
final class InMemoryTables {

    /** {@code sorted}: the rows are in time order, so a range is found by binary search. */
    private record Table(TableSchema schema, Batch rows, boolean sorted) {}

    private final Map<String, Table> tables = new HashMap<>();

    void put(TableSchema schema, Batch rows) {
        Schema expected = schema.rowSchema();
        if (!rows.schema().equals(expected)) {
            throw new InvalidInputException(
                    "rows of table \"" + schema.name() + "\" have schema " + rows.schema() + ", the table " + expected);
        }
        long[] ts = rows.longs(rows.schema().require(schema.timeColumn()));
        boolean sorted = true;
        for (int i = 1; i < rows.rowCount() && sorted; i++) {
            sorted = ts[i - 1] <= ts[i];
        }
        tables.put(schema.name(), new Table(schema, rows, sorted));
    }

    void clear() {
        tables.clear();
    }

    /** The rows of {@code name} in {@code range} (null: all), exactly the requested columns. */
    Batch read(String name, Interval range, Schema requested) {
        Table t = tables.get(name);
        if (t == null) {
            throw new InvalidInputException("no table \"" + name + "\"");
        }
        Batch rows = t.rows();
        long[] ts = rows.longs(rows.schema().require(t.schema().timeColumn()));
        int n = rows.rowCount();
        int[] keep = null;
        int kept = n;
        int offset = 0;
        if (range != null && t.sorted()) {
            offset = firstAfter(ts, n, range.start());
            kept = firstAfter(ts, n, range.end()) - offset;
        } else if (range != null) {
            keep = new int[n];
            kept = 0;
            for (int i = 0; i < n; i++) {
                if (range.contains(ts[i])) {
                    keep[kept++] = i;
                }
            }
        }
        Object[] columns = new Object[requested.size()];
        List<String> missing = new ArrayList<>();
        for (int c = 0; c < requested.size(); c++) {
            Column want = requested.column(c);
            int from = rows.schema().indexOf(want.name());
            if (from < 0) {
                missing.add(want.name());
                continue;
            }
            if (rows.schema().column(from).type() != want.type()) {
                throw new InvalidInputException("column " + want.name() + " of table \"" + name + "\" is "
                        + rows.schema().column(from).type() + ", not " + want.type());
            }
            columns[c] = copy(rows, from, keep, offset, kept);
        }
        if (!missing.isEmpty()) {
            throw new InvalidInputException("table \"" + name + "\" has no column " + missing);
        }
        return new Batch(requested, kept, columns);
    }

    /** The first index whose time is after {@code t} in sorted {@code ts[0..n)}. */
    private static int firstAfter(long[] ts, int n, long t) {
        return Search.firstAfter(ts, 0, n, t);
    }

    private static Object copy(Batch rows, int column, int[] keep, int offset, int kept) {
        Object src = switch (rows.schema().column(column).type()) {
            case LONG -> rows.longs(column);
            case DOUBLE -> rows.doubles(column);
            case STRING -> rows.strings(column);
            case LABELS -> throw new IllegalStateException("a table has no labels column");
        };
        return keep == null
                ? ColumnArrays.copyOfRange(src, offset, offset + kept)
                : ColumnArrays.gather(src, keep, kept);
    }
}
