package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/** Seeded random instant vectors for operator tests, and reading results back per step. */
final class TestVectors {

    private TestVectors() {}

    static RunContext context() {
        return new RunContext(0, 0, 60_000, QueryLimits.DEFAULTS);
    }

    static StepGrid grid(int steps) {
        return new StepGrid(0, (steps - 1) * 1000L, 1000);
    }

    /**
     * {@code n} series named {@code name} with labels {@code g} (one of {@code groups}) and
     * {@code i}; each point is present with probability 0.8, its value distinct (a shuffled
     * integer over 8) or, with probability {@code nanRate}, NaN.
     */
    static InstantVector random(Random rnd, String name, int n, int groups, int steps, double nanRate) {
        InstantVector v = new InstantVector(grid(steps), n);
        int[] perm = new int[n * steps];
        for (int j = 0; j < perm.length; j++) {
            perm[j] = j;
        }
        for (int j = perm.length - 1; j > 0; j--) {
            int k = rnd.nextInt(j + 1);
            int t = perm[j];
            perm[j] = perm[k];
            perm[k] = t;
        }
        for (int s = 0; s < n; s++) {
            int o = v.addSeries(Labels.of("__name__", name, "g", "g" + rnd.nextInt(groups), "i", Integer.toString(s)));
            for (int i = 0; i < steps; i++) {
                if (rnd.nextDouble() < 0.8) {
                    v.set(o, i, rnd.nextDouble() < nanRate ? Double.NaN : perm[s * steps + i] / 8.0);
                }
            }
        }
        return v;
    }

    /** The points of {@code v} at {@code step}, by labels. */
    static Map<Labels, Double> at(InstantVector v, int step) {
        Map<Labels, Double> out = new HashMap<>();
        for (int s = 0; s < v.size(); s++) {
            if (v.has(s, step)) {
                Double old = out.put(v.labels(s), v.value(s, step));
                if (old != null) {
                    throw new AssertionError("two points for " + v.labels(s) + " at step " + step);
                }
            }
        }
        return out;
    }
}
