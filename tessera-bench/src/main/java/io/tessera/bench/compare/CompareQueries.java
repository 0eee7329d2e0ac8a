package io.tessera.bench.compare;

import io.tessera.bench.accel.AccelQuery;
import io.tessera.bench.accel.AccelQuery.ErrorKind;
import java.util.List;

/**
 * The query suite of {@code bench compare}: the shapes views accelerate (windowed
 * {@code *_over_time}, quantiles over time, {@code increase}, a dashboard's
 * {@code sum by (job) (rate)} range query, a {@code topk} of rates), on the pane grid and off it,
 * and shapes no view covers (aggregations of instant selectors, {@code stddev_over_time}, a short
 * {@code rate}), which Tessera answers exactly. Whether each one was answered from a view is read
 * from the response, not assumed.
 */
final class CompareQueries {

    private CompareQueries() {
    }

    static List<AccelQuery> all() {
        return List.of(
                q("quantile_over_time 0.99 [1h]", "quantile_over_time(0.99, x[1h])", false, true, ErrorKind.RANK_OVER_TIME),
                q("quantile_over_time 0.99 [1h], off grid", "quantile_over_time(0.99, x[1h])", false, false,
                        ErrorKind.RANK_OVER_TIME),
                q("quantile_over_time 0.5 [1h]", "quantile_over_time(0.5, x[1h])", false, true, ErrorKind.RANK_OVER_TIME),
                q("sum_over_time [1h]", "sum_over_time(x[1h])", false, true, ErrorKind.RELATIVE),
                q("sum_over_time [1h], off grid", "sum_over_time(x[1h])", false, false, ErrorKind.RELATIVE),
                q("avg_over_time [1h]", "avg_over_time(x[1h])", false, true, ErrorKind.RELATIVE),
                q("max_over_time [1h]", "max_over_time(x[1h])", false, true, ErrorKind.RELATIVE),
                q("count_over_time [1h]", "count_over_time(x[1h])", false, true, ErrorKind.RELATIVE),
                q("increase [1h]", "increase(c[1h])", false, true, ErrorKind.RELATIVE),
                q("increase [1h], off grid", "increase(c[1h])", false, false, ErrorKind.RELATIVE),
                q("sum by job rate [5m], range 1h", "sum by (job) (rate(c[5m]))", true, true, ErrorKind.RELATIVE),
                q("topk 5 sum by instance rate [5m]", "topk(5, sum by (instance) (rate(c[5m])))", false, true,
                        ErrorKind.RELATIVE),
                q("quantile by job 0.99 (instant selector)", "quantile by (job) (0.99, x)", false, true, ErrorKind.RANK_BY_JOB),
                q("max by job (instant selector)", "max by (job) (x)", false, true, ErrorKind.RELATIVE),
                q("sum by job, range 1h", "sum by (job) (x)", true, true, ErrorKind.RELATIVE),
                q("stddev_over_time [1h]", "stddev_over_time(x[1h])", false, true, ErrorKind.RELATIVE),
                q("rate [1m]", "rate(c[1m])", false, true, ErrorKind.RELATIVE));
    }

    private static AccelQuery q(String name, String text, boolean range, boolean onGrid, ErrorKind error) {
        return new AccelQuery(name, text, range, onGrid, error, true);
    }
}
