package io.tessera.exec;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.StringValue;
import io.tessera.exec.value.Value;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.promql.Expr;
import io.tessera.promql.Parser;
import io.tessera.spi.DataStore;
import io.tessera.spi.LabelsTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * PromQL over a {@link DataStore}: parse, lower to a DAG, compile, and run once per query,
 * an instant query at one time or a range query over its whole step grid.
 */
public final class PromqlEngine {

    public record Options(long lookbackMs, long defaultSubqueryStepMs, QueryLimits limits) {
        public static final Options DEFAULTS =
                new Options(PromqlLowering.DEFAULT_LOOKBACK_MS, 60_000, QueryLimits.DEFAULTS);
    }

    private final Options options;
    private volatile QueryAccelerator accelerator = QueryAccelerator.NONE;

    public PromqlEngine(Options options) {
        this.options = options;
    }

    /** From now on, queries read the views {@code accelerator} rewrites them to use. */
    public void accelerate(QueryAccelerator accelerator) {
        this.accelerator = accelerator;
    }

    public Options options() {
        return options;
    }

    public QueryResult instant(String query, long t, DataStore store) {
        return instant(query, t, store, new RunContext(t, t, options.defaultSubqueryStepMs(), options.limits()));
    }

    public QueryResult instant(String query, long t, DataStore store, RunContext context) {
        Value value = run(Parser.parse(query), StepGrid.instant(t), store, context);
        return switch (value) {
            case InstantVector v -> vector(v, context);
            case RangeVector r -> new QueryResult.MatrixResult(rawSeries(r), context.warnings(), context.infos());
            case ScalarValues s -> new QueryResult.ScalarResult(t, s.at(0), context.warnings(), context.infos());
            case StringValue s -> new QueryResult.StringResult(t, s.value(), context.warnings(), context.infos());
            default ->
                throw new IllegalStateException(
                        "unexpected result " + value.getClass().getSimpleName());
        };
    }

    public QueryResult range(String query, long start, long end, long step, DataStore store) {
        return range(
                query,
                start,
                end,
                step,
                store,
                new RunContext(start, end, options.defaultSubqueryStepMs(), options.limits()));
    }

    public QueryResult range(String query, long start, long end, long step, DataStore store, RunContext context) {
        if (step <= 0) {
            throw new InvalidInputException(
                    "zero or negative query resolution step widths are not accepted. Try a positive integer");
        }
        if (end < start) {
            throw new InvalidInputException("end timestamp must not be before start time");
        }
        if ((end - start) / step + 1 > options.limits().maxPointsPerSeries()) {
            throw new InvalidInputException(
                    "exceeded maximum resolution of " + options.limits().maxPointsPerSeries()
                            + " points per timeseries. Try decreasing the query resolution (?step=XX)");
        }
        Expr expr = Parser.parse(query);
        switch (expr.type()) {
            case MATRIX, STRING ->
                throw new InvalidInputException("invalid expression type \""
                        + expr.type().documentedName() + "\" for range query, must be Scalar or instant Vector");
            default -> {}
        }
        StepGrid grid = new StepGrid(start, end, step);
        Value value = run(expr, grid, store, context);
        return switch (value) {
            case InstantVector v -> new QueryResult.MatrixResult(matrix(v), context.warnings(), context.infos());
            case ScalarValues s ->
                new QueryResult.MatrixResult(
                        List.of(new QueryResult.Series(
                                Labels.EMPTY, times(grid), s.values().clone())),
                        context.warnings(),
                        context.infos());
            default ->
                throw new IllegalStateException(
                        "unexpected result " + value.getClass().getSimpleName());
        };
    }

    private Value run(Expr expr, StepGrid grid, DataStore store, RunContext context) {
        PhysicalDag lowered = PromqlLowering.lowerQuery(expr, options.lookbackMs());
        context.checkAlive();
        PhysicalDag dag = accelerator.rewrite(lowered);
        context.checkAlive();
        CompiledDag compiled = CompiledDag.compile(
                dag, MaterializedViews.of(dag), new int[] {dag.roots().getFirst()});
        return compiled.instantiate(store, accelerator.keptCorrections(), accelerator.paneBlocks())
                .run(0, grid, context);
    }

    private static long[] times(StepGrid grid) {
        long[] ts = new long[grid.size()];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = grid.time(i);
        }
        return ts;
    }

    private static QueryResult.VectorResult vector(InstantVector v, RunContext context) {
        checkUniqueLabels(v);
        List<QueryResult.Sample> out = new ArrayList<>(v.size());
        LabelsTable table = v.labelsTable();
        int[] rows = table == null ? null : new int[v.size()];
        for (int s = 0; s < v.size(); s++) {
            if (v.has(s, 0)) {
                if (rows != null) {
                    rows[out.size()] = v.tableRow(s);
                }
                out.add(new QueryResult.Sample(v.labels(s), v.grid().time(0), v.value(s, 0)));
            }
        }
        return new QueryResult.VectorResult(
                out,
                context.warnings(),
                context.infos(),
                table == null ? null : new QueryResult.TableRows(table, rows));
    }

    private static List<QueryResult.Series> matrix(InstantVector v) {
        checkUniqueLabels(v);
        List<QueryResult.Series> out = new ArrayList<>(v.size());
        for (int s = 0; s < v.size(); s++) {
            int n = 0;
            long[] ts = new long[v.steps()];
            double[] vs = new double[v.steps()];
            for (int i = 0; i < v.steps(); i++) {
                if (v.has(s, i)) {
                    ts[n] = v.grid().time(i);
                    vs[n] = v.value(s, i);
                    n++;
                }
            }
            if (n > 0) {
                out.add(new QueryResult.Series(v.labels(s), Arrays.copyOf(ts, n), Arrays.copyOf(vs, n)));
            }
        }
        out.sort(Comparator.comparing(QueryResult.Series::labels));
        return out;
    }

    private static List<QueryResult.Series> rawSeries(RangeVector r) {
        List<QueryResult.Series> out = new ArrayList<>(r.size());
        for (int s = 0; s < r.size(); s++) {
            int from = r.from(s)[0];
            int to = r.to(s)[0];
            if (to > from) {
                out.add(new QueryResult.Series(
                        r.labels(s), Arrays.copyOfRange(r.ts(s), from, to), Arrays.copyOfRange(r.values(s), from, to)));
            }
        }
        out.sort(Comparator.comparing(QueryResult.Series::labels));
        return out;
    }

    /** Prometheus refuses a vector in which two series have the same labels at the same time. */
    private static void checkUniqueLabels(InstantVector v) {
        if (v.labelsDistinct()) {
            return;
        }
        Map<Labels, Integer> seen = HashMap.newHashMap(v.size());
        for (int s = 0; s < v.size(); s++) {
            Integer other = seen.putIfAbsent(v.labels(s), s);
            if (other != null) {
                for (int i = 0; i < v.steps(); i++) {
                    if (v.has(s, i) && v.has(other, i)) {
                        throw new QueryExecutionException("vector cannot contain metrics with the same labelset");
                    }
                }
            }
        }
    }
}
