package io.tessera.plan;

import io.tessera.core.Column;
import io.tessera.sketch.StateFamily;
import java.util.List;
import java.util.Set;

/**
 * The shape of a view of a SQL table: {@code PaneState(TableWindow(Scan(table), time, columns,
 * unbounded), family, BY keys)}, whose window holds the time column, the key columns and the one
 * column its states fold (the measure).
 */
public final class TableViews {

    /** The families a table view keeps: quantiles, distinct counts, sums and counts. */
    public static final Set<StateFamily> FAMILIES =
            Set.of(StateFamily.KLL, StateFamily.DISTINCT, StateFamily.SUM, StateFamily.COUNT);

    private TableViews() {}

    /** The column a table view's states fold: the one window column that is neither time nor key; null when not exactly one. */
    public static String measure(TableWindow window, Grouping grouping) {
        String measure = null;
        int keys = 0;
        for (Column c : window.columns()) {
            if (c.name().equals(window.timeColumn())) {
                continue;
            }
            if (grouping.labels().contains(c.name())) {
                keys++;
            } else if (measure == null) {
                measure = c.name();
            } else {
                return null;
            }
        }
        boolean hasTime = window.columns().stream().anyMatch(c -> c.name().equals(window.timeColumn()));
        return hasTime && keys == grouping.labels().size() ? measure : null;
    }

    /** The three-node DAG defining a table view: its id is {@code DefinitionIds.of(dag, 2)}. */
    public static PhysicalDag definition(Scan scan, TableWindow window, PaneState state) {
        return new PhysicalDag(
                List.of(
                        scan,
                        new TableWindow(0, window.timeColumn(), window.columns(), Long.MIN_VALUE, Long.MAX_VALUE),
                        new PaneState(1, state.state(), state.grouping(), state.materialization())),
                List.of(2));
    }
}
