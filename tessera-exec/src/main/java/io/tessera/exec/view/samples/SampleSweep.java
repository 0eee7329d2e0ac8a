package io.tessera.exec.view.samples;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.op.Aggregations;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.SampleRunState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code rate}, {@code increase} and {@code delta} at every step of a run, wherever the steps
 * fall, from a view that keeps each series' samples ({@link SampleRunState} panes). Each series'
 * runs are walked once: two cursors (the first sample after the window's start, the first after
 * its end) only move forward as the steps do, the reset correction between them is a difference
 * of the runs' running sums, and the extrapolation is Prometheus' — so a window costs the same
 * whether its edges lie on a pane grid or not. The panes of every step come from one view read;
 * the newest panes, while ingestion runs have not built them yet, are read raw.
 */
public final class SampleSweep {

    private SampleSweep() {}

    /** {@code f} at every step of {@code grid}, read from {@code source}'s view. */
    public static InstantVector evaluate(ViewRangeFunction f, SampleSource source, StepGrid grid) {
        return sweep(f, source, grid, null);
    }

    /**
     * {@code sum by/without (grouping) (f)} at every step, summed while the sweep goes (no answer
     * per series is kept): within a group, series are added in their order with Kahan–Neumaier
     * compensation as the engine's {@code sum} adds them; the parts of a run split over threads
     * are added after one another.
     */
    public static InstantVector evaluateSum(
            ViewRangeFunction f, SampleSource source, StepGrid grid, SumGrouping grouping) {
        return sweep(f, source, grid, grouping);
    }

    private static InstantVector sweep(ViewRangeFunction f, SampleSource source, StepGrid grid, SumGrouping grouping) {
        SampleRuns runs = SampleRuns.gather(f, source, grid);
        return sweep(
                source.view().definitionId(),
                runs,
                SweptFunction.of(
                        RangeFunctionKind.byName(f.function())
                                .flatMap(RangeFunctionKind::extrapolation)
                                .orElseThrow(),
                        grid,
                        f.windowMs()),
                source.context(),
                grouping,
                source.oneMetric());
    }

    private static InstantVector sweep(
            String viewId,
            SampleRuns runs,
            SweptFunction function,
            RunContext context,
            SumGrouping sum,
            boolean oneMetric) {
        StepGrid grid = function.grid();
        long w = function.windowMs();
        int series = runs.labels.size();
        Set<String> names = new HashSet<>();
        for (int s = 0; s < series && !oneMetric && names.size() < 2; s++) {
            names.add(runs.labels.get(s).metricName());
        }
        Labels[] outLabels = null;
        if (names.size() > 1 || sum == null) {
            Set<Labels> seen = names.size() > 1 ? new HashSet<>() : null;
            outLabels = new Labels[series];
            for (int s = 0; s < series; s++) {
                outLabels[s] = runs.labels.get(s).withoutMetricName();
                if (seen != null && !seen.add(outLabels[s])) {
                    throw new MissingStateException(
                            viewId,
                            new Interval(grid.start() - w, grid.last()),
                            "two series differ only in their metric name");
                }
            }
        }
        InstantVector out;
        int[] groupOf = null;
        if (sum == null) {
            out = new InstantVector(grid, Math.max(series, 1));
            for (Labels l : outLabels) {
                out.addSeries(l);
            }
        } else {
            groupOf = new int[series];
            Map<Labels, Integer> groups = new HashMap<>();
            List<Labels> groupLabels = new ArrayList<>();
            // the function drops the metric name: grouping by it groups by nothing
            List<String> grouping = sum.without()
                    ? sum.labels()
                    : sum.labels().stream()
                            .filter(l -> !l.equals(Labels.METRIC_NAME))
                            .toList();
            Labels[] keys = new Labels[series];
            Parts.inParts(series, Parts.parts(series, series * 64L), (k, from, to) -> {
                for (int s = from; s < to; s++) {
                    keys[s] = Aggregations.groupLabels(runs.labels.get(s), grouping, sum.without());
                }
            });
            for (int s = 0; s < series; s++) {
                Labels g = keys[s];
                Integer id = groups.get(g);
                if (id == null) {
                    id = groupLabels.size();
                    groups.put(g, id);
                    groupLabels.add(g);
                }
                groupOf[s] = id;
            }
            out = new InstantVector(grid, Math.max(groupLabels.size(), 1));
            for (Labels g : groupLabels) {
                out.addSeries(g);
            }
        }
        long work = (long) series * grid.size();
        // series (or groups) without a point, fewer than two samples in every window, are dropped below, as the exact
        // engine drops them
        int parts = Parts.parts(series, work);
        SweepWalker[] walkers = new SweepWalker[parts];
        for (int k = 0; k < parts; k++) {
            walkers[k] = new SweepWalker(
                    out,
                    groupOf == null ? null : new GroupSums(groupOf, out.size(), grid.size()),
                    runs,
                    function,
                    context);
        }
        Parts.inParts(series, parts, (k, from, to) -> walkers[k].walk(from, to));
        if (groupOf != null) {
            GroupSums total = walkers[0].sums;
            for (int k = 1; k < parts; k++) {
                total.add(walkers[k].sums);
            }
            total.writeTo(out);
        }
        return Aggregations.dropEmpty(out);
    }
}
