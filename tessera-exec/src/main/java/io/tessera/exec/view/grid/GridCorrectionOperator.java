package io.tessera.exec.view.grid;

import io.tessera.core.Durations;
import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.PaneGrid;
import io.tessera.core.StaleMarker;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.function.Quantiles;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.exec.view.ReferenceCursor;
import io.tessera.exec.view.SpanRows;
import io.tessera.exec.view.Spans;
import io.tessera.exec.view.Timestamps;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.Scan;
import io.tessera.promql.GridCorrectionKind;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.ExtrapolatedRate;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * A range function at times off an evaluation-grid view's grid: for each step T, the values the
 * view kept at the grid point g ≤ T (of the function and of {@code count_over_time} over the same
 * window), moved to T by the raw samples that entered the window, {@code (g, T]}, and left it,
 * {@code (g - w, T - w]}. Sums and counts move exactly (compensated sums); an average is moved
 * as its sum and count; a quantile keeps its value when the rank bound computed from the samples
 * that moved is within the target (a series whose whole window lies in {@code (g, T]} is answered
 * exactly from those samples). Anything the correction cannot answer exactly or within the bound
 * (a non-finite sample, a bound over the target, a grid point not kept) is missing state: the
 * run answers another way and says so.
 */
public final class GridCorrectionOperator {

    /** Grid points tried before T's own, for an instant query whose newest grid point is not built yet. */
    private static final int EARLIER_GRID_POINTS = 2;

    private GridCorrectionOperator() {}

    /** What a correction returns: the vector, and the info line that says how it was made. */
    public record Corrected(InstantVector vector, String info) {}

    /**
     * @param rawRows reads the range's Scan over ascending disjoint spans, in one store call (see {@link SpanRows}),
     *     given the raw series an earlier read of the Scan accepted
     * @param rankTarget the largest normalized rank error a corrected quantile may have
     * @param keptCorrections what instant corrections share between two grid points; null to share nothing
     */
    public static Corrected evaluate(
            GridCorrection c,
            MaterializedView valueView,
            MaterializedView countView,
            long windowMs,
            StepGrid grid,
            Value[] params,
            DataStore store,
            RunContext context,
            Scan scan,
            BiFunction<List<Interval>, Labels[], SeriesRows> rawRows,
            BiFunction<Labels, Interval, SeriesRows> seriesRows,
            double rankTarget,
            KeptCorrections keptCorrections) {
        PaneGrid panes = new PaneGrid(valueView.paneMs(), valueView.phaseMs());
        int steps = grid.size();
        MissingStateException last = null;
        for (int back = 0; back <= (steps == 1 ? EARLIER_GRID_POINTS : 0); back++) {
            long[] g = new long[steps];
            for (int i = 0; i < steps; i++) {
                g[i] = panes.floor(grid.time(i)) - back * valueView.paneMs();
                if (grid.time(i) - g[i] >= windowMs) {
                    throw new MissingStateException(
                            valueView.definitionId(),
                            new Interval(g[i] - valueView.paneMs(), g[i]),
                            "the grid point before " + grid.time(i) + " is a whole window ("
                                    + Durations.format(windowMs)
                                    + ") back, so a correction would read more than the window");
                }
            }
            GridValues.States states;
            try {
                states = GridValues.states(valueView, countView, g, store, context);
            } catch (MissingStateException e) {
                last = e;
                continue;
            }
            return new Correction(
                            c,
                            windowMs,
                            grid,
                            params,
                            context,
                            rawRows,
                            seriesRows,
                            rankTarget,
                            g,
                            states,
                            valueView,
                            countView,
                            scan,
                            keptCorrections)
                    .run(valueView);
        }
        throw last;
    }

    /** One run's correction: the spans read once, then every step of every series. */
    private static final class Correction {

        private final GridCorrection node;
        private final long windowMs;
        private final StepGrid grid;
        private final RunContext context;
        private final double rankTarget;
        private final long[] gridPoints;
        private final GridValues kept;
        /** The output series: {@code kept}'s, copied before a series new since the grid point is added. */
        private SeriesIds ids;

        private final double[][] paramsAt;
        /** Every series' samples of every span, read once; null when no step is off the grid. */
        private final SeriesRows rows;
        /**
         * The samples that left the window, shared with the runs before this one: then {@code rows}
         * holds only the samples that entered.
         */
        private final KeptCorrections.Kept left;
        /** Where the samples that stay in every window until the next grid point begin: {@code g - w + step + ext}. */
        private final long staysFrom;
        /** The output series being moved, and each output series' row among the rows read. */
        private int current;

        private int[] rowOf;
        /** Metric names whose counter-likeness was checked, as the exact rate and increase do. */
        private final java.util.Set<String> checkedNames = new java.util.HashSet<>();

        private final GridCorrectionKind kind;
        /** The extrapolated rate the correction moves, or null when it moves no rate. */
        private final ExtrapolatedRate extrapolation;

        private double worstBound;
        private int exactSeries;
        private double[] scratch = new double[64];
        private final BiFunction<Labels, Interval, SeriesRows> seriesRows;
        /** Series answered exactly from their own window: at most this share of the series per step. */
        private static final double EXACT_SHARE = 0.05;

        private int exactBudget;
        private int windowReads;

        /** How far the spans of a counter reach past their edges, for the samples next to them. */
        private final long ext;

        private final CounterMove counterMove;

        Correction(
                GridCorrection c,
                long windowMs,
                StepGrid grid,
                Value[] params,
                RunContext context,
                BiFunction<List<Interval>, Labels[], SeriesRows> rawRows,
                BiFunction<Labels, Interval, SeriesRows> seriesRows,
                double rankTarget,
                long[] g,
                GridValues.States states,
                MaterializedView valueView,
                MaterializedView countView,
                Scan scan,
                KeptCorrections keptCorrections) {
            long paneMs = valueView.paneMs();
            this.node = c;
            this.seriesRows = seriesRows;
            this.windowMs = windowMs;
            this.grid = grid;
            this.context = context;
            this.rankTarget = rankTarget;
            this.gridPoints = g;
            this.extrapolation = RangeFunctionKind.byName(node.function())
                    .flatMap(RangeFunctionKind::extrapolation)
                    .orElse(null);
            this.kind = RangeFunctionKind.byName(node.function())
                    .map(RangeFunctionKind::gridCorrection)
                    .filter(GridCorrectionKind::supported)
                    .orElseThrow(() -> new IllegalArgumentException(node.function() + " has no grid correction"));
            this.ext = kind == GridCorrectionKind.COUNTER ? Math.min(paneMs, windowMs / 4) : 0;
            this.staysFrom = gridPoints[0] - windowMs + paneMs + ext;
            this.counterMove = kind == GridCorrectionKind.COUNTER ? new CounterMove(extrapolation) : null;
            for (int i = 0; i < grid.size(); i++) {
                if (kind == GridCorrectionKind.COUNTER && grid.time(i) - gridPoints[i] + 2 * ext > windowMs) {
                    throw new MissingStateException(
                            node.function(),
                            new Interval(gridPoints[i] - paneMs, gridPoints[i]),
                            "the grid point is too far back for the spans of a counter's correction");
                }
            }
            this.paramsAt = new double[grid.size()][params.length];
            for (int i = 0; i < grid.size(); i++) {
                for (int k = 0; k < params.length; k++) {
                    paramsAt[i][k] = ((ScalarValues) params[k]).at(i);
                }
            }
            // an instant before the next grid point may share what left the window with the runs before it
            KeptCorrections.Key key = keptCorrections != null
                            && grid.size() == 1
                            && grid.time(0) > gridPoints[0]
                            && grid.time(0) - gridPoints[0] <= paneMs
                            && paneMs + 2 * ext <= windowMs
                    ? new KeptCorrections.Key(
                            valueView.definitionId(),
                            countView.definitionId(),
                            states.values().version(),
                            states.counts().version(),
                            scan,
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
                        rawRows.apply(keptSpans, new Labels[0]), kept, staysFrom, counterMove, gridPoints[0], windowMs);
                if (shared != null) {
                    keptCorrections.put(key, shared);
                }
            }
            this.left = shared;
            if (left != null) {
                this.rows = rawRows.apply(List.of(new Interval(gridPoints[0], grid.time(0))), left.rawOrder());
                return;
            }
            List<Interval> spans = new ArrayList<>();
            for (int i = 0; i < grid.size(); i++) {
                long t = grid.time(i);
                if (t > gridPoints[i]) {
                    spans.add(inSpan(i));
                    spans.add(goneSpan(i));
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
            this.rows = spans.isEmpty() ? null : rawRows.apply(Spans.disjoint(spans), new Labels[0]);
        }

        private Interval inSpan(int i) {
            return new Interval(gridPoints[i] - ext, grid.time(i));
        }

        private Interval goneSpan(int i) {
            return new Interval(gridPoints[i] - windowMs, grid.time(i) - windowMs + ext);
        }

        Corrected run(MaterializedView valueView) {
            int steps = grid.size();
            // the raw series of the spans, by output series (created for series the grid did not have)
            int[] rowIds = rows == null ? null : left != null ? seriesEntered(rows) : seriesIn(rows);
            int series = ids.size();
            int[] at = positions(rowIds, series);
            rowOf = at;
            exactBudget = Math.max(4, (int) (EXACT_SHARE * series));
            InstantVector out = new InstantVector(grid, series);
            // one output series per id: the ids' label sets are distinct, and two raw series of one id were refused
            out.markLabelsDistinct();
            int[] row = new int[series];
            Arrays.fill(row, -1);
            MovedSamples in = new MovedSamples();
            MovedSamples gone = new MovedSamples();
            // a counter's move counts the samples that entered and left itself
            boolean scansSpans = kind != GridCorrectionKind.COUNTER;
            // sums, counts and averages need only the count and the sum of what moved
            boolean sumsOnly = kind == GridCorrectionKind.SUM
                    || kind == GridCorrectionKind.COUNT
                    || kind == GridCorrectionKind.AVG;
            for (int i = 0; i < steps; i++) {
                context.checkAlive();
                windowReads = 0;
                long t = grid.time(i);
                int point = kept.pointOf(gridPoints[i]);
                if (kind == GridCorrectionKind.QUANTILE && !(paramsAt[i][0] >= 0 && paramsAt[i][0] <= 1)) {
                    throw new MissingStateException(
                            valueView.definitionId(),
                            new Interval(gridPoints[i] - valueView.paneMs(), gridPoints[i]),
                            "quantile " + paramsAt[i][0] + " is outside [0, 1]");
                }
                SeriesRows inRows = t > gridPoints[i] ? rows : null;
                // the samples that left: kept by output series when shared, else the rows read now
                FlatRows goneFlat = inRows == null || left == null ? null : left.gone();
                SeriesRows goneRows = inRows == null || left != null ? null : rows;
                int[] inAt = inRows == null ? null : at;
                for (int s = 0; s < series; s++) {
                    current = s;
                    long n0 = kept.countAt(point, s);
                    double v0 = kept.valueAt(point, s);
                    in.reset();
                    gone.reset();
                    if (sumsOnly) {
                        if (inAt != null && inAt[s] >= 0) {
                            int r = inAt[s];
                            int first = inRows.first(r);
                            in.sum(
                                    inRows.tsArray(r),
                                    inRows.valuesArray(r),
                                    first,
                                    first + inRows.count(r),
                                    gridPoints[i],
                                    t);
                        }
                        if (goneFlat != null) {
                            gone.sum(
                                    goneFlat.ts,
                                    goneFlat.vs,
                                    goneFlat.from(s),
                                    goneFlat.to(s),
                                    gridPoints[i] - windowMs,
                                    t - windowMs);
                        } else if (goneRows != null && inAt[s] >= 0) {
                            int r = inAt[s];
                            int first = goneRows.first(r);
                            gone.sum(
                                    goneRows.tsArray(r),
                                    goneRows.valuesArray(r),
                                    first,
                                    first + goneRows.count(r),
                                    gridPoints[i] - windowMs,
                                    t - windowMs);
                        }
                    } else {
                        if (scansSpans && inAt != null && inAt[s] >= 0) {
                            in.scan(inRows, inAt[s], gridPoints[i], t, v0);
                        }
                        if (scansSpans && goneFlat != null) {
                            gone.scan(
                                    goneFlat.ts,
                                    goneFlat.vs,
                                    goneFlat.from(s),
                                    goneFlat.to(s),
                                    gridPoints[i] - windowMs,
                                    t - windowMs,
                                    v0);
                        } else if (scansSpans && goneRows != null && inAt[s] >= 0) {
                            gone.scan(goneRows, inAt[s], gridPoints[i] - windowMs, t - windowMs, v0);
                        }
                    }
                    long n = n0 + in.samples - gone.samples;
                    if (scansSpans && n <= 0) {
                        continue;
                    }
                    double v = switch (kind) {
                        case COUNTER ->
                            counter(
                                    valueView,
                                    gridPoints[i],
                                    t,
                                    v0,
                                    n0,
                                    inAt == null ? -1 : inAt[s],
                                    goneFlat,
                                    s,
                                    ids.labels(s));
                        case COUNT -> n;
                        case SUM ->
                            MovedSums.checked(
                                    valueView,
                                    gridPoints[i],
                                    MovedSums.moved(
                                            n0 == 0 ? 0 : MovedSums.finite(valueView, gridPoints[i], v0, in, gone),
                                            in,
                                            gone));
                        case AVG ->
                            MovedSums.checked(
                                            valueView,
                                            gridPoints[i],
                                            MovedSums.moved(
                                                    n0 == 0
                                                            ? 0
                                                            : MovedSums.finite(valueView, gridPoints[i], v0, in, gone)
                                                                    * n0,
                                                    in,
                                                    gone))
                                    / n;
                        case QUANTILE ->
                            quantile(
                                    valueView,
                                    gridPoints[i],
                                    t,
                                    paramsAt[i][0],
                                    v0,
                                    n0,
                                    n,
                                    in,
                                    gone,
                                    inRows,
                                    inAt == null ? -1 : inAt[s],
                                    ids.labels(s));
                        case MAX, MIN -> extreme(valueView, gridPoints[i], t, v0, n0, in, gone, ids.labels(s));
                        case NONE -> throw new IllegalStateException("no grid correction moves " + node.function());
                    };
                    if (kind == GridCorrectionKind.COUNTER && Double.isNaN(v) && noCounterValue) {
                        continue;
                    }
                    if (row[s] < 0) {
                        // rows named by the shared ids let a writer copy one rendering of them all
                        row[s] = ids == kept.ids() ? out.addSeries(ids, s) : out.addSeries(ids.labels(s));
                    }
                    out.set(row[s], i, v);
                }
            }
            return new Corrected(out, info(valueView));
        }

        private String info(MaterializedView valueView) {
            String id = valueView
                    .definitionId()
                    .substring(0, Math.min(19, valueView.definitionId().length()));
            String how =
                    "values kept every " + Durations.format(valueView.paneMs()) + " by ingestion runs, moved to the"
                            + " query time by the raw samples that entered and left the window since the grid point"
                            + (left != null ? ", those that left kept from the first run after it" : "");
            String bound = kind != GridCorrectionKind.QUANTILE
                    ? "exact"
                            + (exactSeries > 0
                                    ? ", " + exactSeries + " series answered exactly from their raw samples"
                                    : "")
                    : String.format(
                            Locale.ROOT,
                            "quantile rank error <= %.3g%% by the samples that moved (target %.3g%%)%s",
                            100 * worstBound,
                            100 * rankTarget,
                            exactSeries > 0
                                    ? ", " + exactSeries + " series answered exactly from their raw samples"
                                    : "");
            return "PromQL info: " + node.function() + " answered from view " + id + " (" + how + ", " + bound + ")";
        }

        /**
         * The kept quantile, when its rank among the window at T stays within the target: its
         * rank at g lies in [floor(q(n0 - 1)), ceil(q(n0 - 1))], and moves by the counts of
         * samples below it that entered and left. A series whose window is all new samples
         * ({@code n0 = 0}) is answered exactly from them.
         */
        private double quantile(
                MaterializedView view,
                long g,
                long t,
                double q,
                double v0,
                long n0,
                long n,
                MovedSamples in,
                MovedSamples gone,
                SeriesRows inRows,
                int inAt,
                Labels series) {
            if (n0 == 0) {
                exactSeries++;
                return exactFrom(inRows, inAt, g, t, q);
            }
            if (Double.isNaN(v0) || in.nan || gone.nan || n < 2) {
                return exactWindow(
                        view,
                        g,
                        t,
                        q,
                        series,
                        n < 2
                                ? "a series has one sample left in the window, which the"
                                        + " kept quantile does not name"
                                : "NaN samples near the window's edges have no rank");
            }
            double rank = q * (n0 - 1);
            long lo = (long) Math.floor(rank);
            long hi = (long) Math.ceil(rank);
            long below = hi - gone.below + in.below;
            long atOrBelow = lo + 1 - gone.atOrBelow + in.atOrBelow;
            double bound = Math.max(
                    Math.max(0, below / (double) (n - 1) - q), Math.max(0, q - (atOrBelow - 1) / (double) (n - 1)));
            if (bound > rankTarget) {
                return exactWindow(
                        view,
                        g,
                        t,
                        q,
                        series,
                        String.format(
                                Locale.ROOT,
                                "moving the kept quantile to the query"
                                        + " time bounds its rank error by %.3g%%, over the %.3g%% target",
                                100 * bound,
                                100 * rankTarget));
            }
            worstBound = Math.max(worstBound, bound);
            return v0;
        }

        /** Set when the last {@link #counter} call found no value (fewer than two samples at T). */
        private boolean noCounterValue;

        /**
         * @param a the series' row among the rows that entered, -1 when none
         * @param goneFlat the samples that left by output series when shared, else null and the
         *     rows read now hold them at row {@code a}
         */
        private double counter(
                MaterializedView view,
                long g,
                long t,
                double v0,
                long n0,
                int a,
                FlatRows goneFlat,
                int s,
                Labels series) {
            noCounterValue = false;
            CounterMove.Outcome o;
            if (t == g) {
                o = n0 >= 2 ? CounterMove.Outcome.VALUE : CounterMove.Outcome.NONE;
            } else {
                long[] inTs = a < 0 ? null : rows.tsArray(a);
                double[] inVs = a < 0 ? null : rows.valuesArray(a);
                int inFrom = a < 0 ? 0 : rows.first(a);
                int inTo = a < 0 ? 0 : inFrom + rows.count(a);
                if (goneFlat != null) {
                    // the rows read now start after g: the last sample before it was kept
                    o = counterMove.move(
                            v0,
                            n0,
                            g,
                            t,
                            windowMs,
                            ext,
                            left.counterAtG(),
                            s,
                            inTs,
                            inVs,
                            inFrom,
                            inTo,
                            goneFlat.ts,
                            goneFlat.vs,
                            goneFlat.from(s),
                            goneFlat.to(s));
                } else {
                    // the rows that left are the rows read now
                    o = counterMove.move(
                            v0, n0, g, t, windowMs, ext, null, s, inTs, inVs, inFrom, inTo, inTs, inVs, inFrom, inTo);
                }
            }
            return switch (o) {
                case VALUE -> t == g ? v0 : counterMove.value;
                case NONE -> {
                    noCounterValue = true;
                    yield Double.NaN;
                }
                case EXACT -> exactWindow(view, g, t, series, Double.NaN, counterMove.why);
            };
        }

        /**
         * The kept maximum (minimum) stays the window's while no sample that left reaches it: it
         * was then taken in {@code (T - w, g]}, which both windows hold, and the samples that
         * entered may only raise (lower) it. NaN never wins unless it is all there is, as in
         * Prometheus. Otherwise that series' window is read exactly.
         */
        private double extreme(
                MaterializedView view,
                long g,
                long t,
                double v0,
                long n0,
                MovedSamples in,
                MovedSamples gone,
                Labels series) {
            boolean max = kind == GridCorrectionKind.MAX;
            if (n0 == 0) {
                return in.numbers > 0 ? (max ? in.max : in.min) : Double.NaN;
            }
            boolean reached = gone.numbers > 0 && (max ? gone.max >= v0 : gone.min <= v0);
            if (Double.isNaN(v0) || reached) {
                return exactWindow(
                        view,
                        g,
                        t,
                        series,
                        Double.NaN,
                        "a sample that left the window held its kept " + (max ? "maximum" : "minimum"));
            }
            if (in.numbers == 0) {
                return v0;
            }
            return max ? Math.max(v0, in.max) : Math.min(v0, in.min);
        }

        private double exactWindow(MaterializedView view, long g, long t, double q, Labels series, String why) {
            return exactWindow(view, g, t, series, q, why);
        }

        /**
         * The exact quantile of one series' window, read raw for that series alone; past the
         * budget of such series the whole run is missing state (an exact run reads less).
         */
        private double exactWindow(MaterializedView view, long g, long t, Labels series, double q, String why) {
            if (windowReads >= exactBudget) {
                throw new MissingStateException(
                        view.definitionId(),
                        new Interval(g - view.paneMs(), g),
                        "more than " + exactBudget + " series need their whole window: " + why);
            }
            exactSeries++;
            windowReads++;
            SeriesRows shared = left == null ? null : keptWindow(g, t, series);
            SeriesRows rows = shared != null ? shared : seriesRows.apply(series, new Interval(t - windowMs, t));
            for (int s = 0; s < rows.size(); s++) {
                if (rows == shared || rows.labels(s).withoutMetricName().equals(series)) {
                    if (kind == GridCorrectionKind.COUNTER) {
                        CounterMove.Outcome o =
                                counterMove.exactly(t, windowMs, rows.ts(s), rows.values(s), rows.count(s));
                        noCounterValue = o != CounterMove.Outcome.VALUE;
                        return o == CounterMove.Outcome.VALUE ? counterMove.value : Double.NaN;
                    }
                    return kind == GridCorrectionKind.QUANTILE
                            ? exactFrom(rows, s, t - windowMs, t, q)
                            : extremeOf(rows, s, t - windowMs, t);
                }
            }
            throw new MissingStateException(
                    view.definitionId(),
                    new Interval(g - view.paneMs(), g),
                    "the raw series of " + series + " was not found again");
        }

        /**
         * The window at {@code t} of the output series being moved, from what the runs between
         * these grid points share: the samples that left but not yet at {@code t}, those kept in
         * {@code (staysFrom, g]} (read for this series once), and those that entered. Null when
         * the kept part is full.
         */
        private SeriesRows keptWindow(long g, long t, Labels series) {
            KeptCorrections.Samples stays = left.stays(current, () -> {
                SeriesRows r = seriesRows.apply(series, new Interval(staysFrom, g));
                for (int k = 0; k < r.size(); k++) {
                    if (r.labels(k).withoutMetricName().equals(series)) {
                        return new KeptCorrections.Samples(r.ts(k), r.values(k), r.count(k));
                    }
                }
                return new KeptCorrections.Samples(new long[0], new double[0], 0);
            });
            if (stays == null) {
                return null;
            }
            FlatRows gone = left.gone();
            int inRow = rowOf == null || current >= rowOf.length ? -1 : rowOf[current];
            int a0 = Timestamps.firstAfter(gone.ts, gone.from(current), gone.to(current), t - windowMs);
            int a1 = Timestamps.firstAfter(gone.ts, a0, gone.to(current), staysFrom);
            int c0 = inRow < 0 ? 0 : Timestamps.firstAfter(rows.ts(inRow), rows.count(inRow), g);
            int c1 = inRow < 0 ? 0 : Timestamps.firstAfter(rows.ts(inRow), rows.count(inRow), t);
            int n = (a1 - a0) + stays.n() + (c1 - c0);
            long[] ts = new long[n];
            double[] vs = new double[n];
            int k = 0;
            for (int i = a0; i < a1; i++, k++) {
                ts[k] = gone.ts[i];
                vs[k] = gone.vs[i];
            }
            System.arraycopy(stays.ts(), 0, ts, k, stays.n());
            System.arraycopy(stays.values(), 0, vs, k, stays.n());
            k += stays.n();
            for (int i = c0; i < c1; i++, k++) {
                ts[k] = rows.ts(inRow)[i];
                vs[k] = rows.values(inRow)[i];
            }
            return new SeriesRows(new Labels[] {series}, new long[][] {ts}, new double[][] {vs}, new int[] {n}, 1);
        }

        private double extremeOf(SeriesRows rows, int s, long from, long to) {
            MovedSamples all = new MovedSamples();
            all.reset();
            all.scan(rows, s, from, to, Double.NaN);
            return all.numbers == 0 ? Double.NaN : kind == GridCorrectionKind.MAX ? all.max : all.min;
        }

        private double exactFrom(SeriesRows rows, int s, long from, long to, double q) {
            long[] ts = rows.ts(s);
            double[] vs = rows.values(s);
            int a = Timestamps.firstAfter(ts, rows.count(s), from);
            int b = Timestamps.firstAfter(ts, rows.count(s), to);
            int n = 0;
            for (int i = a; i < b; i++) {
                if (!StaleMarker.isStale(vs[i])) {
                    if (n == scratch.length) {
                        scratch = Arrays.copyOf(scratch, n * 2);
                    }
                    scratch[n++] = vs[i];
                }
            }
            return Quantiles.quantileBySelection(q, scratch, n);
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
         * The output series of the rows that entered, when the rows that left are shared: the
         * store lists a Scan's series in the same order every time, so the next shared raw
         * series is tried first, by reference, before its labels are looked up.
         */
        private int[] seriesEntered(SeriesRows r) {
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
                io.tessera.exec.function.Annotations.checkCounterName(metricName, context);
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
}
