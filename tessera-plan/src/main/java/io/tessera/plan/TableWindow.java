package io.tessera.plan;

import io.tessera.core.Column;
import java.util.List;

/**
 * The rows of the scanned table whose time column lies in {@code (startExclusive, endInclusive]}
 * ({@link Long#MIN_VALUE}/{@link Long#MAX_VALUE}: unbounded), with exactly {@code columns}. For a
 * time-series scan (a metric read as a table) the columns are {@code ts}, {@code value} and one
 * STRING column per label; an absent label reads as "".
 */
public record TableWindow(int input, String timeColumn, List<Column> columns, long startExclusive, long endInclusive)
        implements SqlNode {

    public TableWindow {
        columns = List.copyOf(columns);
    }
}
