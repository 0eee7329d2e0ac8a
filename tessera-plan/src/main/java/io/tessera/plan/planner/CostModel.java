package io.tessera.plan.planner;

import io.tessera.plan.Materialization;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.ExactStates;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import java.util.Collection;

/**
 * Costs in cores (CPU seconds per second), for {@code series} series per selector scraped every
 * {@code scrapeMs}:
 * <ul>
 * <li>direct profile of a reader (AT_QUERY): per evaluation, {@code steps × series × w/scrape}
 * samples touched at {@code exactSampleNs} (times log2 of the window's samples for a quantile,
 * which sorts) plus the raw read of {@code series × (extent + w)/scrape} samples, times
 * evaluations per second; for the functions the engine slides over overlapping steps, the first
 * window's samples and then the samples entering and leaving at each step;
 * <li>a view read: per evaluation time, {@code (w/p) × series} merges and a finalize per series;
 * an evaluation at "now" (off the pane grid) also builds one pane of raw samples exactly for
 * the window's head and tail and merges two more states;
 * <li>a view's upkeep: AT_INGESTION routes and folds each ingested sample
 * ({@code series/scrape} per second), commits {@code series/p} states per second, and keeps
 * {@code series × retention/p} states; AT_QUERY_KEPT reads and folds the same samples in query
 * runs, and rebuilds the whole retention once per horizon (a cold start).
 * </ul>
 */
record CostModel(CostConstants constants, double series, double scrapeMs) {

    CostModel(CostConstants constants, long series, long scrapeMs) {
        this(constants, (double) series, (double) scrapeMs);
    }

    /**
     * The model of a SQL table view: {@code groups} groups play the part of series, each getting
     * its share of {@code rowsPerSecond} rows, so a window of w holds {@code rowsPerSecond × w}
     * rows in all and a view keeps a state per group and pane.
     */
    static CostModel forTable(CostConstants constants, long rowsPerSecond, long groups) {
        return new CostModel(constants, groups, groups * 1000.0 / rowsPerSecond);
    }

    double samples(double ms) {
        return ms / scrapeMs;
    }

    /** The direct profile of a reader: computing it exactly from raw data at query time. */
    double exact(Reader r) {
        double w = r.windowMs();
        double perSeries = samples(w);
        double touch =
                constants.exactSampleNs() * (r.match().family() == StateFamily.KLL ? Math.max(1, log2(perSeries)) : 1);
        boolean slides = r.match().slides();
        double cost = 0;
        for (Reach reach : r.reaches()) {
            cost += reach.evalsPerSecond() * exactPerRun(reach, w, touch, slides);
        }
        return cost * 1e-9;
    }

    private double exactPerRun(Reach reach, double w, double touchNs, boolean slides) {
        return series
                * (samplesTouched(w, reach.steps(), reach.cadenceMs(), slides) * touchNs
                        + samples(reach.extentMs() + w) * constants.rawReadNs());
    }

    /**
     * The samples of one series an exact run touches for windows of {@code w} at {@code steps}
     * times {@code cadenceMs} apart: every window whole, or, for a function the engine slides
     * ({@link io.tessera.promql.ExactSliding#slides}) over overlapping windows, the first window whole and then what enters and
     * leaves at each step.
     */
    double samplesTouched(double w, long steps, double cadenceMs, boolean slides) {
        double touched = steps * samples(w);
        if (slides && steps > 1 && cadenceMs > 0 && cadenceMs < w) {
            touched = Math.min(touched, samples(w) + (steps - 1) * 2 * samples(cadenceMs));
        }
        return touched;
    }

    /** Reading a reader's windows from a view of pane width {@code paneMs}. */
    double viewRead(Reader r, long paneMs) {
        StateFamily f = r.match().family();
        double w = r.windowMs();
        double touch = constants.exactSampleNs() * (f == StateFamily.KLL ? Math.max(1, log2(samples(w))) : 1);
        double cost = 0;
        for (Reach reach : r.reaches()) {
            if (reach.pinned()) {
                cost += reach.evalsPerSecond() * exactPerRun(reach, w, touch, false);
                continue;
            }
            if (f == StateFamily.KLL && reach.steps() == 1 && samples(paneMs) <= KLL_VALUES_HELD) {
                cost += reach.evalsPerSecond() * exactQuantileFromBlocks(w, paneMs) + blockUpkeep(paneMs);
                continue;
            }
            double merges = w / paneMs + (reach.onGrid() ? 0 : 1);
            double perTime = series * (merges * constants.mergeNs(f) + constants.finalizeNs(f));
            double edges = reach.onGrid()
                    ? 0
                    : series
                            * samples(paneMs)
                            * (constants.exactSampleNs() + constants.rawReadNs() + constants.updateNs(f));
            cost += reach.evalsPerSecond() * (reach.steps() * perTime + edges);
        }
        return cost * 1e-9;
    }

    /**
     * Values a KLL pane holds exactly before it sketches them, at the k of the default accuracy
     * target; a stricter target holds more. Panes of at most as many samples answer an instant
     * quantile exactly from their values.
     */
    static final double KLL_VALUES_HELD =
            SketchParameters.kllK(io.tessera.plan.workload.AccuracyTarget.DEFAULT.quantileRankError());

    /** Panes of the blocks the executor keeps merged (or sorted) between instant runs ({@code PaneBlocks.SIZES}). */
    static final int LARGE_BLOCK_PANES = 64;

    static final int BLOCK_PANES = 16;

    static final int SMALL_BLOCK_PANES = 4;

    /** Values a sorted run holds on average below which the executor copies the runs together ({@code BlockQuantiles}). */
    static final int SHORT_RUN_VALUES = 64;

    /**
     * One instant quantile from KLL panes that hold their values: the window's whole aligned
     * blocks of {@link #LARGE_BLOCK_PANES}, {@link #BLOCK_PANES} and {@link #SMALL_BLOCK_PANES} panes are kept sorted between
     * runs, so a run sorts only its few single panes' and the edges' values and selects two ranks
     * from the sorted runs by binary searches; runs shorter than {@link #SHORT_RUN_VALUES} values on
     * average (a slow scrape) are copied together and selected from once instead.
     */
    private double exactQuantileFromBlocks(double w, long paneMs) {
        double panes = w / paneMs;
        double runs = panes / LARGE_BLOCK_PANES
                + 2.0 * (LARGE_BLOCK_PANES / BLOCK_PANES - 1)
                + 2.0 * (BLOCK_PANES / SMALL_BLOCK_PANES - 1);
        if (samples(w) < SHORT_RUN_VALUES * runs) {
            return series * (samples(w) * constants.exactSampleNs() + runs * constants.mergeNs(StateFamily.SUM));
        }
        double loose = samples((2.0 * (SMALL_BLOCK_PANES - 1) + 2) * paneMs);
        double sort = loose * Math.max(1, log2(loose)) * constants.exactSampleNs();
        double searches =
                2 * log2(Math.max(2, samples(w))) * runs * log2(Math.max(2, samples(LARGE_BLOCK_PANES * paneMs)));
        return series * (sort + searches * constants.exactSampleNs() + runs * constants.mergeNs(StateFamily.SUM));
    }

    /** Sorting each block's values once as the blocks come (both sizes), in ns per second. */
    private double blockUpkeep(long paneMs) {
        return sortedPerSecond(BLOCK_PANES, paneMs) + sortedPerSecond(LARGE_BLOCK_PANES, paneMs);
    }

    private double sortedPerSecond(int blockPanes, long paneMs) {
        double values = samples(blockPanes * paneMs);
        return series * values * Math.max(1, log2(values)) * constants.exactSampleNs() / (blockPanes * paneMs / 1000.0);
    }

    /** The upkeep of a view per second, without its reads. */
    double upkeep(Materialization.Mode mode, StateSpec spec, long paneMs, long retentionMs) {
        double ingestPerSecond = series * 1000.0 / scrapeMs;
        double commits = series * 1000.0 / paneMs * constants.insertNs();
        double memory = memoryBytes(spec, paneMs, retentionMs) * constants.memoryCoresPerByte();
        StateFamily f = spec.family();
        return switch (mode) {
            case AT_INGESTION ->
                (ingestPerSecond * (constants.routeNs() + constants.updateNs(f)) + commits) * 1e-9 + memory;
            case AT_QUERY_KEPT -> {
                double coldStart = series
                        * samples(retentionMs)
                        * (constants.exactSampleNs() + constants.updateNs(f))
                        / (constants.oneOffHorizonMs() / 1000.0);
                yield (ingestPerSecond * (constants.exactSampleNs() + constants.updateNs(f)) + commits + coldStart)
                                * 1e-9
                        + memory;
            }
        };
    }

    /** Bytes a view keeps: one state per series and retained pane. */
    double memoryBytes(StateSpec spec, long paneMs, long retentionMs) {
        double panes = Math.ceil((double) retentionMs / paneMs);
        return series * panes * stateBytes(spec, samples(paneMs));
    }

    /** The size of one pane state holding {@code samplesPerPane} samples. */
    static long stateBytes(StateSpec spec, double samplesPerPane) {
        State s = switch (spec.family()) {
            case SAMPLES -> {
                io.tessera.sketch.SampleRunState run = new io.tessera.sketch.SampleRunState();
                long n = (long) Math.min(Math.ceil(samplesPerPane), 1_000_000);
                for (long i = 0; i < n; i++) {
                    run.update(i, i);
                }
                run.trim();
                yield run;
            }
            case KLL -> {
                KllState kll = new KllState((int) spec.param("k", KllState.DEFAULT_K));
                long n = (long) Math.min(Math.ceil(samplesPerPane), 100_000);
                for (long i = 0; i < n; i++) {
                    kll.update(i, (double) ((i * 2_654_435_761L) % 1_000_003));
                }
                yield kll;
            }
            case DISTINCT -> {
                io.tessera.sketch.DistinctState d = new io.tessera.sketch.DistinctState(
                        (int) spec.param("lg_k", io.tessera.sketch.DistinctState.DEFAULT_LG_K));
                long n = (long) Math.min(Math.ceil(samplesPerPane), 100_000);
                for (long i = 0; i < n; i++) {
                    d.update(i, (double) i);
                }
                yield d;
            }
            case CURVE, DDSKETCH, FREQUENT ->
                throw new IllegalArgumentException("no size estimate for " + spec.family() + " states");
            default -> ExactStates.empty(spec.family());
        };
        return s.memoryBytes();
    }

    static double sum(Collection<Double> values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
