package io.tessera.bench.compare;

import io.tessera.bench.accel.AccelQuery;
import io.tessera.bench.accel.AccelQuery.ErrorKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The query suite of {@code bench compare}: the shapes views accelerate (windowed
 * {@code *_over_time}, quantiles over time, {@code increase}, a dashboard's
 * {@code sum by (job) (rate)} range query, a {@code topk} of rates), each evaluated on the
 * workload's evaluation grid and off it, and shapes the planner gives no view (aggregations of
 * instant selectors, {@code stddev_over_time}, a short {@code rate}), which Tessera answers
 * exactly unless the plan says otherwise. Whether each one was answered from a view, and from
 * which kind, is read from the response, not assumed.
 */
final class CompareQueries {

    private CompareQueries() {}

    static List<AccelQuery> all() {
        List<AccelQuery> q = new ArrayList<>();
        both(q, "quantile_over_time 0.99 [1h]", "quantile_over_time(0.99, x[1h])", false, ErrorKind.RANK_OVER_TIME);
        both(q, "quantile_over_time 0.5 [1h]", "quantile_over_time(0.5, x[1h])", false, ErrorKind.RANK_OVER_TIME);
        for (String f : List.of("sum", "avg", "max", "count")) {
            both(q, f + "_over_time [1h]", f + "_over_time(x[1h])", false, ErrorKind.RELATIVE);
        }
        both(q, "increase [1h]", "increase(c[1h])", false, ErrorKind.RELATIVE);
        both(q, "sum by job rate [5m], range 1h", "sum by (job) (rate(c[5m]))", true, ErrorKind.RELATIVE);
        both(
                q,
                "topk 5 sum by instance rate [5m]",
                "topk(5, sum by (instance) (rate(c[5m])))",
                false,
                ErrorKind.RELATIVE);
        q.add(q(
                "quantile by job 0.99 (instant selector)",
                "quantile by (job) (0.99, x)",
                false,
                true,
                ErrorKind.RANK_BY_JOB));
        q.add(q("max by job (instant selector)", "max by (job) (x)", false, true, ErrorKind.RELATIVE));
        q.add(q("sum by job, range 1h", "sum by (job) (x)", true, true, ErrorKind.RELATIVE));
        q.add(q("stddev_over_time [1h]", "stddev_over_time(x[1h])", false, true, ErrorKind.RELATIVE));
        q.add(q("rate [1m]", "rate(c[1m])", false, true, ErrorKind.RELATIVE));
        return List.copyOf(q);
    }

    private static void both(List<AccelQuery> into, String name, String text, boolean range, ErrorKind error) {
        into.add(q(name, text, range, true, error));
        into.add(q(name + ", off grid", text, range, false, error));
    }

    private static AccelQuery q(String name, String text, boolean range, boolean onGrid, ErrorKind error) {
        return new AccelQuery(name, text, range, onGrid, error, true);
    }
}
