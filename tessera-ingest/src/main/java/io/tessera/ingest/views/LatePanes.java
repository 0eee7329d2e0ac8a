package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Scan;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which built panes of one view a write's late samples reach: only samples of series one of the
 * view's Scans selects, and only the panes whose ingestion run reads them — the pane holding the
 * sample for a view of samples, every pane whose end lies in {@code [t, t + look-back]} for a view
 * of values kept at pane ends.
 */
final class LatePanes {

    private final List<Scan> scans;
    private final PaneGrid grid;
    private final long paneMs;
    private final long lookBackMs;

    LatePanes(PhysicalDag dag, int input, PaneGrid grid, long paneMs, long lookBackMs) {
        this.scans = timeSeriesScans(dag, input);
        this.grid = grid;
        this.paneMs = paneMs;
        this.lookBackMs = lookBackMs;
    }

    /** Whether some Scan of the view selects the series {@code labels}. */
    boolean selects(Labels labels) {
        for (Scan scan : scans) {
            if (matchesAll(scan.matchers(), labels)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The panes ending at or before {@code builtUntil} that samples at {@code times[0, n)} (any
     * order) reach.
     */
    Set<Interval> reached(long[] times, int n, long builtUntil) {
        Set<Interval> panes = new HashSet<>();
        if (n == 0) {
            return panes;
        }
        long[] sorted = Arrays.copyOf(times, n);
        Arrays.sort(sorted);
        long next = Long.MIN_VALUE;
        for (long t : sorted) {
            if (t > builtUntil) {
                break;
            }
            long first = Math.max(grid.paneEndFor(t), next);
            long last = Math.min(builtUntil, grid.paneEndFor(t + lookBackMs));
            for (long end = first; end <= last; end += paneMs) {
                panes.add(new Interval(end - paneMs, end));
            }
            next = Math.max(next, last + paneMs);
        }
        return panes;
    }

    /** Every pane ending at or before {@code builtUntil} that samples in {@code [minTs, maxTs]} of any series may reach. */
    Set<Interval> reachedByAny(long minTs, long maxTs, long builtUntil) {
        Set<Interval> panes = new HashSet<>();
        long last = Math.min(builtUntil, grid.paneEndFor(maxTs + lookBackMs));
        for (long end = grid.paneEndFor(minTs); end <= last; end += paneMs) {
            panes.add(new Interval(end - paneMs, end));
        }
        return panes;
    }

    private static boolean matchesAll(List<LabelMatcher> matchers, Labels labels) {
        for (LabelMatcher m : matchers) {
            if (!m.matches(labels)) {
                return false;
            }
        }
        return true;
    }

    /** The Scans of time series below {@code node}. */
    private static List<Scan> timeSeriesScans(PhysicalDag dag, int node) {
        List<Scan> out = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        List<Integer> todo = new ArrayList<>(List.of(node));
        while (!todo.isEmpty()) {
            int id = todo.removeLast();
            if (!seen.add(id)) {
                continue;
            }
            PlanNode n = dag.node(id);
            if (n instanceof Scan s && s.source() instanceof Source.TimeSeries) {
                out.add(s);
            }
            for (int input : n.inputs()) {
                todo.add(input);
            }
        }
        return out;
    }
}
