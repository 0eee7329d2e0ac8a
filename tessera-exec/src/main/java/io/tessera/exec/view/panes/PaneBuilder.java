package io.tessera.exec.view.panes;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.op.ScanOperator;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.PaneSink;
import io.tessera.exec.view.StateFactory;
import io.tessera.plan.Grouping;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.TimeRange;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ingestion run of pane views over a span of panes: the raw data of the span read once with
 * the views' Scan ({@link #read}), cut into panes, and folded into one state per group and pane
 * for each view ({@link #fold}).
 */
public final class PaneBuilder {

    private PaneBuilder() {}

    /** The Scan whose raw data a pane view folds (its input is a range over it), or null for any other view. */
    public static Scan scanOf(PhysicalDag dag, MaterializedView view) {
        if (!(dag.node(view.state().input()) instanceof TimeRange range)
                || !(dag.node(range.input()) instanceof Scan scan)) {
            return null;
        }
        return scan;
    }

    /** The raw data of {@code span} read with {@code scan}, cut into panes of {@code paneMs}. */
    public static PaneSlices read(DataStore store, Scan scan, Interval span, long paneMs) {
        SeriesRows rows = ScanOperator.read(
                store, scan, span, new RunContext(span.end(), span.end(), 60_000, QueryLimits.DEFAULTS));
        return new PaneSlices(rows, span, paneMs);
    }

    /** One group's states in each pane of a span, null where the group has no sample in the pane. */
    public record GroupPanes(Labels group, State[] panes) {}

    /**
     * The states of every pane of the span {@code slices} was cut for, group by group in the order
     * the groups first appear: each series' group is found once for all the panes, and a view
     * kept per series needs no lookup at all (the rows of one read are distinct series).
     */
    public static List<GroupPanes> fold(MaterializedView view, PaneSlices slices) {
        SeriesRows rows = slices.rows();
        int panes = slices.panes();
        boolean perSeries = view.state().grouping().kind() == Grouping.Kind.PER_SERIES;
        List<GroupPanes> out = new ArrayList<>();
        Map<Labels, GroupPanes> byGroup = perSeries ? null : new HashMap<>();
        for (int s = 0; s < rows.size(); s++) {
            long[] ts = rows.tsArray(s);
            double[] vs = rows.valuesArray(s);
            GroupPanes group = null;
            for (int j = 0; j < panes; j++) {
                State state = null;
                for (int i = slices.from(s, j), to = slices.to(s, j); i < to; i++) {
                    if (StaleMarker.isStale(vs[i])) {
                        continue;
                    }
                    if (state == null) {
                        if (group == null) {
                            group = groupPanes(view, rows.labels(s), panes, byGroup, out);
                        }
                        state = group.panes()[j];
                        if (state == null) {
                            state = StateFactory.create(view.state().state());
                            group.panes()[j] = state;
                        }
                    }
                    state.update(ts[i], vs[i]);
                }
            }
        }
        return out;
    }

    /** The states of {@code series}' group: its own when {@code byGroup} is null (a view kept per series), else found or added. */
    private static GroupPanes groupPanes(
            MaterializedView view, Labels series, int panes, Map<Labels, GroupPanes> byGroup, List<GroupPanes> out) {
        Labels key = byGroup == null ? series : view.state().grouping().groupOf(series);
        GroupPanes group = byGroup == null ? null : byGroup.get(key);
        if (group == null) {
            group = new GroupPanes(key, new State[panes]);
            out.add(group);
            if (byGroup != null) {
                byGroup.put(key, group);
            }
        }
        return group;
    }

    /** Hands {@code groups}' states to {@code sink} as view {@code view}'s, pane after pane. */
    public static void emit(int view, List<GroupPanes> groups, int panes, PaneSink sink) {
        sink.expect(view, groups.size() * panes);
        for (int j = 0; j < panes; j++) {
            boolean empty = true;
            for (GroupPanes g : groups) {
                State state = g.panes()[j];
                if (state != null) {
                    sink.state(view, j, g.group(), state);
                    empty = false;
                }
            }
            if (empty) {
                sink.emptyPane(view, j);
            }
        }
    }
}
