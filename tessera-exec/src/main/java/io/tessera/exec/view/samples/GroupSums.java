package io.tessera.exec.view.samples;

import io.tessera.core.NeumaierSum;
import io.tessera.exec.value.InstantVector;

/** One walker's sums per group and step, compensated as the engine's {@code sum} compensates them. */
final class GroupSums {
    final int[] groupOf;
    final double[][] sums;
    final double[][] comps;
    final long[][] seen;

    GroupSums(int[] groupOf, int groups, int steps) {
        this.groupOf = groupOf;
        sums = new double[groups][steps];
        comps = new double[groups][steps];
        seen = new long[groups][(steps + 63) >>> 6];
    }

    private void add(int g, int i, double f, double fComp) {
        if ((seen[g][i >>> 6] & (1L << i)) == 0) {
            seen[g][i >>> 6] |= 1L << i;
            sums[g][i] = f;
            comps[g][i] = fComp;
            return;
        }
        double sum = sums[g][i];
        double t = sum + f;
        comps[g][i] = NeumaierSum.compensation(f, sum, t, comps[g][i]) + fComp;
        sums[g][i] = t;
    }

    /** Adds another walker's sums, of the series after this one's. */
    void add(GroupSums later) {
        for (int g = 0; g < sums.length; g++) {
            for (int i = 0; i < sums[g].length; i++) {
                if ((later.seen[g][i >>> 6] & (1L << i)) != 0) {
                    add(g, i, later.sums[g][i], later.comps[g][i]);
                }
            }
        }
    }

    void writeTo(InstantVector out) {
        for (int g = 0; g < sums.length; g++) {
            for (int i = 0; i < sums[g].length; i++) {
                if ((seen[g][i >>> 6] & (1L << i)) != 0) {
                    out.set(g, i, sums[g][i] + comps[g][i]);
                }
            }
        }
    }
}
