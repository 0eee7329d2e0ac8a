package io.tessera.exec.memory;

import io.tessera.core.Batch;
import io.tessera.core.ColumnType;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.Schema;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.ReadContext;
import io.tessera.spi.Source;
import io.tessera.spi.ViewId;
import io.tessera.spi.ViewStates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link DataStore} over series held in memory, for tests and small deployments. It honours
 * the whole contract: exactly the requested columns, rows in {@code (start, end]}, series in
 * label order and samples in time order.
 */
public final class InMemoryDataStore implements DataStore {

    private record Series(long[] ts, double[] values) {}

    private final Map<Labels, Series> series = new TreeMap<>();
    private final Map<String, Map<Interval, Map<Labels, State>>> views = new HashMap<>();
    private final InMemoryTables tables = new InMemoryTables();

    /** Adds (or replaces) one series; samples must be in strictly increasing time order. */
    public InMemoryDataStore add(Labels labels, long[] ts, double[] values) {
        if (ts.length != values.length) {
            throw new InvalidInputException(
                    "series " + labels + " has " + ts.length + " times and " + values.length + " values");
        }
        for (int i = 1; i < ts.length; i++) {
            if (ts[i] <= ts[i - 1]) {
                throw new InvalidInputException("series " + labels + " is not in time order at " + ts[i]);
            }
        }
        series.put(labels, new Series(ts.clone(), values.clone()));
        return this;
    }

    /**
     * Adds (or replaces) the SQL table {@code schema} with {@code rows}, whose schema must be the
     * table's {@link io.tessera.core.TableSchema#rowSchema()}; the arrays are kept, not copied.
     */
    public InMemoryDataStore putTable(io.tessera.core.TableSchema schema, Batch rows) {
        tables.put(schema, rows);
        return this;
    }

    public void clear() {
        series.clear();
        views.clear();
        tables.clear();
    }

    /** Stores the state of {@code group} over {@code pane} for view {@code definitionId}. */
    public InMemoryDataStore putState(String definitionId, Interval pane, Labels group, State state) {
        Map<Labels, State> states = views.computeIfAbsent(definitionId, v -> new HashMap<>())
                .computeIfAbsent(pane, p -> new LinkedHashMap<>());
        if (states.putIfAbsent(group, state) != null) {
            throw new InvalidInputException(
                    "view " + definitionId + " already has a state for " + group + " over " + pane);
        }
        return this;
    }

    /** Records {@code pane} as built with no group in it. */
    public InMemoryDataStore commitEmptyPane(String definitionId, Interval pane) {
        views.computeIfAbsent(definitionId, v -> new HashMap<>()).computeIfAbsent(pane, p -> new LinkedHashMap<>());
        return this;
    }

    @Override
    public ViewStates readMaterializedView(ViewId view, MaterializedViewRequest request, ReadContext context) {
        Map<Interval, Map<Labels, State>> panes = views.getOrDefault(view.definitionId(), Map.of());
        List<Map<Labels, State>> found = new ArrayList<>(request.panes().size());
        for (Interval pane : request.panes()) {
            Map<Labels, State> states = panes.get(pane);
            if (states == null) {
                throw new MissingStateException(view.definitionId(), pane, "pane not built");
            }
            found.add(states);
        }
        return new ViewStates() {
            @Override
            public int paneCount() {
                return found.size();
            }

            @Override
            public Interval pane(int i) {
                return request.panes().get(i);
            }

            @Override
            public void forEach(int pane, Visitor visitor) {
                for (Map.Entry<Labels, State> e : found.get(pane).entrySet()) {
                    visitor.visit(e.getKey(), e.getValue());
                }
            }

            @Override
            public int stateCount(int pane) {
                return found.get(pane).size();
            }
        };
    }

    @Override
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
        if (source instanceof Source.Table t) {
            return List.of(tables.read(t.name(), request.timeRange(), request.schema()))
                    .iterator();
        }
        Schema schema = request.schema();
        Interval range = request.timeRange();
        List<Labels> rowLabels = new ArrayList<>();
        long[] ts = new long[64];
        double[] vs = new double[64];
        int n = 0;
        for (Map.Entry<Labels, Series> e : series.entrySet()) {
            if (!matchesAll(request.predicates(), e.getKey())) {
                continue;
            }
            Series s = e.getValue();
            for (int i = 0; i < s.ts().length; i++) {
                if (range != null && !range.contains(s.ts()[i])) {
                    continue;
                }
                if (n == ts.length) {
                    ts = Arrays.copyOf(ts, n * 2);
                    vs = Arrays.copyOf(vs, n * 2);
                }
                ts[n] = s.ts()[i];
                vs[n] = s.values()[i];
                rowLabels.add(e.getKey());
                n++;
            }
        }
        Object[] columns = new Object[schema.size()];
        for (int c = 0; c < schema.size(); c++) {
            String name = schema.column(c).name();
            ColumnType type = schema.column(c).type();
            columns[c] = switch (name) {
                case Schema.TS -> requireType(type, ColumnType.LONG, name, Arrays.copyOf(ts, n));
                case Schema.VALUE -> requireType(type, ColumnType.DOUBLE, name, Arrays.copyOf(vs, n));
                case Schema.LABELS -> requireType(type, ColumnType.LABELS, name, rowLabels.toArray(new Labels[0]));
                default -> throw new InvalidInputException("a time series has no column \"" + name + "\"");
            };
        }
        return List.of(new Batch(schema, n, columns)).iterator();
    }

    private static Object requireType(ColumnType asked, ColumnType actual, String name, Object column) {
        if (asked != actual) {
            throw new InvalidInputException("column " + name + " is " + actual + ", not " + asked);
        }
        return column;
    }

    private static boolean matchesAll(List<LabelMatcher> matchers, Labels labels) {
        for (LabelMatcher m : matchers) {
            if (!m.matches(labels)) {
                return false;
            }
        }
        return true;
    }
}
