package io.tessera.exec.view;

import io.tessera.sketch.State;
import java.util.function.Supplier;

/** The front of a two-stack sliding merge: each pane's merge with every later pane. */
public final class SuffixMerges {

    private SuffixMerges() {}

    /**
     * Sets {@code suffix[i]}, for {@code i} in {@code [from, end)}, to a new merge of the panes
     * {@code [i, end)} that are not null; null when all of them are. Panes are never written.
     */
    public static void fill(State[] panes, State[] suffix, int from, int end, Supplier<State> fresh) {
        State later = null;
        for (int i = end - 1; i >= from; i--) {
            State p = panes[i];
            if (p == null) {
                suffix[i] = later;
                continue;
            }
            State s = fresh.get();
            s.merge(p);
            if (later != null) {
                s.merge(later);
            }
            suffix[i] = s;
            later = s;
        }
    }
}
