package io.tessera.promql;

import static io.tessera.promql.ResultSeries.ONE_WHERE_ABSENT;
import static io.tessera.promql.ResultSeries.PER_SERIES_WITHOUT_NAME;
import static io.tessera.promql.ResultSeries.PER_SERIES_WITH_NAME;
import static io.tessera.promql.ValueType.MATRIX;
import static io.tessera.promql.ValueType.SCALAR;
import static io.tessera.promql.ValueType.VECTOR;

import io.tessera.sketch.ExtrapolatedRate;
import io.tessera.sketch.StateFamily;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The PromQL functions of a range vector and what every layer needs to know of each: its
 * signature, the state family whose merged pane states answer it from a view (none when no view
 * can), whether a view keeping the samples answers it, how the exact engine slides it over
 * overlapping windows, how a grid correction moves it, which series its result has, and whether
 * it is an extrapolated rate. Plan nodes name a function by its PromQL name ({@link #byName}).
 */
public enum RangeFunctionKind {
    // name, arguments, view family, from samples, exact sliding, grid correction, result series, extrapolation;
    // the shorter constructors below spell the common cases
    ABSENT_OVER_TIME("absent_over_time", ONE_WHERE_ABSENT),
    AVG_OVER_TIME(
            "avg_over_time",
            List.of(MATRIX),
            StateFamily.AVG,
            false,
            ExactSliding.MEAN,
            GridCorrectionKind.AVG,
            PER_SERIES_WITHOUT_NAME,
            null),
    CHANGES("changes", StateFamily.COUNTER, GridCorrectionKind.NONE),
    COUNT_OVER_TIME("count_over_time", StateFamily.COUNT, GridCorrectionKind.COUNT),
    DELTA("delta", ExtrapolatedRate.DELTA),
    DERIV("deriv", List.of(MATRIX)),
    DOUBLE_EXPONENTIAL_SMOOTHING("double_exponential_smoothing", List.of(MATRIX, SCALAR, SCALAR)),
    FIRST_OVER_TIME("first_over_time", PER_SERIES_WITH_NAME),
    IDELTA("idelta", List.of(MATRIX)),
    INCREASE("increase", ExtrapolatedRate.INCREASE),
    IRATE("irate", List.of(MATRIX)),
    LAST_OVER_TIME(
            "last_over_time",
            List.of(MATRIX),
            StateFamily.LAST,
            false,
            ExactSliding.NONE,
            GridCorrectionKind.NONE,
            PER_SERIES_WITH_NAME,
            null),
    MAD_OVER_TIME("mad_over_time", List.of(MATRIX)),
    MAX_OVER_TIME("max_over_time", StateFamily.MAX, GridCorrectionKind.MAX),
    MIN_OVER_TIME("min_over_time", StateFamily.MIN, GridCorrectionKind.MIN),
    PREDICT_LINEAR("predict_linear", List.of(MATRIX, SCALAR)),
    PRESENT_OVER_TIME("present_over_time", StateFamily.PRESENT, GridCorrectionKind.NONE),
    QUANTILE_OVER_TIME(
            "quantile_over_time",
            List.of(SCALAR, MATRIX),
            StateFamily.KLL,
            false,
            ExactSliding.QUANTILE,
            GridCorrectionKind.QUANTILE,
            PER_SERIES_WITHOUT_NAME,
            null),
    RATE("rate", ExtrapolatedRate.RATE),
    RESETS("resets", StateFamily.COUNTER, GridCorrectionKind.NONE),
    STDDEV_OVER_TIME("stddev_over_time", StateFamily.VARIANCE, GridCorrectionKind.NONE),
    STDVAR_OVER_TIME("stdvar_over_time", StateFamily.VARIANCE, GridCorrectionKind.NONE),
    SUM_OVER_TIME(
            "sum_over_time",
            List.of(MATRIX),
            StateFamily.SUM,
            false,
            ExactSliding.SUM,
            GridCorrectionKind.SUM,
            PER_SERIES_WITHOUT_NAME,
            null),
    TS_OF_FIRST_OVER_TIME("ts_of_first_over_time", List.of(MATRIX)),
    TS_OF_LAST_OVER_TIME("ts_of_last_over_time", List.of(MATRIX)),
    TS_OF_MAX_OVER_TIME("ts_of_max_over_time", List.of(MATRIX)),
    TS_OF_MIN_OVER_TIME("ts_of_min_over_time", List.of(MATRIX));

    private static final Map<String, RangeFunctionKind> BY_NAME = byPromqlName();

    private final Function signature;
    private final StateFamily viewFamily;
    private final boolean answersFromSamples;
    private final ExactSliding sliding;
    private final GridCorrectionKind gridCorrection;
    private final ResultSeries resultSeries;
    private final ExtrapolatedRate extrapolation;

    /** Answered exactly, step by step, dropping the metric name. */
    RangeFunctionKind(String name, List<ValueType> argTypes) {
        this(name, argTypes, null, false, ExactSliding.NONE, GridCorrectionKind.NONE, PER_SERIES_WITHOUT_NAME, null);
    }

    /** Of one range vector, answered exactly, step by step, with the given result series. */
    RangeFunctionKind(String name, ResultSeries resultSeries) {
        this(name, List.of(MATRIX), null, false, ExactSliding.NONE, GridCorrectionKind.NONE, resultSeries, null);
    }

    /**
     * Of one range vector, answered from the merged pane states of {@code viewFamily}, dropping
     * the metric name; the exact engine does not slide it.
     */
    RangeFunctionKind(String name, StateFamily viewFamily, GridCorrectionKind gridCorrection) {
        this(
                name,
                List.of(MATRIX),
                viewFamily,
                false,
                ExactSliding.NONE,
                gridCorrection,
                PER_SERIES_WITHOUT_NAME,
                null);
    }

    /**
     * An extrapolated rate of one counter range vector: answered from counter pane states or from
     * kept samples, corrected as a counter on a grid, dropping the metric name.
     */
    RangeFunctionKind(String name, ExtrapolatedRate extrapolation) {
        this(
                name,
                List.of(MATRIX),
                StateFamily.COUNTER,
                true,
                ExactSliding.NONE,
                GridCorrectionKind.COUNTER,
                PER_SERIES_WITHOUT_NAME,
                extrapolation);
    }

    RangeFunctionKind(
            String name,
            List<ValueType> argTypes,
            StateFamily viewFamily,
            boolean answersFromSamples,
            ExactSliding sliding,
            GridCorrectionKind gridCorrection,
            ResultSeries resultSeries,
            ExtrapolatedRate extrapolation) {
        this.signature = new Function(name, argTypes, 0, VECTOR);
        this.viewFamily = viewFamily;
        this.answersFromSamples = answersFromSamples;
        this.sliding = sliding;
        this.gridCorrection = gridCorrection;
        this.resultSeries = resultSeries;
        this.extrapolation = extrapolation;
    }

    /** The function named {@code name} in PromQL, if it is a range function. */
    public static Optional<RangeFunctionKind> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The name PromQL calls it by, which plan nodes carry. */
    public String promqlName() {
        return signature.name();
    }

    public Function signature() {
        return signature;
    }

    /** The family whose merged window state is finalized as this function, when a pane view can answer it. */
    public Optional<StateFamily> viewFamily() {
        return Optional.ofNullable(viewFamily);
    }

    /**
     * Whether a view of {@link StateFamily#SAMPLES} answers it, with any pane width: it keeps the
     * samples, so a window is cut from it wherever its edges fall.
     */
    public boolean answersFromSamples() {
        return answersFromSamples;
    }

    public ExactSliding sliding() {
        return sliding;
    }

    public GridCorrectionKind gridCorrection() {
        return gridCorrection;
    }

    public ResultSeries resultSeries() {
        return resultSeries;
    }

    /** Whether it is evaluated per series and evaluation time (all but {@code absent_over_time}). */
    public boolean perSeries() {
        return resultSeries != ONE_WHERE_ABSENT;
    }

    /** Whether its result keeps the metric name, as a function returning a sample as it was does. */
    public boolean keepsMetricName() {
        return resultSeries == PER_SERIES_WITH_NAME;
    }

    /** Which extrapolated rate it is: rate, increase and delta are, the others are not. */
    public Optional<ExtrapolatedRate> extrapolation() {
        return Optional.ofNullable(extrapolation);
    }

    /**
     * Whether it reads its input as a counter and so, as Prometheus, notes an input whose metric
     * name does not look like one ({@code rate} and {@code increase}).
     */
    public boolean readsCounter() {
        return extrapolation != null && extrapolation.counter();
    }

    private static Map<String, RangeFunctionKind> byPromqlName() {
        Map<String, RangeFunctionKind> byName = new TreeMap<>();
        for (RangeFunctionKind kind : values()) {
            byName.put(kind.promqlName(), kind);
        }
        return Map.copyOf(byName);
    }
}
