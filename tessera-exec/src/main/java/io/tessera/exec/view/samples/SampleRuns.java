package io.tessera.exec.view.samples;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.view.PanePrefixRead;
import io.tessera.exec.view.ReferenceCursor;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.SampleRunState;
import io.tessera.sketch.State;
import io.tessera.spi.LabelsTable;
import io.tessera.spi.ViewStates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Each series' runs in time order, gathered for one run of a sweep: the panes of every step from
 * one view read, and the newest panes, while ingestion runs have not built them yet, read raw.
 */
final class SampleRuns {

    /** Newest panes a run reads raw when they are not built yet (at "now", the pane being filled and the one in the allowed lateness). */
    private static final int RAW_NEWEST_PANES = 2;

    final List<Labels> labels = new ArrayList<>();
    final List<List<SampleRunState>> runs = new ArrayList<>();
    private final int panes;
    /** The series' label sets found by reference where they are not where expected, then by value. */
    private ReferenceCursor sameLabels;

    private Map<Labels, Integer> ids;

    private SampleRuns(int panes) {
        this.panes = panes;
    }

    /** A series not seen before; its index. */
    int addSeries(Labels series) {
        int id = labels.size();
        labels.add(series);
        runs.add(new ArrayList<>(panes));
        if (ids != null) {
            ids.put(series, id);
        }
        return id;
    }

    /** Adds a run to the series of index {@code id}. */
    void addTo(int id, State state) {
        SampleRunState run = (SampleRunState) state;
        if (!run.isEmpty()) {
            runs.get(id).add(run);
        }
    }

    /** Adds a run to the series of that label set, a new one if none has it. */
    void add(Labels series, State state) {
        if (state.isEmpty()) {
            return;
        }
        int id = indexOf(series);
        addTo(id >= 0 ? id : addSeries(series), state);
    }

    /** Series come again (in about the order of {@code known}, the series so far): from now on they are found by reference first. */
    void restart(Labels[] known) {
        sameLabels = new ReferenceCursor(known);
    }

    private int indexOf(Labels series) {
        int id = sameLabels == null ? -1 : sameLabels.indexOf(series);
        if (id >= 0) {
            return id;
        }
        if (ids == null) {
            ids = new HashMap<>();
            for (int k = 0; k < labels.size(); k++) {
                ids.put(labels.get(k), k);
            }
        }
        Integer known = ids.get(series);
        return known == null ? -1 : known;
    }

    /** Every series' runs over the span of the run's windows: one view read, and the newest panes raw. */
    static SampleRuns gather(ViewRangeFunction f, SampleSource source, StepGrid grid) {
        MaterializedView view = source.view();
        RunContext context = source.context();
        if (!RangeFunctionKind.byName(f.function())
                .map(RangeFunctionKind::answersFromSamples)
                .orElse(false)) {
            throw new IllegalArgumentException("a sample view does not answer " + f.function());
        }
        long w = f.windowMs();
        PaneGrid panes = new PaneGrid(view.paneMs(), view.phaseMs());
        long spanStart = grid.start() - w;
        long spanEnd = grid.last();
        List<Interval> all = panes.panesWithin(
                new Interval(panes.paneEndFor(spanStart + 1) - view.paneMs(), panes.paneEndFor(spanEnd)));
        PanePrefixRead read = PanePrefixRead.read(source.store(), view.viewId(), all, RAW_NEWEST_PANES, context);
        ViewStates states = read.states();
        int usable = read.usable();
        SampleRuns runs = new SampleRuns(all.size() + 1);
        if (states != null && states.groups() != null) {
            gatherById(states, runs);
        } else if (states != null) {
            for (int p = 0; p < states.paneCount(); p++) {
                runs.restart(runs.labels.toArray(new Labels[0]));
                states.forEach(p, runs::add);
            }
        }
        if (usable < all.size()) {
            Interval raw =
                    new Interval(usable == 0 ? spanStart : all.get(usable - 1).end(), spanEnd);
            Labels[] known = runs.labels.toArray(new Labels[0]);
            SeriesRows rows = source.rawRows().read(raw, known);
            runs.restart(known);
            for (int s = 0; s < rows.size(); s++) {
                SampleRunState tail = new SampleRunState();
                tail.update(rows.tsArray(s), rows.valuesArray(s), rows.first(s), rows.first(s) + rows.count(s));
                runs.add(rows.labels(s), tail);
            }
        }
        context.checkAlive();
        return runs;
    }

    /**
     * The runs of a store that names groups by id (no label set is hashed until a raw tail needs
     * it): each pane's group ids and states listed, the panes split over the cores; the series
     * numbered in order of first appearance; then each series' runs collected in pane order, the
     * series split over the cores.
     */
    private static void gatherById(ViewStates states, SampleRuns runs) {
        LabelsTable table = states.groups();
        int panes = states.paneCount();
        int[][] ids = new int[panes][];
        State[][] held = new State[panes][];
        long total = 0;
        for (int p = 0; p < panes; p++) {
            total += states.stateCount(p);
        }
        Parts.inParts(panes, Parts.parts(panes, total), (k, from, to) -> {
            for (int p = from; p < to; p++) {
                int[] paneIds = new int[states.stateCount(p)];
                State[] paneStates = new State[paneIds.length];
                int[] n = {0};
                states.forEachGroup(p, (group, state) -> {
                    if (!state.isEmpty()) {
                        paneIds[n[0]] = group;
                        paneStates[n[0]++] = state;
                    }
                });
                ids[p] = Arrays.copyOf(paneIds, n[0]);
                held[p] = paneStates;
            }
        });
        int[] seriesOf = new int[table.size()];
        Arrays.fill(seriesOf, -1);
        int first = runs.labels.size();
        for (int p = 0; p < panes; p++) {
            for (int k = 0; k < ids[p].length; k++) {
                int g = ids[p][k];
                if (g >= seriesOf.length) {
                    // a group the view gained after its table was read: by label set
                    runs.add(table.labels(g), held[p][k]);
                    ids[p][k] = -1;
                } else if (seriesOf[g] < 0) {
                    seriesOf[g] = runs.addSeries(table.labels(g));
                }
            }
        }
        int series = runs.labels.size() - first;
        Parts.inParts(series, Parts.parts(series, total), (part, from, to) -> {
            for (int p = 0; p < panes; p++) {
                int[] paneIds = ids[p];
                for (int k = 0; k < paneIds.length; k++) {
                    int at = paneIds[k] < 0 ? -1 : seriesOf[paneIds[k]] - first;
                    if (at >= from && at < to) {
                        runs.runs.get(first + at).add((SampleRunState) held[p][k]);
                    }
                }
            }
        });
    }
}
