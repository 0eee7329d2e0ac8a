package io.tessera.bench.compare;

import io.tessera.bench.accel.AccelQuery.ErrorKind;
import io.tessera.core.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The summary table on stdout and the Markdown report {@code compare-<series>.md} with its plots. */
final class CompareReport {

    private CompareReport() {}

    /** Writes the report and its two plots into {@code dir}; returns the files written. */
    static List<Path> write(CompareRun run, Path dir) throws IOException {
        Files.createDirectories(dir);
        String stem = "compare-" + run.setup().dataset().series();
        Path latency = dir.resolve(stem + "-latency.png");
        Path ratio = dir.resolve(stem + "-ratio.png");
        ComparePlots.latency(run, latency);
        ComparePlots.ratio(run, ratio);
        Path report = dir.resolve(stem + ".md");
        Files.writeString(
                report,
                markdown(
                        run,
                        latency.getFileName().toString(),
                        ratio.getFileName().toString()));
        return List.of(report, latency, ratio);
    }

    static String markdown(CompareRun run, String latencyPng, String ratioPng) {
        CompareSetup s = run.setup();
        CompareDataset d = s.dataset();
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT, "# `tessera bench compare`: %,d series, Tessera against Prometheus%n%n", d.series()));
        b.append("```\n").append(s.commandLine()).append("\n```\n\n");
        b.append(String.format(
                Locale.ROOT,
                "Run %s on %d cores and %s of memory, both servers and the client on one machine"
                        + " over loopback. Prometheus: %s. Tessera: `tessera serve` in its own JVM (Java %s, -Xmx%s), in"
                        + " memory.%n%n",
                Instant.now().truncatedTo(ChronoUnit.SECONDS),
                Runtime.getRuntime().availableProcessors(),
                MachineMemory.describe(),
                s.prometheusVersion(),
                Runtime.version().feature(),
                s.heap()));
        b.append(String.format(
                Locale.ROOT,
                "**Dataset.** %,d series: %,d gauges `x` and %,d counters `c` (labels `job`, %d"
                        + " values, and `instance`, one per x/c pair), one sample every %s for %s, each series at its own"
                        + " offset off the whole second. `x` is %s, scaled by 1 to 5 per series; `c` grows by about %s per"
                        + " scrape, and %.0f%% of the counters reset to zero once. %.0f%% of the series stop in the second half"
                        + " of the data with a stale marker. Up to %,d samples per server (seed %d).%n%n",
                d.series(),
                d.pairs(),
                d.pairs(),
                d.jobs(),
                Durations.format(d.intervalMs()),
                Durations.format(d.intervalMs() * d.scrapes()),
                d.distribution().name().toLowerCase(Locale.ROOT),
                trim(d.counterRate()),
                100 * d.resetFraction(),
                100 * d.staleFraction(),
                d.samples(),
                d.seed()));
        b.append(String.format(
                Locale.ROOT,
                "**Procedure.** The same data goes to both over remote write (%s connections' worth of"
                        + " 5-minute blocks, in time order), Tessera first, without a plan. Then the planner's plan is installed"
                        + " over `POST /api/v1/plan`, for a workload of the suite: every instant query a rule evaluated every"
                        + " minute on the minute, every range query a dashboard panel over 1 h at 15 s steps refreshed every"
                        + " 30 s; the bench waits for the ingestion runs to build the loaded data's views. Each query then gets"
                        + " %d unmeasured and %d measured runs on Prometheus, on Tessera and on Tessera with"
                        + " `accelerate=false` (its exact engine, the same server), in turn. Instant queries are evaluated 2 min"
                        + " before the data's end on the minute, on the rules' evaluation grid (or 23.457 s before that: *off"
                        + " grid*); range queries span the hour up to that time at 15 s steps (off grid: shifted by the"
                        + " same 23.457 s, off the panel's step grid). Machine load average (1, 5, 15 min): %s.%n%n",
                "two",
                s.warmups(),
                s.runs(),
                run.machineLoad()));
        b.append("**Plan** (the planner's explanation, one line per view and per query it gives none):\n\n");
        for (String line : run.planLines()) {
            b.append("- ").append(line).append('\n');
        }
        List<String> texts = new ArrayList<>();
        for (CompareRow r : run.rows()) {
            if (!texts.contains(r.query().text())) {
                texts.add(r.query().text());
            }
        }
        b.append("\nThe plan's query numbers are the workload's queries, the suite's distinct texts:");
        for (int q = 0; q < texts.size(); q++) {
            b.append(q == 0 ? " " : ", ")
                    .append('[')
                    .append(q)
                    .append("] `")
                    .append(texts.get(q))
                    .append('`');
        }
        b.append(".\n\n");

        b.append("## Ingest and memory\n\n");
        b.append("| | Tessera | Prometheus |\n|---|---:|---:|\n");
        b.append(String.format(
                Locale.ROOT,
                "| remote-write load | %,d samples in %.1f s | %,d samples in %.1f s |%n",
                run.tesseraLoad().samples(),
                run.tesseraLoad().nanos() / 1e9,
                run.prometheusLoad().samples(),
                run.prometheusLoad().nanos() / 1e9));
        b.append(String.format(
                Locale.ROOT,
                "| ingest rate | %,.0f samples/s | %,.0f samples/s |%n",
                run.tesseraLoad().samplesPerSecond(),
                run.prometheusLoad().samplesPerSecond()));
        b.append(String.format(
                Locale.ROOT,
                "| resident memory (VmRSS) after loading | %s | %s |%n",
                mib(run.tesseraRssBytes()),
                mib(run.prometheusRssBytes())));
        b.append(String.format(
                Locale.ROOT,
                "| resident memory after the views were built / at the end | %s / %s | %s |%n",
                mib(run.tesseraViewsRssBytes()),
                mib(run.tesseraMemory().rssAtEndBytes()),
                mib(run.prometheusEndRssBytes())));
        b.append(String.format(
                Locale.ROOT,
                "| live heap after a full collection: after loading / with the views built | %s / %s | |%n%n",
                mib(run.tesseraMemory().liveHeapAfterLoadBytes()),
                mib(run.tesseraMemory().liveHeapWithViewsBytes())));
        b.append(String.format(
                Locale.ROOT,
                "%d views; their ingestion runs %s in %.0f s after the plan was installed."
                        + " Ingest rate: samples sent over wall time of the whole load, no views yet; Tessera's JVM keeps"
                        + " garbage up to its heap limit, so its RSS is an upper bound of what it needs.%n%n",
                run.views(),
                run.caughtUp() ? "caught up" : "had NOT caught up",
                run.catchUpSeconds()));

        b.append("## Queries\n\n");
        b.append(
                "| # | query | type | answered | Prom p50 | Prom p95 | Tessera p50 | Tessera p95 | Prom/Tessera p50 | Tessera exact p50 | exact/Tessera p50 | error | exact error |\n");
        b.append("|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        int i = 0;
        for (CompareRow r : run.rows()) {
            i++;
            b.append(String.format(
                    Locale.ROOT,
                    "| %d | %s `%s` | %s | %s | %s | %s |%n",
                    i,
                    r.query().name(),
                    r.query().text(),
                    timings("%s | %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.1fx | %s", r, "–"),
                    r.exact() == null ? "–" : String.format(Locale.ROOT, "%.1fx", r.viewGain()),
                    error(r.query().error(), r.error()),
                    Double.isNaN(r.exactError()) ? "–" : error(r.query().error(), r.exactError())));
        }
        b.append("\n").append(verdict(run)).append("\n\n");
        b.append("![p50 latency per query, log scale](").append(latencyPng).append(")\n\n");
        b.append("![Prometheus p50 over Tessera p50 per query, log scale](")
                .append(ratioPng)
                .append(")\n\n");
        b.append("""
                **Columns.** p50 and p95 by nearest rank over the measured runs, wall time from sending the request to the \
                last byte of the answer. *answered*, from the `infos` of every Tessera run: `grid view` (the values kept \
                at every point of the evaluation grid by ingestion runs), `pane view` (pane states merged over the window, \
                exact states from raw data for the edges off the panes), `exact` (from raw data), `mixed` when the runs \
                differed. *exact/Tessera p50*: Tessera's exact p50 over its p50 as deployed, what the views gained on the \
                same server (1.0x for queries answered exactly). *error*: of Tessera's answer against Prometheus' answer: `rel` is the largest relative \
                difference over all series and points (exact families); `rank` is the largest distance, in normalized \
                rank, of Tessera's quantile from the ranks its value has among the raw samples of its window (fetched from \
                Prometheus), the measure the sketches' error bound is stated in. A series missing on one side counts as an \
                infinite error. *exact error*: the same for Tessera with `accelerate=false`.

                **Caveat.** One small machine runs both servers and the client; timings move by tens of percent from run to \
                run. Compare the ratios measured side by side, not absolute times.
                """);
        return b.toString();
    }

    /** The table printed at the end of a run. */
    static String summary(CompareRun run) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "%-42s %-8s %-9s %10s %10s %10s %10s %8s %10s %12s%n",
                "query",
                "type",
                "answer",
                "Prom p50",
                "Prom p95",
                "Tess p50",
                "Tess p95",
                "ratio",
                "exact p50",
                "error"));
        for (CompareRow r : run.rows()) {
            b.append(String.format(
                    Locale.ROOT,
                    "%-42s %s %12s%n",
                    r.query().name(),
                    timings("%-8s %-9s %7.2f ms %7.2f ms %7.2f ms %7.2f ms %7.1fx %10s", r, "-"),
                    error(r.query().error(), r.error())));
        }
        b.append(String.format(
                Locale.ROOT,
                "ingest: Tessera %,.0f samples/s, Prometheus %,.0f samples/s; resident memory after"
                        + " loading: Tessera %s, Prometheus %s; Tessera with views %s%n",
                run.tesseraLoad().samplesPerSecond(),
                run.prometheusLoad().samplesPerSecond(),
                mib(run.tesseraRssBytes()),
                mib(run.prometheusRssBytes()),
                mib(run.tesseraViewsRssBytes())));
        b.append(verdict(run)).append('\n');
        return b.toString();
    }

    /** Geometric means of the ratio over view-answered and over exact rows, and the worst errors. */
    static String verdict(CompareRun run) {
        List<CompareRow> views =
                run.rows().stream().filter(CompareRow::fromView).toList();
        List<CompareRow> exact = run.rows().stream().filter(r -> !r.fromView()).toList();
        return String.format(
                Locale.ROOT,
                "%d of %d queries answered from views: Prometheus/Tessera p50 geometric mean %s over"
                        + " those, %s over the %d answered exactly; worst relative error %.1e, worst rank error %.2f%%.",
                views.size(),
                run.rows().size(),
                geometricMeanRatio(views),
                geometricMeanRatio(exact),
                exact.size(),
                worstError(run, true),
                100 * worstError(run, false));
    }

    /** The geometric mean of the rows' Prometheus/Tessera ratios, as "1.0x"; "–" for no rows. */
    private static String geometricMeanRatio(List<CompareRow> rows) {
        if (rows.isEmpty()) {
            return "–";
        }
        double logs = 0;
        for (CompareRow r : rows) {
            logs += Math.log(r.ratio());
        }
        return String.format(Locale.ROOT, "%.1fx", Math.exp(logs / rows.size()));
    }

    /** The largest relative error ({@code relative}) or rank error (not) of the rows; 0 for none. */
    private static double worstError(CompareRun run, boolean relative) {
        double worst = 0;
        for (CompareRow r : run.rows()) {
            if ((r.query().error() == ErrorKind.RELATIVE) == relative) {
                worst = Math.max(worst, r.error());
            }
        }
        return worst;
    }

    /**
     * A row's kind, how it was answered, p50 and p95 of both sides, their ratio and the exact p50
     * ({@code none} when not measured), laid out by {@code format}.
     */
    private static String timings(String format, CompareRow r, String none) {
        return String.format(
                Locale.ROOT,
                format,
                r.kind(),
                r.answered().label,
                r.prometheusP50(),
                r.prometheus().percentileMillis(95),
                r.tesseraP50(),
                r.tessera().percentileMillis(95),
                r.ratio(),
                r.exact() == null
                        ? none
                        : String.format(Locale.ROOT, "%.2f ms", r.exact().percentileMillis(50)));
    }

    private static String error(ErrorKind kind, double e) {
        return String.format(Locale.ROOT, "%s %.2e", kind == ErrorKind.RELATIVE ? "rel" : "rank", e);
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "unknown" : String.format(Locale.ROOT, "%,.0f MiB", bytes / 1048576.0);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
