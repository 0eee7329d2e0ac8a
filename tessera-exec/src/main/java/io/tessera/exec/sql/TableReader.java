package io.tessera.exec.sql;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.core.StaleMarker;
import io.tessera.exec.columns.ColumnArrays;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.spi.DataStore;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.Source;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reads a {@link TableWindow} through its Scan: the store is asked for the window's time range and
 * columns; the time range (and, for a metric, the label matchers) are re-applied to what comes back.
 * A metric's series become rows {@code (ts, value, label columns)}; stale markers are no rows.
 */
final class TableReader {

    private TableReader() {}

    static RowTable read(Scan scan, TableWindow window, DataStore store, RunContext context) {
        return read(scan, window, store, context, null);
    }

    /** The SQL type of a window's column: the window's time column is a timestamp. */
    static SqlType sqlType(TableWindow window, Column c) {
        if (c.name().equals(window.timeColumn())) {
            return SqlType.TIMESTAMP;
        }
        return switch (c.type()) {
            case LONG -> SqlType.BIGINT;
            case DOUBLE -> SqlType.DOUBLE;
            case STRING -> SqlType.VARCHAR;
            case LABELS -> throw new IllegalStateException("a table window has no labels column");
        };
    }

    /**
     * As {@link #read(Scan, TableWindow, DataStore, RunContext)}, a table's store given
     * {@code condition} (null for none) as a hint: it may leave out rows that do not meet it, so
     * the caller filters by it again.
     */
    static RowTable read(
            Scan scan, TableWindow window, DataStore store, RunContext context, io.tessera.sql.SqlPredicate condition) {
        List<String> names = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        for (Column c : window.columns()) {
            names.add(c.name());
            types.add(sqlType(window, c));
        }
        Growing out = new Growing(window.columns());
        long start = window.startExclusive();
        long end = window.endInclusive();
        if (end > start) {
            Interval range = start == Long.MIN_VALUE && end == Long.MAX_VALUE ? null : new Interval(start, end);
            if (scan.source() instanceof Source.TimeSeries) {
                readSeries(scan, window, store, context, range, out);
            } else {
                readTable(scan, window, store, context, range, condition, out);
            }
        }
        return new RowTable(names, types, out.finish(), out.size);
    }

    private static void readTable(
            Scan scan,
            TableWindow window,
            DataStore store,
            RunContext context,
            Interval range,
            io.tessera.sql.SqlPredicate condition,
            Growing out) {
        Schema schema = new Schema(window.columns());
        Iterator<Batch> batches = store.readRawData(
                scan.source(),
                new RawDataRequest(range, schema, scan.matchers(), RowPredicates.pushable(condition)),
                context);
        while (batches.hasNext()) {
            context.checkAlive();
            Batch b = batches.next();
            int[] columnOf = new int[window.columns().size()];
            for (int c = 0; c < columnOf.length; c++) {
                Column wanted = window.columns().get(c);
                columnOf[c] = b.schema().require(wanted.name());
                if (b.schema().column(columnOf[c]).type() != wanted.type()) {
                    throw new IllegalStateException("the store returned column " + wanted.name() + " as "
                            + b.schema().column(columnOf[c]).type() + ", not " + wanted.type());
                }
            }
            long[] ts = b.longs(b.schema().require(window.timeColumn()));
            int n = b.rowCount();
            int[] keep = new int[n];
            int kept = 0;
            for (int i = 0; i < n; i++) {
                if (ts[i] > window.startExclusive() && ts[i] <= window.endInclusive()) {
                    keep[kept++] = i;
                }
            }
            context.addSamples(kept);
            out.append(b, columnOf, keep, kept);
        }
    }

    private static void readSeries(
            Scan scan, TableWindow window, DataStore store, RunContext context, Interval range, Growing out) {
        Iterator<Batch> batches = store.readRawData(
                scan.source(), new RawDataRequest(range, Schema.TIME_SERIES, scan.matchers()), context);
        while (batches.hasNext()) {
            context.checkAlive();
            Batch b = batches.next();
            long[] ts = b.longs(Schema.TS);
            double[] vs = b.doubles(Schema.VALUE);
            Labels[] labels = b.labels(Schema.LABELS);
            int kept = 0;
            Labels last = null;
            boolean lastMatches = false;
            for (int i = 0; i < b.rowCount(); i++) {
                if (labels[i] != last) {
                    last = labels[i];
                    lastMatches = matchesAll(scan.matchers(), last);
                }
                if (!lastMatches
                        || ts[i] <= window.startExclusive()
                        || ts[i] > window.endInclusive()
                        || StaleMarker.isStale(vs[i])) {
                    continue;
                }
                out.appendSample(window, ts[i], vs[i], labels[i]);
                kept++;
            }
            context.addSamples(kept);
        }
    }

    private static boolean matchesAll(List<LabelMatcher> matchers, Labels labels) {
        for (LabelMatcher m : matchers) {
            if (!m.matches(labels)) {
                return false;
            }
        }
        return true;
    }

    /** Column arrays that grow as batches arrive. */
    private static final class Growing {
        final List<Column> columns;
        final Object[] arrays;
        int size;

        Growing(List<Column> columns) {
            this.columns = columns;
            this.arrays = new Object[columns.size()];
            for (int c = 0; c < arrays.length; c++) {
                arrays[c] = switch (columns.get(c).type()) {
                    case LONG -> new long[16];
                    case DOUBLE -> new double[16];
                    case STRING -> new String[16];
                    case LABELS -> throw new IllegalStateException("labels column");
                };
            }
        }

        void ensure(int extra) {
            int needed = size + extra;
            int capacity = switch (arrays.length == 0 ? null : arrays[0]) {
                case null -> Integer.MAX_VALUE;
                case long[] a -> a.length;
                case double[] a -> a.length;
                case String[] a -> a.length;
                default -> throw new IllegalStateException();
            };
            if (needed <= capacity) {
                return;
            }
            int grown = Math.max(needed, capacity * 2);
            for (int c = 0; c < arrays.length; c++) {
                arrays[c] = ColumnArrays.copyOfRange(arrays[c], 0, grown);
            }
        }

        void append(Batch b, int[] columnOf, int[] keep, int kept) {
            ensure(kept);
            for (int c = 0; c < arrays.length; c++) {
                switch (arrays[c]) {
                    case long[] dst -> {
                        long[] src = b.longs(columnOf[c]);
                        for (int i = 0; i < kept; i++) {
                            dst[size + i] = src[keep[i]];
                        }
                    }
                    case double[] dst -> {
                        double[] src = b.doubles(columnOf[c]);
                        for (int i = 0; i < kept; i++) {
                            dst[size + i] = src[keep[i]];
                        }
                    }
                    case String[] dst -> {
                        String[] src = b.strings(columnOf[c]);
                        for (int i = 0; i < kept; i++) {
                            dst[size + i] = src[keep[i]];
                        }
                    }
                    default -> throw new IllegalStateException();
                }
            }
            size += kept;
        }

        void appendSample(TableWindow window, long ts, double value, Labels labels) {
            ensure(1);
            for (int c = 0; c < arrays.length; c++) {
                Column column = columns.get(c);
                switch (arrays[c]) {
                    case long[] dst when column.name().equals(window.timeColumn()) -> dst[size] = ts;
                    case double[] dst
                    when column.name().equals(Schema.VALUE) && column.type() == ColumnType.DOUBLE -> dst[size] = value;
                    case String[] dst -> dst[size] = labels.get(column.name());
                    default -> throw new IllegalStateException("a metric has no column " + column);
                }
            }
            size++;
        }

        Object[] finish() {
            for (int c = 0; c < arrays.length; c++) {
                arrays[c] = ColumnArrays.copyOfRange(arrays[c], 0, size);
            }
            return arrays;
        }
    }
}
