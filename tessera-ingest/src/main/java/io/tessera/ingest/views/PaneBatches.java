package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.IngestionRun;
import io.tessera.exec.PlannedView;
import io.tessera.exec.view.PaneSink;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import io.tessera.store.summary.StateBatch;
import java.util.ArrayList;
import java.util.List;

/** The states one ingestion run builds, one batch per view of the run, ready to commit to each view's store. */
final class PaneBatches implements PaneSink {

    private final StateBatch[] batches;
    private final Interval span;
    private final long paneMs;

    private PaneBatches(int views, Interval span, long paneMs) {
        this.batches = new StateBatch[views];
        for (int v = 0; v < views; v++) {
            batches[v] = new StateBatch();
        }
        this.span = span;
        this.paneMs = paneMs;
    }

    /** The states of {@code ms} (of one pane grid) in the panes of {@code span}, from one ingestion run over {@code data}. */
    static StateBatch[] build(List<Maintained> ms, Interval span, DataStore data) {
        List<PlannedView> views = new ArrayList<>(ms.size());
        for (Maintained m : ms) {
            views.add(m.planned());
        }
        PaneBatches out = new PaneBatches(ms.size(), span, ms.getFirst().paneMs());
        IngestionRun.build(views, span, data, out);
        return out.batches;
    }

    @Override
    public void expect(int view, int states) {
        batches[view] = new StateBatch(states + (int) (span.length() / paneMs));
    }

    @Override
    public void state(int view, int pane, Labels group, State state) {
        long start = span.start() + pane * paneMs;
        batches[view].add(group, start, start + paneMs, state);
    }

    @Override
    public void emptyPane(int view, int pane) {
        long start = span.start() + pane * paneMs;
        batches[view].addEmptyPane(new Interval(start, start + paneMs));
    }
}
