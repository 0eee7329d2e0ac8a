package io.tessera.exec.view.grid;

import io.tessera.core.Durations;
import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.function.Annotations;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.exec.view.ReferenceCursor;
import io.tessera.exec.view.Spans;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.MaterializedView;
import io.tessera.promql.GridCorrectionKind;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.ExtrapolatedRate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** One run's correction: the spans read once, then every step of every series. */
final class GridCorrectionRun {

    private final GridCorrection node;
    private final MaterializedView valueView;
    private final long windowMs;
    private final StepGrid grid;
    private final RunContext context;
    private final double rankTarget;
    private final long[] gridPoints;
    private final GridValues kept;
    /** The output series: {@code kept}'s, copied before a series new since the grid point is added. */
    private SeriesIds ids;

    private final double[][] paramsAt;
    private final CorrectionScope scope;
    /** Metric names whose counter-likeness was checked, as the exact rate and increase do. */
    private final Set<String> checkedNames = new HashSet<>();

    private final GridCorrectionKind kind;
    /** The extrapolated rate the correction moves, or null when it moves no rate. */
    private final ExtrapolatedRate extrapolation;

    private final ExactWindows exact;
    private final QuantileCorrection quantiles;
    private final ExtremeCorrection extremes;
    private final CounterCorrection counters;

    GridCorrectionRun(GridCorrectionOperator.Request request, long[] g, GridValues.States states) {
        this.node = request.node();
        this.valueView = request.valueView();
        this.windowMs = request.windowMs();
        this.grid = request.grid();
        this.context = request.context();
        this.rankTarget = request.rankTarget();
        this.gridPoints = g;
        long paneMs = valueView.paneMs();
        this.extrapolation = RangeFunctionKind.byName(node.function())
                .flatMap(RangeFunctionKind::extrapolation)
                .orElse(null);
        this.kind = RangeFunctionKind.byName(node.function())
                .map(RangeFunctionKind::gridCorrection)
                .filter(GridCorrectionKind::supported)
                .orElseThrow(() -> new IllegalArgumentException(node.function() + " has no grid correction"));
        // how far the spans of a counter reach past their edges, for the samples next to them
        long ext = kind == GridCorrectionKind.COUNTER ? Math.min(paneMs, windowMs / 4) : 0;
        // where the samples that stay in every window until the next grid point begin
        long staysFrom = gridPoints[0] - windowMs + paneMs + ext;
        CounterMove counterMove = kind == GridCorrectionKind.COUNTER ? new CounterMove(extrapolation) : null;
        for (int i = 0; i < grid.size(); i++) {
            if (kind == GridCorrectionKind.COUNTER && grid.time(i) - gridPoints[i] + 2 * ext > windowMs) {
                throw new MissingStateException(
                        node.function(),
                        new Interval(gridPoints[i] - paneMs, gridPoints[i]),
                        "the grid point is too far back for the spans of a counter's correction");
            }
        }
        Value[] params = request.params();
        this.paramsAt = new double[grid.size()][params.length];
        for (int i = 0; i < grid.size(); i++) {
            for (int k = 0; k < params.length; k++) {
                paramsAt[i][k] = ((ScalarValues) params[k]).at(i);
            }
        }
        KeptCorrections keptCorrections = request.keptCorrections();
        // an instant before the next grid point may share what left the window with the runs before it
        KeptCorrections.Key key = keptCorrections != null
                        && grid.size() == 1
                        && grid.time(0) > gridPoints[0]
                        && grid.time(0) - gridPoints[0] <= paneMs
                        && paneMs + 2 * ext <= windowMs
                ? new KeptCorrections.Key(
                        valueView.definitionId(),
                        request.countView().definitionId(),
                        states.values().version(),
                        states.counts().version(),
                        request.scan(),
                        windowMs,
                        ext,
                        gridPoints[0])
                : null;
        KeptCorrections.Kept shared = key == null ? null : keptCorrections.get(key);
        this.kept = shared != null ? shared.values() : GridValues.of(states, context);
        this.ids = kept.ids();
        if (key != null && shared == null) {
            // a counter also keeps the last sample before g, which every run's move starts from
            List<Interval> keptSpans = kind == GridCorrectionKind.COUNTER
                    ? List.of(
                            new Interval(gridPoints[0] - windowMs, staysFrom),
                            new Interval(gridPoints[0] - ext, gridPoints[0]))
                    : List.of(new Interval(gridPoints[0] - windowMs, staysFrom));
            shared = LeftSamples.keep(
                    request.rawRows().apply(keptSpans, new Labels[0]),
                    kept,
                    staysFrom,
                    counterMove,
                    gridPoints[0],
                    windowMs);
            if (shared != null) {
                keptCorrections.put(key, shared);
            }
        }
        SeriesRows rows = shared != null
                ? request.rawRows().apply(List.of(new Interval(gridPoints[0], grid.time(0))), shared.rawOrder())
                : rowsOfSpans(request, ext);
        this.scope = new CorrectionScope(valueView, kind, windowMs, rows, shared, staysFrom, request.seriesRows());
        this.exact = new ExactWindows(scope);
        this.quantiles = new QuantileCorrection(rankTarget, exact);
        this.extremes = new ExtremeCorrection(kind == GridCorrectionKind.MAX, exact);
        this.counters = counterMove == null ? null : new CounterCorrection(scope, counterMove, exact, ext);
    }

    /**
     * Every series' samples of every step's spans, read once, when no run shares the samples
     * that left: {@code (g - ext, T]} and {@code (g - w, T - w + ext]}; null when no step is off the grid.
     */
    private SeriesRows rowsOfSpans(GridCorrectionOperator.Request request, long ext) {
        List<Interval> spans = new ArrayList<>();
        for (int i = 0; i < grid.size(); i++) {
            long t = grid.time(i);
            if (t > gridPoints[i]) {
                spans.add(new Interval(gridPoints[i] - ext, t));
                spans.add(new Interval(gridPoints[i] - windowMs, t - windowMs + ext));
            }
        }
        long spanMs = Spans.coveredMs(spans);
        long extentMs = grid.last() - grid.start() + windowMs;
        if (grid.size() > 1 && spanMs * 2 > extentMs) {
            throw new MissingStateException(
                    node.function(),
                    new Interval(grid.start() - windowMs, grid.last()),
                    "the corrections of these steps would read " + Math.round(100.0 * spanMs / extentMs)
                            + "% of the raw data, so the exact answer is cheaper");
        }
        return spans.isEmpty() ? null : request.rawRows().apply(Spans.disjoint(spans), new Labels[0]);
    }

    GridCorrectionOperator.Corrected run() {
        SeriesRows rows = scope.rows();
        KeptCorrections.Kept left = scope.left();
        int steps = grid.size();
        // the raw series of the spans, by output series (created for series the grid did not have)
        int[] rowIds = rows == null ? null : left != null ? seriesEntered(rows) : seriesIn(rows);
        int series = ids.size();
        int[] at = positions(rowIds, series);
        exact.budgetFor(series);
        InstantVector out = new InstantVector(grid, series);
        // one output series per id: the ids' label sets are distinct, and two raw series of one id were refused
        out.markLabelsDistinct();
        int[] row = new int[series];
        Arrays.fill(row, -1);
        MovedSamples in = new MovedSamples();
        MovedSamples gone = new MovedSamples();
        SeriesStep step = new SeriesStep();
        CounterResult counted = new CounterResult();
        // a counter's move counts the samples that entered and left itself
        boolean scansSpans = kind != GridCorrectionKind.COUNTER;
        // sums, counts and averages need only the count and the sum of what moved
        boolean sumsOnly =
                kind == GridCorrectionKind.SUM || kind == GridCorrectionKind.COUNT || kind == GridCorrectionKind.AVG;
        for (int i = 0; i < steps; i++) {
            context.checkAlive();
            exact.nextStep();
            long t = grid.time(i);
            long g = gridPoints[i];
            int point = kept.pointOf(g);
            if (kind == GridCorrectionKind.QUANTILE && !(paramsAt[i][0] >= 0 && paramsAt[i][0] <= 1)) {
                throw new MissingStateException(
                        valueView.definitionId(),
                        new Interval(g - valueView.paneMs(), g),
                        "quantile " + paramsAt[i][0] + " is outside [0, 1]");
            }
            SeriesRows inRows = t > g ? rows : null;
            // the samples that left: kept by output series when shared, else the rows read now
            FlatRows goneFlat = inRows == null || left == null ? null : left.gone();
            SeriesRows goneRows = inRows == null || left != null ? null : rows;
            int[] inAt = inRows == null ? null : at;
            step.gridPoint = g;
            step.time = t;
            for (int s = 0; s < series; s++) {
                long n0 = kept.countAt(point, s);
                double v0 = kept.valueAt(point, s);
                step.series = s;
                step.labels = ids.labels(s);
                step.keptValue = v0;
                step.keptCount = n0;
                step.enteredRow = inAt == null ? -1 : inAt[s];
                step.readRow = at == null || s >= at.length ? -1 : at[s];
                in.reset();
                gone.reset();
                if (sumsOnly) {
                    if (inAt != null && inAt[s] >= 0) {
                        int r = inAt[s];
                        int first = inRows.first(r);
                        in.sum(inRows.tsArray(r), inRows.valuesArray(r), first, first + inRows.count(r), g, t);
                    }
                    if (goneFlat != null) {
                        gone.sum(
                                goneFlat.ts, goneFlat.vs, goneFlat.from(s), goneFlat.to(s), g - windowMs, t - windowMs);
                    } else if (goneRows != null && inAt[s] >= 0) {
                        int r = inAt[s];
                        int first = goneRows.first(r);
                        gone.sum(
                                goneRows.tsArray(r),
                                goneRows.valuesArray(r),
                                first,
                                first + goneRows.count(r),
                                g - windowMs,
                                t - windowMs);
                    }
                } else {
                    if (scansSpans && inAt != null && inAt[s] >= 0) {
                        in.scan(inRows, inAt[s], g, t, v0);
                    }
                    if (scansSpans && goneFlat != null) {
                        gone.scan(
                                goneFlat.ts,
                                goneFlat.vs,
                                goneFlat.from(s),
                                goneFlat.to(s),
                                g - windowMs,
                                t - windowMs,
                                v0);
                    } else if (scansSpans && goneRows != null && inAt[s] >= 0) {
                        gone.scan(goneRows, inAt[s], g - windowMs, t - windowMs, v0);
                    }
                }
                long n = n0 + in.samples - gone.samples;
                if (scansSpans && n <= 0) {
                    continue;
                }
                double v;
                if (kind == GridCorrectionKind.COUNTER) {
                    counters.move(step, goneFlat, counted);
                    if (!counted.hasValue()) {
                        continue;
                    }
                    v = counted.value();
                } else {
                    v = switch (kind) {
                        case COUNT -> n;
                        case SUM ->
                            MovedSums.checked(
                                    valueView,
                                    g,
                                    MovedSums.moved(
                                            n0 == 0 ? 0 : MovedSums.finite(valueView, g, v0, in, gone), in, gone));
                        case AVG ->
                            MovedSums.checked(
                                            valueView,
                                            g,
                                            MovedSums.moved(
                                                    n0 == 0 ? 0 : MovedSums.finite(valueView, g, v0, in, gone) * n0,
                                                    in,
                                                    gone))
                                    / n;
                        case QUANTILE -> quantiles.move(step, paramsAt[i][0], n, in, gone);
                        case MAX, MIN -> extremes.move(step, in, gone);
                        case COUNTER, NONE ->
                            throw new IllegalStateException("no grid correction moves " + node.function());
                    };
                }
                if (row[s] < 0) {
                    // rows named by the shared ids let a writer copy one rendering of them all
                    row[s] = ids == kept.ids() ? out.addSeries(ids, s) : out.addSeries(ids.labels(s));
                }
                out.set(row[s], i, v);
            }
        }
        return new GridCorrectionOperator.Corrected(out, info());
    }

    private String info() {
        String id = valueView
                .definitionId()
                .substring(0, Math.min(19, valueView.definitionId().length()));
        String how = "values kept every " + Durations.format(valueView.paneMs()) + " by ingestion runs, moved to the"
                + " query time by the raw samples that entered and left the window since the grid point"
                + (scope.left() != null ? ", those that left kept from the first run after it" : "");
        int exactSeries = exact.exactSeries();
        String bound = kind != GridCorrectionKind.QUANTILE
                ? "exact"
                        + (exactSeries > 0
                                ? ", " + exactSeries + " series answered exactly from their raw samples"
                                : "")
                : String.format(
                        Locale.ROOT,
                        "quantile rank error <= %.3g%% by the samples that moved (target %.3g%%)%s",
                        100 * quantiles.worstBound(),
                        100 * rankTarget,
                        exactSeries > 0 ? ", " + exactSeries + " series answered exactly from their raw samples" : "");
        return "PromQL info: " + node.function() + " answered from view " + id + " (" + how + ", " + bound + ")";
    }

    private int[] seriesIn(SeriesRows r) {
        int[] out = new int[r.size()];
        boolean[] taken = new boolean[ids.size() + r.size()];
        for (int s = 0; s < r.size(); s++) {
            Labels raw = r.labels(s);
            checkName(raw.metricName());
            out[s] = idOfRaw(raw);
            take(taken, out[s]);
        }
        return out;
    }

    /**
     * The output series of the rows that entered, when the rows that left are shared: the store
     * lists a Scan's series in the same order every time, so the next shared raw series is tried
     * first, by reference, before its labels are looked up.
     */
    private int[] seriesEntered(SeriesRows r) {
        KeptCorrections.Kept left = scope.left();
        for (String name : left.metricNames()) {
            checkName(name);
        }
        ReferenceCursor order = new ReferenceCursor(left.rawOrder());
        int[] out = new int[r.size()];
        boolean[] taken = new boolean[ids.size() + r.size()];
        for (int s = 0; s < r.size(); s++) {
            Labels raw = r.labels(s);
            int k = order.indexOf(raw);
            if (k >= 0) {
                out[s] = left.rawIds()[k];
            } else {
                checkName(raw.metricName());
                out[s] = idOfRaw(raw);
            }
            take(taken, out[s]);
        }
        return out;
    }

    /** Rate and increase say when a metric's name does not look like a counter's, as the exact run does. */
    private void checkName(String metricName) {
        if (kind == GridCorrectionKind.COUNTER
                && extrapolation != ExtrapolatedRate.DELTA
                && checkedNames.add(metricName)) {
            Annotations.checkCounterName(metricName, context);
        }
    }

    private int idOfRaw(Labels raw) {
        int id = ids.findRaw(raw);
        if (id >= 0) {
            return id;
        }
        if (ids == kept.ids()) {
            ids = ids.copy();
        }
        return ids.idOfRaw(raw);
    }

    private void take(boolean[] taken, int id) {
        if (id < taken.length && taken[id]) {
            throw new MissingStateException(
                    node.function(),
                    new Interval(gridPoints[0] - windowMs, grid.time(0)),
                    "two series differ only in their metric name; the exact engine reports that");
        }
        taken[id] = true;
    }

    /** Row of each output series in {@code ids}' SeriesRows, -1 where it has none. */
    private static int[] positions(int[] ids, int series) {
        if (ids == null) {
            return null;
        }
        int[] at = new int[series];
        Arrays.fill(at, -1);
        for (int r = 0; r < ids.length; r++) {
            at[ids[r]] = r;
        }
        return at;
    }
}
