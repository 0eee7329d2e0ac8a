package io.tessera.exec.function;

import io.tessera.core.Labels;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;

/**
 * absent and absent_over_time: 1 at each step where the argument has nothing, labelled with
 * what the argument's selector pinned by equality.
 */
final class Absent {

    private Absent() {}

    static InstantVector absent(InstantVector in, Labels labels) {
        InstantVector out = new InstantVector(in.grid(), 1);
        int o = -1;
        for (int i = 0; i < in.steps(); i++) {
            if (!in.anyAt(i)) {
                if (o < 0) {
                    o = out.addSeries(labels);
                }
                out.set(o, i, 1);
            }
        }
        return out;
    }

    static InstantVector absentOverTime(RangeVector in, Labels labels) {
        int steps = in.grid().size();
        InstantVector out = new InstantVector(in.grid(), 1);
        int o = -1;
        for (int i = 0; i < steps; i++) {
            boolean any = false;
            for (int s = 0; s < in.size() && !any; s++) {
                any = in.to(s)[i] > in.from(s)[i];
            }
            if (!any) {
                if (o < 0) {
                    o = out.addSeries(labels);
                }
                out.set(o, i, 1);
            }
        }
        return out;
    }
}
