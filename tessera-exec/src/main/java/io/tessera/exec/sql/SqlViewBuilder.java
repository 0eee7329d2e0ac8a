package io.tessera.exec.sql;

import io.tessera.core.Column;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.TableSchema;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ingestion run of a {@link SqlView}: reads the table's rows for whole panes and commits one
 * state per (group, pane) — every pane of the range, empty ones as empty — into the store.
 */
public final class SqlViewBuilder {

    private SqlViewBuilder() {}

    /** Builds the panes of {@code view} that tile {@code (from, to]}; both must be on the pane grid. */
    public static void build(
            SqlView view,
            TableSchema table,
            DataStore source,
            InMemoryDataStore sink,
            long from,
            long to,
            RunContext context) {
        long p = view.paneMs();
        List<Map<Labels, State>> states = states(
                view,
                new Scan(new Source.Table(table.name()), List.of()),
                window(view, table, from, to),
                source,
                context);
        int panes = states.size();
        for (int i = 0; i < panes; i++) {
            Interval pane = new Interval(from + i * p, from + (i + 1) * p);
            if (states.get(i).isEmpty()) {
                sink.commitEmptyPane(view.definitionId(), pane);
            }
            for (Map.Entry<Labels, State> e : states.get(i).entrySet()) {
                sink.putState(view.definitionId(), pane, e.getKey(), e.getValue());
            }
        }
    }

    /**
     * The states of the panes that tile {@code window}'s bounds (on the pane grid), one map per
     * pane in time order: the rows of {@code scan} in the window folded per group of the view's
     * keys into the view's state. This is the ingestion run of a table view, for the bench's views
     * and the installed plan's alike.
     */
    public static List<Map<Labels, State>> states(
            SqlView view, Scan scan, TableWindow window, DataStore source, RunContext context) {
        long p = view.paneMs();
        long from = window.startExclusive();
        long to = window.endInclusive();
        if (Math.floorMod(from, p) != 0 || Math.floorMod(to, p) != 0 || to <= from) {
            throw new InvalidInputException("(" + from + ", " + to + "] is not a whole number of " + p + " ms panes");
        }
        RowTable rows = TableReader.read(scan, window, source, context);
        int panes = (int) ((to - from) / p);
        List<Map<Labels, State>> states = new ArrayList<>(panes);
        for (int i = 0; i < panes; i++) {
            states.add(new HashMap<>());
        }
        long[] ts = (long[]) rows.columns[rows.index(window.timeColumn())];
        GroupKeys groups = new GroupKeys(rows, view.storedKeys());
        Object values = rows.columns[rows.index(view.column())];
        for (int r = 0; r < rows.rows; r++) {
            int pane = (int) Math.floorDiv(ts[r] - 1 - from, p);
            State s = states.get(pane).computeIfAbsent(groups.labels(r), g -> view.newState());
            update(s, values, r, ts[r]);
        }
        return states;
    }

    static TableWindow window(SqlView view, TableSchema table, long from, long to) {
        List<String> wanted = new ArrayList<>(view.storedKeys());
        wanted.add(view.column());
        List<Column> columns = new ArrayList<>();
        for (Column c : table.rowSchema().columns()) {
            if (c.name().equals(table.timeColumn()) || wanted.contains(c.name())) {
                columns.add(c);
            }
        }
        return new TableWindow(0, table.timeColumn(), columns, from, to);
    }

    static void update(State s, Object values, int row, long ts) {
        if (s instanceof io.tessera.sketch.FrequentState f) {
            f.update(
                    switch (values) {
                        case String[] a -> a[row];
                        case long[] a -> Long.toString(a[row]);
                        case double[] a -> Double.toString(a[row]);
                        default -> throw new IllegalStateException("column of " + values.getClass());
                    },
                    1.0);
            return;
        }
        switch (values) {
            case double[] a -> s.update(ts, a[row]);
            case long[] a -> s.update(ts, (double) a[row]);
            case String[] a when s instanceof DistinctState d -> d.update(a[row]);
            default -> throw new InvalidInputException("a " + s.family() + " state cannot take a text column");
        }
    }

    /** The group of each row as the {@link Labels} of its key values (one Labels per distinct group). */
    static final class GroupKeys {
        private final GroupIds ids;
        private final Labels[] labels;

        GroupKeys(RowTable rows, List<String> keys) {
            int[] cols = new int[keys.size()];
            for (int k = 0; k < cols.length; k++) {
                cols[k] = rows.index(keys.get(k));
            }
            ids = GroupIds.of(rows, cols);
            labels = new Labels[ids.count];
            for (int g = 0; g < ids.count; g++) {
                String[] pairs = new String[2 * cols.length];
                for (int k = 0; k < cols.length; k++) {
                    pairs[2 * k] = keys.get(k);
                    pairs[2 * k + 1] = String.valueOf(rows.value(cols[k], ids.first[g]));
                }
                labels[g] = Labels.of(pairs);
            }
        }

        Labels labels(int row) {
            return labels[ids.of[row]];
        }

        int count() {
            return ids.count;
        }

        int group(int row) {
            return ids.of[row];
        }

        Labels labelsOf(int group) {
            return labels[group];
        }
    }
}
