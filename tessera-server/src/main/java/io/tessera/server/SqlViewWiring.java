package io.tessera.server;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Schema;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import io.tessera.exec.sql.SqlView;
import io.tessera.exec.sql.SqlViews;
import io.tessera.ingest.views.ViewMaintainer;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.store.table.TableStats;
import io.tessera.store.table.TableStore;
import java.util.ArrayList;
import java.util.List;

/**
 * How the SQL views of an installed plan meet the server: which views SQL queries read (a table
 * view must name a declared table and its columns), the table rows that move each table's
 * watermark, and which views a restart restores from the view files.
 */
final class SqlViewWiring {

    private SqlViewWiring() {}

    /**
     * The views of {@code plan} SQL queries can read.
     *
     * @throws InvalidInputException when a table view reads a table or column the config does not declare
     */
    static List<SqlView> sqlViews(InstallablePlan plan, TableCatalog catalog) {
        List<SqlView> views = SqlViews.of(plan.dag(), plan.materializedViews());
        for (SqlView v : views) {
            if (v.perSeries()) {
                continue;
            }
            TableSchema table = catalog.find(v.table())
                    .orElseThrow(() -> new InvalidInputException("the plan's view " + v.definitionId() + " reads table "
                            + v.table() + ", which the config does not declare"));
            List<String> needed = new ArrayList<>(v.keys());
            needed.add(v.column());
            for (String column : needed) {
                boolean declared = false;
                for (Column c : table.rowSchema().columns()) {
                    declared |= c.name().equals(column);
                }
                if (!declared) {
                    throw new InvalidInputException("the plan's view " + v.definitionId() + " reads column " + column
                            + " of table " + v.table() + ", which the config does not declare");
                }
            }
        }
        return views;
    }

    /** After {@code count} rows were appended to {@code table}: its watermark moves, and late rows mark their panes. */
    static int appended(ViewMaintainer maintainer, TableStore tables, String table, Batch rows, int count) {
        if (rows.rowCount() > 0) {
            long[] ts = rows.longs(tables.schema(table).timeColumn());
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int r = 0; r < rows.rowCount(); r++) {
                min = Math.min(min, ts[r]);
                max = Math.max(max, ts[r]);
            }
            maintainer.acceptedRows(table, min, max, rows.rowCount());
        }
        return count;
    }

    /**
     * The views a restart restores from the view files: all but the table views. The table log
     * keeps no record of which rows came after a view file was written, so a late row could not be
     * told from one already folded; table views are rebuilt from the table's rows instead.
     */
    static List<MaterializedView> restoredViews(InstallablePlan plan) {
        List<MaterializedView> out = new ArrayList<>();
        for (MaterializedView v : plan.materializedViews()) {
            if (!SqlViews.isTableView(plan.dag(), v)) {
                out.add(v);
            }
        }
        return out;
    }

    /** Tells the maintainer the time range of each table's rows recovered at start-up. */
    static void seedTableTimes(ViewMaintainer maintainer, TableStore tables) {
        for (TableStats stats : tables.stats()) {
            if (stats.rows() == 0) {
                continue;
            }
            String time = tables.schema(stats.table()).timeColumn();
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (Batch b : tables.read(
                    stats.table(), null, new Schema(List.of(new Column(time, io.tessera.core.ColumnType.LONG))))) {
                long[] ts = b.longs(0);
                for (int r = 0; r < b.rowCount(); r++) {
                    min = Math.min(min, ts[r]);
                    max = Math.max(max, ts[r]);
                }
            }
            maintainer.seedTable(stats.table(), min, max);
        }
    }
}
