package io.tessera.exec;

import io.tessera.core.Interval;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.EvalTimeAnchor;
import io.tessera.plan.Fallback;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Scan;
import io.tessera.plan.Subquery;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The window each Scan of a run must read: the union, over every path from the root, of the
 * ranges its TimeRanges ask for at the evaluation times that reach them (offsets, {@code @} and
 * subquery ranges included). One read per Scan then serves all its readers. The exact branch of
 * a Fallback is left out (it is read only if the run falls back), and so are the edges a view
 * read takes from raw data (it asks for exactly those).
 */
final class ScanWindows {

    private record Visit(int node, long first, long last) {}

    private final PhysicalDag dag;
    private final RunContext context;
    private final Map<Integer, long[]> windows = new HashMap<>();
    private final Set<Visit> seen = new HashSet<>();

    private ScanWindows(PhysicalDag dag, RunContext context) {
        this.dag = dag;
        this.context = context;
    }

    /** Scan node id → the interval it reads, for a run that evaluates {@code root} at times in [first, last]. */
    static Map<Integer, Interval> of(PhysicalDag dag, int root, long first, long last, RunContext context) {
        return of(dag, new int[] {root}, first, last, context);
    }

    /** The windows every Scan is read over for all of {@code roots} evaluated from {@code first} to {@code last}. */
    static Map<Integer, Interval> of(PhysicalDag dag, int[] roots, long first, long last, RunContext context) {
        ScanWindows w = new ScanWindows(dag, context);
        for (int root : roots) {
            w.visit(root, first, last);
        }
        Map<Integer, Interval> out = new HashMap<>();
        for (Map.Entry<Integer, long[]> e : w.windows.entrySet()) {
            out.put(e.getKey(), new Interval(e.getValue()[0], e.getValue()[1]));
        }
        return out;
    }

    private void visit(int id, long first, long last) {
        if (!seen.add(new Visit(id, first, last))) {
            return;
        }
        PlanNode node = dag.node(id);
        switch (node) {
            case TimeRange t -> need(t.input(), first - t.rangeMs(), last);
            case TimeShift s -> {
                if (s.at() != null) {
                    long at = anchorTime(s.at(), context) - s.offsetMs();
                    visit(s.input(), at, at);
                } else {
                    visit(s.input(), first - s.offsetMs(), last - s.offsetMs());
                }
            }
            case Subquery q -> visit(q.input(), first - q.rangeMs(), last);
            case Fallback f -> visit(f.preferred(), first, last);
            case ViewValue v -> {}
            case GridCorrection c -> {
                for (int param : c.params()) {
                    visit(param, first, last);
                }
            }
            case ViewRangeFunction v -> {
                for (int param : v.params()) {
                    visit(param, first, last);
                }
            }
            default -> {
                for (int input : node.inputs()) {
                    visit(input, first, last);
                }
            }
        }
    }

    private void need(int scan, long start, long end) {
        if (!(dag.node(scan) instanceof Scan)) {
            throw new IllegalStateException("a TimeRange reads node " + scan + ", which is not a Scan");
        }
        windows.merge(scan, new long[] {start, end}, (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
    }

    static long anchorTime(EvalTimeAnchor at, RunContext context) {
        return switch (at) {
            case EvalTimeAnchor.Fixed f -> f.millis();
            case EvalTimeAnchor.Start s -> context.queryStart();
            case EvalTimeAnchor.End e -> context.queryEnd();
        };
    }
}
