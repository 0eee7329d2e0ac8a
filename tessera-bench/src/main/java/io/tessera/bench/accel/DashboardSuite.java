package io.tessera.bench.accel;

import io.tessera.bench.accel.AccelQuery.ErrorKind;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import java.util.List;
import java.util.Locale;

/**
 * The dashboard a team runs all day over the bench's datasets: nine instant panels refreshed every
 * 15 s at "now" (nothing aligns them to a grid) and one range panel over the last hour at 15 s steps
 * refreshed every 30 s (its steps aligned to the step, as Grafana asks them). The plan is the
 * planner's own, for this dashboard as a workload file would declare it.
 */
final class DashboardSuite {

    static final long PANEL_REFRESH_MS = 15_000;
    static final long RANGE_REFRESH_MS = 30_000;
    static final long RANGE_MS = 3_600_000;
    static final long STEP_MS = 15_000;

    private DashboardSuite() {}

    static List<AccelQuery> queries() {
        return List.of(
                instant("quantile_over_time 0.99", "quantile_over_time(0.99, x[1h])", ErrorKind.RANK_OVER_TIME),
                instant("quantile_over_time 0.5", "quantile_over_time(0.5, x[1h])", ErrorKind.RANK_OVER_TIME),
                instant("sum_over_time", "sum_over_time(x[1h])", ErrorKind.RELATIVE),
                instant("avg_over_time", "avg_over_time(x[1h])", ErrorKind.RELATIVE),
                instant("max_over_time", "max_over_time(x[1h])", ErrorKind.RELATIVE),
                instant("count_over_time", "count_over_time(x[1h])", ErrorKind.RELATIVE),
                instant("increase 1h", "increase(c[1h])", ErrorKind.RELATIVE),
                new AccelQuery(
                        "sum by job rate, range 1h",
                        "sum by (job) (rate(c[5m]))",
                        true,
                        false,
                        ErrorKind.RELATIVE,
                        true),
                instant("quantile by job 0.99", "quantile by (job) (0.99, x)", ErrorKind.RANK_BY_JOB),
                instant("topk 5 sum by instance rate", "topk(5, sum by (instance) (rate(c[5m])))", ErrorKind.RELATIVE));
    }

    private static AccelQuery instant(String name, String text, ErrorKind error) {
        return new AccelQuery(name, text, false, false, error, true);
    }

    /** The dashboard as a workload file declares it, with the dataset's series count and scrape interval. */
    static String workloadYaml(AccelDataset d) {
        StringBuilder y = new StringBuilder();
        y.append("series: ").append(d.series()).append('\n');
        y.append("scrape_interval: ").append(d.intervalMs() / 1000).append("s\n");
        y.append("queries:\n");
        for (AccelQuery q : queries()) {
            y.append("  - query: '").append(q.text()).append("'\n");
            if (q.range()) {
                y.append(String.format(
                        Locale.ROOT,
                        "    type: range%n    range: %ds%n    step: %ds%n    every: %ds%n",
                        RANGE_MS / 1000,
                        STEP_MS / 1000,
                        RANGE_REFRESH_MS / 1000));
            } else {
                y.append(String.format(Locale.ROOT, "    type: instant%n    every: %ds%n", PANEL_REFRESH_MS / 1000));
            }
        }
        return y.toString();
    }

    static PlanResult plan(AccelDataset d) {
        return Planner.plan(Workload.parse(workloadYaml(d)));
    }

    /** The p50 ratio, Prometheus over Tessera, a row must reach. */
    static double target(String dataset, AccelQuery q) {
        if (q.text().startsWith("quantile_over_time")) {
            return dataset.equals("a") ? 50 : 100;
        }
        if (q.text().startsWith("quantile by") || q.text().startsWith("topk")) {
            return 10;
        }
        return 100;
    }
}
