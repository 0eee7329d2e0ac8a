package io.tessera.promqltest;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.promql.Parser;
import io.tessera.promql.Printer;
import io.tessera.promql.VectorSelector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Runs one script's commands in order against an engine. Loads accumulate until {@code clear}
 * and are handed to the engine, as one complete data set, before the next eval. Evals that
 * need native histograms are skipped: those whose expected result has one, and those that fail
 * while a selector of theirs reads a series loaded with histogram points (which are not loaded):
 * an eval that reads such series and still gets the expected answer passes.
 */
final class ConformanceRunner {

    private static final Pattern QUERY_CONTEXT_FUNCS = Pattern.compile("(start|end|range|step)\\(\\)");
    private static final long MINUTE = 60_000;

    private final PromqlEngine engine;
    private final RunnerOptions options;
    private final TestScript script;
    private final Map<Labels, PointSeries> data = new LinkedHashMap<>();
    private final Set<String> histogramMetrics = new LinkedHashSet<>();
    private final Set<Labels> histogramSeries = new LinkedHashSet<>();
    private int next;
    private boolean dirty = true;
    private String loadFailure;

    ConformanceRunner(PromqlEngine engine, RunnerOptions options, TestScript script) {
        this.engine = engine;
        this.options = options;
        this.script = script;
    }

    /** Runs every command and reports every eval. */
    ScriptReport runAll() {
        List<EvalOutcome> outcomes = new ArrayList<>();
        for (EvalCommand eval : script.evals()) {
            outcomes.add(runThrough(eval));
        }
        return new ScriptReport(script.name(), outcomes);
    }

    /**
     * Applies the data commands up to {@code eval} and evaluates it; evals passed over on the
     * way are not run. Evals must be asked for in script order.
     */
    EvalOutcome runThrough(EvalCommand eval) {
        while (next < script.commands().size()) {
            Command c = script.commands().get(next++);
            switch (c) {
                case ClearCommand clear -> clear();
                case LoadCommand load -> load(load);
                case EvalCommand e -> {
                    if (e == eval) {
                        return evaluate(eval);
                    }
                }
            }
        }
        throw new IllegalStateException("eval at line " + eval.line() + " is not ahead in " + script.name());
    }

    private void clear() {
        data.clear();
        histogramMetrics.clear();
        histogramSeries.clear();
        dirty = true;
    }

    private void load(LoadCommand load) {
        for (PointSeries s : load.series()) {
            data.merge(s.labels(), s, ConformanceRunner::mergeSeries);
        }
        histogramMetrics.addAll(load.histogramMetrics());
        histogramSeries.addAll(load.histogramSeries());
        for (String name : load.histogramMetrics()) {
            data.keySet().removeIf(l -> l.metricName().equals(name) && !name.isEmpty());
        }
        dirty = true;
    }

    private EvalOutcome evaluate(EvalCommand eval) {
        if (eval.unsupported().isPresent()) {
            return outcome(eval, EvalOutcome.Status.SKIPPED, eval.unsupported().get());
        }
        EvalOutcome outcome = run(eval);
        if (outcome.status() == EvalOutcome.Status.FAIL) {
            Optional<String> histogramRead = histogramRead(eval.expr());
            if (histogramRead.isPresent()) {
                return outcome(
                        eval,
                        EvalOutcome.Status.SKIPPED,
                        "native histograms: " + histogramRead.get()
                                + "; the expected result depends on data we do not load ("
                                + outcome.detail().lines().findFirst().orElse("") + ")");
            }
        }
        return outcome;
    }

    private EvalOutcome run(EvalCommand eval) {
        try {
            if (dirty) {
                dirty = false;
                loadFailure = null;
                try {
                    engine.load(List.copyOf(data.values()));
                } catch (RuntimeException e) {
                    loadFailure = "loading the data failed: " + e;
                }
            }
            if (loadFailure != null) {
                return outcome(eval, EvalOutcome.Status.FAIL, loadFailure);
            }
            Optional<String> problem = switch (eval.time()) {
                case QueryTime.Range r ->
                    OutcomeCheck.check(eval, eval.expr(), engine.range(eval.expr(), r.start(), r.end(), r.step()));
                case QueryTime.Instant i -> instantWithVariants(eval, i.at());
            };
            return problem.map(p -> outcome(eval, EvalOutcome.Status.FAIL, p))
                    .orElseGet(() -> EvalOutcome.pass(script.name(), eval));
        } catch (RuntimeException e) {
            return outcome(eval, EvalOutcome.Status.FAIL, "the engine threw " + e + at(e));
        }
    }

    private Optional<String> instantWithVariants(EvalCommand eval, long t) {
        Optional<String> problem = instant(eval, eval.expr(), t);
        if (problem.isPresent() || options.atPinning().isEmpty()) {
            return problem;
        }
        Optional<String> pinned = options.atPinning().get().pin(eval.expr(), t);
        if (pinned.isEmpty()) {
            return Optional.empty();
        }
        long[] times = t == 0 ? new long[] {-1000, 0, 1000} : new long[] {-10 * t, 0, t / 5, t, 10 * t};
        for (long at : times) {
            Optional<String> p = instant(eval, pinned.get(), at);
            if (p.isPresent()) {
                return Optional.of("with @ pinned, run at t=" + at + " as " + pinned.get() + ": " + p.get());
            }
        }
        return Optional.empty();
    }

    private Optional<String> instant(EvalCommand eval, String expr, long t) {
        QueryOutcome outcome = engine.instant(expr, t);
        Optional<String> problem = OutcomeCheck.check(eval, expr, outcome);
        if (problem.isPresent()
                || outcome instanceof QueryOutcome.Failure
                || !options.rangeMode()
                || eval.excludedFromRangeMode()
                || QUERY_CONTEXT_FUNCS.matcher(expr).find()) {
            return problem;
        }
        return rangeMode(eval, expr, t, ((QueryOutcome.Success) outcome).result())
                .map(p ->
                        "in range mode (" + (t - MINUTE) + ".." + (t + MINUTE) + " step 1m, point at " + t + "): " + p);
    }

    /** promqltest's cross-check: the middle step of a 3-step range query is the instant result. */
    private Optional<String> rangeMode(EvalCommand eval, String expr, long t, QueryResult instantResult) {
        QueryOutcome outcome = engine.range(expr, t - MINUTE, t + MINUTE, MINUTE);
        if (outcome instanceof QueryOutcome.Failure(String message)) {
            return Optional.of("error evaluating query: " + message);
        }
        if (eval.expect().isOrdered()) {
            return Optional.empty();
        }
        QueryResult result = ((QueryOutcome.Success) outcome).result();
        if (!(result instanceof QueryResult.Matrix matrix)) {
            return Optional.of("a range query must return a matrix, got " + Describe.result(result));
        }
        String unsorted = ResultComparison.unsorted(matrix);
        if (unsorted != null) {
            return Optional.of(unsorted);
        }
        List<QueryResult.Sample> atT = new ArrayList<>();
        for (PointSeries s : matrix.series()) {
            int i = Arrays.binarySearch(s.timestamps(), t);
            if (i >= 0) {
                atT.add(new QueryResult.Sample(s.labels(), s.values()[i]));
            }
        }
        QueryResult asInstant;
        if (instantResult instanceof QueryResult.Scalar) {
            if (atT.isEmpty()) {
                return Optional.of("the scalar query returned no point at t=" + t);
            }
            asInstant = new QueryResult.Scalar(t, atT.getFirst().value());
        } else {
            asInstant = new QueryResult.Vector(t, atT);
        }
        return ResultComparison.compare(eval, asInstant).map(p -> p + "\n" + Describe.expectedAndGot(eval, asInstant));
    }

    /**
     * What makes the query read histogram data we did not load, if it does: one of its
     * selectors matches a series that had histogram points, or (when the query does not parse)
     * it names such a metric.
     */
    private Optional<String> histogramRead(String expr) {
        List<VectorSelector> selectors;
        try {
            selectors = Selectors.of(Parser.parse(expr));
        } catch (RuntimeException e) {
            selectors = null;
        }
        if (selectors != null) {
            for (VectorSelector selector : selectors) {
                for (Labels series : histogramSeries) {
                    if (matchesAll(selector.allMatchers(), series)) {
                        return Optional.of("the selector " + Printer.print(selector) + " reads " + series
                                + ", which has histogram points");
                    }
                }
            }
            return Optional.empty();
        }
        for (String name : histogramMetrics) {
            if (name.isEmpty()) {
                return Optional.of("a series without a metric name has histogram points");
            }
            if (Pattern.compile("(?<![\\w:])" + Pattern.quote(name) + "(?![\\w:])")
                    .matcher(expr)
                    .find()) {
                return Optional.of("the query reads " + name + ", which has histogram points");
            }
        }
        return Optional.empty();
    }

    private static boolean matchesAll(List<LabelMatcher> matchers, Labels series) {
        for (LabelMatcher m : matchers) {
            if (!m.matches(series)) {
                return false;
            }
        }
        return true;
    }

    private EvalOutcome outcome(EvalCommand eval, EvalOutcome.Status status, String detail) {
        return new EvalOutcome(script.name(), eval, status, detail);
    }

    private static String at(RuntimeException e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length == 0 ? "" : " at " + trace[0];
    }

    /** Two loads of one series: the samples of both, by time; the later load wins a tie. */
    private static PointSeries mergeSeries(PointSeries earlier, PointSeries later) {
        long[] ts = new long[earlier.size() + later.size()];
        double[] vs = new double[ts.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < earlier.size() || j < later.size()) {
            boolean takeLater =
                    i == earlier.size() || (j < later.size() && later.timestamps()[j] <= earlier.timestamps()[i]);
            if (takeLater) {
                if (i < earlier.size() && later.timestamps()[j] == earlier.timestamps()[i]) {
                    i++;
                }
                ts[n] = later.timestamps()[j];
                vs[n++] = later.values()[j++];
            } else {
                ts[n] = earlier.timestamps()[i];
                vs[n++] = earlier.values()[i++];
            }
        }
        return new PointSeries(earlier.labels(), Arrays.copyOf(ts, n), Arrays.copyOf(vs, n));
    }
}
