package io.tessera.server.demo;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import io.tessera.store.summary.IntervalStates;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.ViewSnapshot;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The demo's main job: generate data, build pane states for three views, then answer windowed
 * queries from the views and, side by side, exactly from the raw samples.
 */
public final class DemoRunner {

    public record Options(int series, long durationMs, long scrapeIntervalMs, long paneMs, long windowMs, long seed) {
        public static final Options DEFAULTS = new Options(2_000, 6 * 3_600_000L, 15_000, 300_000, 3_600_000, 42);
    }

    private static final double Q = 0.99;
    private static final int TIMED_RUNS = 5;
    private static final String QUANTILE_QUERY = "quantile_over_time(0.99, latency) by job";
    private static final String SUM_QUERY = "sum_over_time(latency) by job";
    private static final String RATE_QUERY = "sum by (job) (rate(http_requests_total[w]))";

    private final Options options;
    private final PrintStream out;

    public DemoRunner(Options options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    /** Runs the demo; returns the largest relative error of an exact family (0 when all agree). */
    public Result run() {
        long start = 1_767_225_600_000L;
        long t0 = System.nanoTime();
        DemoData data = new DemoData(options.series(), options.durationMs(), options.scrapeIntervalMs(), start, options.seed());
        out.printf(Locale.ROOT, "Tessera demo: %,d series x %s at %d s scrape, %,d raw samples (a latency gauge and a request counter per series), generated in %s%n",
                options.series(), hours(options.durationMs()), options.scrapeIntervalMs() / 1000, data.sampleCount(), ms(t0));

        PaneGrid grid = PaneGrid.of(options.paneMs());
        SummaryStore summaries = new SummaryStore();
        Labels[] byJob = new Labels[data.series];
        Labels[] bySeries = new Labels[data.series];
        for (int s = 0; s < data.series; s++) {
            byJob[s] = Labels.of("job", data.jobOf[s]);
            bySeries[s] = data.requestSeries[s].withoutMetricName();
        }
        DemoView quantiles = new DemoView("kll(http_request_duration_seconds) by job", grid, data, data.latency, byJob, KllState::new, summaries);
        DemoView sums = new DemoView("sum(http_request_duration_seconds) by job", grid, data, data.latency, byJob, SumState::new, summaries);
        DemoView counters = new DemoView("counter(http_requests_total) by series", grid, data, data.requests, bySeries, CounterState::new, summaries);
        long t1 = System.nanoTime();
        long states = quantiles.build() + sums.build() + counters.build();
        out.printf(Locale.ROOT, "Built %d s panes (the gcd of the 1 h window and the 5 min dashboard step) for 3 views: %,d states in the summary store in %s%n%n",
                options.paneMs() / 1000, states, ms(t1));

        long evalTime = data.end() - 23_456;
        Interval window = Interval.ending(evalTime, options.windowMs());
        Interval covered = grid.coveredPart(window);
        out.printf(Locale.ROOT, "Instant queries at T = %s over (T - %s, T]: T is off the pane grid, so each window is %d whole panes%n"
                        + "plus exact states built from the raw samples of its %d s head and %d s tail.%n%n",
                Instant.ofEpochMilli(evalTime), hours(options.windowMs()), grid.paneCount(window),
                (covered.start() - window.start()) / 1000, (window.end() - covered.end()) / 1000);
        Result result = new Result();
        Interval longWindow = new Interval(data.start + 12_345, evalTime);
        List<String[]> timings = new ArrayList<>();
        timings.add(new String[] {"query (all jobs)", "window", "accelerated ms", "exact ms", "speed-up"});
        timings.addAll(instantQueries(data, quantiles, sums, counters, window, true, result));
        timings.addAll(instantQueries(data, quantiles, sums, counters, longWindow, false, result));
        printTable(timings, 2);
        out.println("(median of " + TIMED_RUNS + " runs after warm-up; exact answers read plain in-memory arrays, the best case for a raw scan)");
        out.println();
        rangeQuery(data, quantiles, grid, result);
        return result;
    }

    /** Answers the three instant queries both ways; prints the answers if asked, returns timing rows. */
    private List<String[]> instantQueries(DemoData data, DemoView quantiles, DemoView sums, DemoView counters,
            Interval window, boolean printAnswers, Result result) {
        Map<String, double[]> exactSorted = new HashMap<>();
        Timing quantileTiming = time(() -> quantiles.window(quantiles.snapshot(), window),
                () -> {
                    for (String job : DemoData.JOBS) {
                        exactSorted.put(job, ExactAnswers.sortedValues(data, data.latency, job, window));
                    }
                    return exactSorted;
                });
        Map<Labels, State> q = quantiles.window(quantiles.snapshot(), window);
        Map<String, Double> exactSums = new HashMap<>();
        Timing sumTiming = time(() -> sums.window(sums.snapshot(), window),
                () -> {
                    for (String job : DemoData.JOBS) {
                        exactSums.put(job, ExactAnswers.sum(data, data.latency, job, window));
                    }
                    return exactSums;
                });
        Map<Labels, State> sm = sums.window(sums.snapshot(), window);
        Map<String, Double> exactRates = new HashMap<>();
        Timing rateTiming = time(() -> sumOfRatesByJob(counters.window(counters.snapshot(), window), window),
                () -> {
                    for (String job : DemoData.JOBS) {
                        exactRates.put(job, ExactAnswers.sumOfRates(data, job, window));
                    }
                    return exactRates;
                });
        Map<String, Double> rates = sumOfRatesByJob(counters.window(counters.snapshot(), window), window);

        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"query", "job", "accelerated", "exact", "error"});
        for (String job : DemoData.JOBS) {
            Labels group = Labels.of("job", job);
            double[] sorted = exactSorted.get(job);
            KllState kll = (KllState) q.get(group);
            double estimate = kll.quantile(Q);
            double rankError = Math.abs(ExactAnswers.rank(sorted, estimate) - Q);
            result.maxRankError = Math.max(result.maxRankError, rankError);
            result.rankBound = kll.errorBound().error();
            rows.add(new String[] {QUANTILE_QUERY, job, num(estimate), num(ExactAnswers.quantile(sorted, Q)),
                    String.format(Locale.ROOT, "rank %.2f%% (%s)", rankError * 100, kll.errorBound().describe())});
        }
        for (String job : DemoData.JOBS) {
            double accelSum = ((SumState) sm.get(Labels.of("job", job))).value();
            double sumError = relative(accelSum, exactSums.get(job));
            result.maxExactError = Math.max(result.maxExactError, sumError);
            rows.add(new String[] {SUM_QUERY, job, num(accelSum), num(exactSums.get(job)),
                    String.format(Locale.ROOT, "relative %.1e (exact family)", sumError)});
        }
        for (String job : DemoData.JOBS) {
            double rateError = relative(rates.get(job), exactRates.get(job));
            result.maxExactError = Math.max(result.maxExactError, rateError);
            rows.add(new String[] {RATE_QUERY, job, num(rates.get(job)), num(exactRates.get(job)),
                    String.format(Locale.ROOT, "relative %.1e (exact family)", rateError)});
        }
        if (printAnswers) {
            printTable(rows, 2);
            out.println();
        }
        String w = hours(window.length());
        return List.of(quantileTiming.row(QUANTILE_QUERY, w), sumTiming.row(SUM_QUERY, w), rateTiming.row(RATE_QUERY, w));
    }

    private void rangeQuery(DemoData data, DemoView view, PaneGrid grid, Result result) {
        long step = 5 * 60_000L;
        long end = grid.floor(data.end());
        long start = Math.max(data.start + options.windowMs(), end - 5 * 3_600_000L);
        start = end - ((end - start) / step) * step;
        int steps = (int) ((end - start) / step) + 1;

        long a0 = System.nanoTime();
        ViewSnapshot snapshot = view.snapshot();
        List<Interval> panes = grid.panesWithin(new Interval(start - options.windowMs(), end));
        IntervalStates read = snapshot.readExactBatch(panes);
        int panesPerWindow = (int) (options.windowMs() / grid.width());
        int panesPerStep = (int) (step / grid.width());
        double[][] estimates = new double[steps][DemoData.JOBS.length];
        for (int k = 0; k < steps; k++) {
            State[] merged = new State[snapshot.groupCount()];
            int first = k * panesPerStep;
            for (int p = first; p < first + panesPerWindow; p++) {
                if (!read.isStored(p)) {
                    throw new IllegalStateException("pane " + read.interval(p) + " is missing from the view");
                }
                DemoView.mergeInterval(merged, read, p);
            }
            for (int g = 0; g < merged.length; g++) {
                if (merged[g] != null) {
                    estimates[k][jobIndex(read.group(g).get("job"))] = ((KllState) merged[g]).quantile(Q);
                }
            }
        }
        double accelMs = elapsedMs(a0);

        long e0 = System.nanoTime();
        double maxRankError = 0;
        for (int k = 0; k < steps; k++) {
            Interval window = Interval.ending(start + k * step, options.windowMs());
            for (int j = 0; j < DemoData.JOBS.length; j++) {
                double[] sorted = ExactAnswers.sortedValues(data, data.latency, DemoData.JOBS[j], window);
                maxRankError = Math.max(maxRankError, Math.abs(ExactAnswers.rank(sorted, estimates[k][j]) - Q));
            }
        }
        double exactMs = elapsedMs(e0);
        result.maxRankError = Math.max(result.maxRankError, maxRankError);
        out.printf(Locale.ROOT, "Range query: quantile_over_time(0.99, latency[1h]) by job, every %d min over the last %s (%d steps x %d jobs)%n",
                step / 60_000, hours(end - start), steps, DemoData.JOBS.length);
        out.printf(Locale.ROOT, "  accelerated: one readExactBatch of %d panes, %d windows merged: %s ms%n", panes.size(), steps, ms2(accelMs));
        out.printf(Locale.ROOT, "  exact from raw samples (sort each window):            %s ms%n", ms2(exactMs));
        out.printf(Locale.ROOT, "  speed-up %.1fx; largest rank error over all steps %.2f%% (bound %.2f%% at 99%% confidence)%n",
                exactMs / accelMs, maxRankError * 100, result.rankBound * 100);
    }

    private static int jobIndex(String job) {
        return java.util.Arrays.asList(DemoData.JOBS).indexOf(job);
    }

    private static Map<String, Double> sumOfRatesByJob(Map<Labels, State> perSeries, Interval window) {
        Map<String, Double> byJob = new HashMap<>();
        for (Map.Entry<Labels, State> e : perSeries.entrySet()) {
            double r = ((CounterState) e.getValue()).rate(window.start(), window.end());
            if (!Double.isNaN(r)) {
                byJob.merge(e.getKey().get("job"), r, Double::sum);
            }
        }
        return byJob;
    }

    private record Timing(double acceleratedMs, double exactMs) {
        String[] row(String query, String window) {
            return new String[] {query, window, ms2(acceleratedMs), ms2(exactMs),
                    String.format(Locale.ROOT, "%.1fx", exactMs / acceleratedMs)};
        }
    }

    /** Median wall time of each side after two warm-up runs. */
    private static Timing time(java.util.function.Supplier<?> accelerated, java.util.function.Supplier<?> exact) {
        return new Timing(median(accelerated), median(exact));
    }

    private static double median(java.util.function.Supplier<?> work) {
        for (int i = 0; i < 5; i++) {
            work.get();
        }
        double[] runs = new double[TIMED_RUNS];
        for (int i = 0; i < TIMED_RUNS; i++) {
            long t = System.nanoTime();
            work.get();
            runs[i] = elapsedMs(t);
        }
        java.util.Arrays.sort(runs);
        return runs[TIMED_RUNS / 2];
    }

    private void printTable(List<String[]> rows, int firstNumericColumn) {
        int[] width = new int[rows.getFirst().length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean numeric = i >= firstNumericColumn && !row[i].contains("(");
                String cell = numeric ? " ".repeat(width[i] - row[i].length()) + row[i] : row[i] + " ".repeat(width[i] - row[i].length());
                sb.append(cell).append(i + 1 < row.length ? "  " : "");
            }
            out.println(sb.toString().stripTrailing());
        }
    }

    /** What the demo found, for its test. */
    public static final class Result {
        public double maxRankError;
        public double rankBound;
        public double maxExactError;
    }

    private static double relative(double a, double b) {
        return a == b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private static String ms(long startNanos) {
        return String.format(Locale.ROOT, "%.2f s", (System.nanoTime() - startNanos) / 1e9);
    }

    private static double elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }

    private static String ms2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String hours(long millis) {
        if (millis % 3_600_000 == 0) {
            return millis / 3_600_000 + " h";
        }
        return millis % 60_000 == 0 ? millis / 60_000 + " min" : String.format(Locale.ROOT, "%.2f h", millis / 3_600_000.0);
    }
}
