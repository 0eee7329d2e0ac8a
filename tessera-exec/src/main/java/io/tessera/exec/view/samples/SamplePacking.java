package io.tessera.exec.view.samples;

import io.tessera.exec.view.panes.PaneBuilder.GroupPanes;
import io.tessera.sketch.SampleRunState;
import java.util.ArrayList;
import java.util.List;

/** The ingestion side of sample views: the sample runs of one pane, folded like any pane view's states, share their arrays. */
public final class SamplePacking {

    private SamplePacking() {}

    /** Packs together the {@link SampleRunState}s of each of the {@code panes} panes of {@code groups}. */
    public static void pack(List<GroupPanes> groups, int panes) {
        for (int j = 0; j < panes; j++) {
            List<SampleRunState> pane = new ArrayList<>(groups.size());
            for (GroupPanes g : groups) {
                if (g.panes()[j] != null) {
                    pane.add((SampleRunState) g.panes()[j]);
                }
            }
            if (!pane.isEmpty()) {
                SampleRunState.pack(pane);
            }
        }
    }
}
