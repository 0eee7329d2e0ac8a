package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.core.InvalidInputException;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryAccelerator;
import io.tessera.exec.QueryResult;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.promql.AggregateExpr;
import io.tessera.promql.BinaryExpr;
import io.tessera.promql.Call;
import io.tessera.promql.Expr;
import io.tessera.promql.MatrixSelector;
import io.tessera.promql.NumberLiteral;
import io.tessera.promql.ParenExpr;
import io.tessera.promql.ParseException;
import io.tessera.promql.Parser;
import io.tessera.promql.Printer;
import io.tessera.promql.StringLiteral;
import io.tessera.promql.SubqueryExpr;
import io.tessera.promql.UnaryExpr;
import io.tessera.promql.VectorSelector;
import io.tessera.server.http.Request;
import io.tessera.spi.DataStore;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /api/v1/query}, {@code /api/v1/query_range} and {@code /api/v1/format_query}, with
 * Prometheus' parameters, checks in its order, and messages.
 *
 * <p>A query's run stops at its deadline: the server's timeout, or the request's {@code timeout}
 * when that is shorter. A run whose client closes its connection is cancelled, and so is every
 * run still going when the endpoints close.
 */
final class QueryEndpoints implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(QueryEndpoints.class);

    private static final String TRUNCATED = "results truncated due to limit";

    private final DataStore store;
    private final PromqlEngine.Options options;
    private final LongSupplier clock;
    private final Set<RunContext> running = ConcurrentHashMap.newKeySet();

    private final Supplier<QueryAccelerator> accelerator;

    QueryEndpoints(DataStore store, PromqlEngine.Options options, LongSupplier clock) {
        this(store, options, clock, () -> QueryAccelerator.NONE);
    }

    QueryEndpoints(
            DataStore store, PromqlEngine.Options options, LongSupplier clock, Supplier<QueryAccelerator> accelerator) {
        this.store = store;
        this.options = options;
        this.clock = clock;
        this.accelerator = accelerator;
    }

    QueryResult instant(Request request, FormValues form) throws IOException {
        int limit = ApiParams.limit(form);
        long t = ApiParams.time(form, "time", clock.getAsLong());
        Run run = run(form);
        String query = form.first("query");
        try {
            Parser.parse(query);
        } catch (ParseException e) {
            throw ApiException.invalidParameter("query", e.getMessage());
        }
        RunContext context = run.context(t, t);
        QueryResult result = execute(request, context, () -> run.engine().instant(query, t, store, context));
        respond(request, result, limit);
        return result;
    }

    /**
     * Answers {@code query} at {@code t} as {@code /api/v1/query} with default parameters would,
     * views included, and encodes the answer as its response would be, into nothing.
     */
    void answerDiscarding(String query, long t) throws IOException {
        Run run = run(FormValues.none());
        QueryResult result = run.engine().instant(query, t, store, run.context(t, t));
        try (JsonGenerator g = ApiJson.open(OutputStream.nullOutputStream())) {
            ResultJson.write(g, result);
        }
    }

    QueryResult range(Request request, FormValues form) throws IOException {
        int limit = ApiParams.limit(form);
        long start = ApiParams.requiredTime(form, "start");
        long end = ApiParams.requiredTime(form, "end");
        if (end < start) {
            throw ApiException.invalidParameter("end", "end timestamp must not be before start time");
        }
        long stepNanos = ApiParams.durationNanos(form, "step");
        long stepMs = PrometheusTime.nanosToMillis(stepNanos);
        if (stepNanos <= 0 || stepMs <= 0) {
            throw ApiException.invalidParameter(
                    "step", "zero or negative query resolution step widths are not accepted. Try a positive integer");
        }
        int maxPoints = options.limits().maxPointsPerSeries();
        if (saturatedNanos(end - start) / stepNanos > maxPoints) {
            throw ApiException.badData("exceeded maximum resolution of " + String.format(Locale.ROOT, "%,d", maxPoints)
                    + " points per timeseries. Try decreasing the query resolution (?step=XX)");
        }
        Run run = run(form);
        String query = form.first("query");
        try {
            Parser.parse(query);
        } catch (ParseException e) {
            throw ApiException.badData(e.getMessage());
        }
        RunContext context = run.context(start, end);
        QueryResult result =
                execute(request, context, () -> run.engine().range(query, start, end, stepMs, store, context));
        respond(request, result, limit);
        return result;
    }

    void format(Request request, FormValues form) throws IOException {
        Expr expr;
        try {
            expr = Parser.parse(form.first("query"));
        } catch (ParseException e) {
            throw ApiException.invalidParameter("query", e.getMessage());
        }
        String printed = Printer.print(expr);
        ApiResponses.success(request, g -> g.writeString(printed));
    }

    /**
     * {@code /api/v1/query_exemplars}, checked as Prometheus checks it. Tessera keeps no exemplars
     * (remote write's are counted and dropped), so a query with selectors has none ({@code []}),
     * and one without selectors is Prometheus' 204 with no body.
     */
    void exemplars(Request request, FormValues form) throws IOException {
        long start = ApiParams.time(form, "start", PrometheusTime.MIN_TIME);
        long end = ApiParams.time(form, "end", PrometheusTime.MAX_TIME);
        if (end < start) {
            throw ApiException.badData("end timestamp must not be before start timestamp");
        }
        Expr expr;
        try {
            expr = Parser.parse(form.first("query"));
        } catch (ParseException e) {
            throw ApiException.badData(e.getMessage());
        }
        if (!hasSelector(expr)) {
            request.respond(204, "application/json", new byte[0]);
            return;
        }
        ApiResponses.success(request, g -> {
            g.writeStartArray();
            g.writeEndArray();
        });
    }

    private static boolean hasSelector(Expr e) {
        return switch (e) {
            case VectorSelector v -> true;
            case MatrixSelector m -> true;
            case AggregateExpr a ->
                a.expr() != null && hasSelector(a.expr()) || a.param() != null && hasSelector(a.param());
            case BinaryExpr b -> hasSelector(b.lhs()) || hasSelector(b.rhs());
            case Call c -> c.args().stream().anyMatch(QueryEndpoints::hasSelector);
            case ParenExpr p -> hasSelector(p.expr());
            case SubqueryExpr q -> hasSelector(q.expr());
            case UnaryExpr u -> hasSelector(u.expr());
            case NumberLiteral n -> false;
            case StringLiteral t -> false;
        };
    }

    /** Go's {@code time.Time.Sub}, which saturates instead of overflowing. */
    private static long saturatedNanos(long millis) {
        try {
            return Math.multiplyExact(millis, 1_000_000L);
        } catch (ArithmeticException e) {
            return millis < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** What a request asks of its run besides the query and its times: timeout and lookback. */
    private record Run(PromqlEngine engine, QueryLimits limits, long defaultSubqueryStepMs) {
        RunContext context(long start, long end) {
            return new RunContext(start, end, defaultSubqueryStepMs, limits);
        }
    }

    private Run run(FormValues form) {
        QueryLimits server = options.limits();
        long timeoutMs = server.timeoutMs();
        if (!form.first("timeout").isEmpty()) {
            timeoutMs = Math.min(timeoutMs, PrometheusTime.nanosToMillis(ApiParams.durationNanos(form, "timeout")));
        }
        long lookbackMs = options.lookbackMs();
        String lookback = form.first("lookback_delta");
        if (!lookback.isEmpty()) {
            long nanos;
            try {
                nanos = PrometheusTime.parseDurationNanos(lookback);
            } catch (InvalidInputException e) {
                throw ApiException.badData("error parsing lookback delta duration: " + e.getMessage());
            }
            if (nanos > 0) {
                lookbackMs = Math.max(1, PrometheusTime.nanosToMillis(nanos));
            }
        }
        // The range check above admits (end - start) / step == maxPoints, one point more than
        // the engine's own count allows, so the engine is given that one more.
        QueryLimits limits = new QueryLimits(server.maxSamples(), server.maxPointsPerSeries() + 1, timeoutMs);
        PromqlEngine engine =
                new PromqlEngine(new PromqlEngine.Options(lookbackMs, options.defaultSubqueryStepMs(), limits));
        if (accelerate(form)) {
            engine.accelerate(accelerator.get());
        }
        return new Run(engine, limits, options.defaultSubqueryStepMs());
    }

    /**
     * Tessera's own parameter {@code accelerate}: {@code false} answers the query exactly from raw
     * data even where an installed view covers it; absent or {@code true}, views are used.
     */
    private static boolean accelerate(FormValues form) {
        String value = form.first("accelerate");
        return switch (value) {
            case "", "true" -> true;
            case "false" -> false;
            default ->
                throw ApiException.invalidParameter(
                        "accelerate", "expected true or false, got " + GoQuote.quote(value));
        };
    }

    @FunctionalInterface
    private interface Execution {
        QueryResult get();
    }

    private QueryResult execute(Request request, RunContext context, Execution execution) {
        running.add(context);
        request.onClientGone(() -> {
            LOG.info("client of {} closed its connection; cancelling its query", request.path());
            context.cancel();
        });
        try {
            return execution.get();
        } finally {
            running.remove(context);
        }
    }

    private static void respond(Request request, QueryResult result, int limit) throws IOException {
        List<String> warnings = result.warnings();
        QueryResult shown = result;
        if (limit > 0) {
            switch (result) {
                case QueryResult.VectorResult v
                when v.samples().size() > limit -> {
                    shown = new QueryResult.VectorResult(
                            v.samples().subList(0, limit), v.warnings(), v.infos(), v.labelsFrom());
                    warnings = withTruncation(warnings);
                }
                case QueryResult.MatrixResult m
                when m.series().size() > limit -> {
                    shown = new QueryResult.MatrixResult(m.series().subList(0, limit), m.warnings(), m.infos());
                    warnings = withTruncation(warnings);
                }
                default -> {}
            }
        }
        QueryResult data = shown;
        ApiResponses.success(request, g -> ResultJson.write(g, data), warnings, result.infos());
    }

    private static List<String> withTruncation(List<String> warnings) {
        List<String> out = new ArrayList<>(warnings);
        out.add(TRUNCATED);
        return out;
    }

    @Override
    public void close() {
        for (RunContext context : running) {
            context.cancel();
        }
    }
}
