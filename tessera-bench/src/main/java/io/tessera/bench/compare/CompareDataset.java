package io.tessera.bench.compare;

import io.tessera.bench.load.TimeOrderedDataset;
import io.tessera.ingest.WriteBatchBuilder;

/**
 * The dataset of {@code bench compare}: {@code pairs} indexes, each a gauge {@code x} and a
 * counter {@code c} with labels {@code job="j<s % jobs>", instance="i<s>"}, scraped every
 * {@code intervalMs} from {@code startMs} at a fixed per-index offset that never puts a sample on
 * a whole second nor on the off-grid evaluation times' milliseconds (so no sample lies on a
 * window edge, where Prometheus 2.x and 3.x differ).
 *
 * <p>Every value is a pure function of (seed, index, scrape), so a block can be generated again
 * for the second server. The gauge follows {@code distribution}, scaled by {@code 1 + s % 5}.
 * Counters grow by about {@code counterRate} per scrape (each index its own rate); a fraction
 * {@code resetFraction} of them reset to zero once, at a random scrape. A fraction
 * {@code staleFraction} of the indexes stop in the second half of the data, writing a stale
 * marker to both series at the scrape after their last.
 */
record CompareDataset(
        int pairs,
        int jobs,
        long intervalMs,
        int scrapes,
        long startMs,
        Distribution distribution,
        double counterRate,
        double resetFraction,
        double staleFraction,
        long seed)
        implements TimeOrderedDataset {

    static final double STALE_NAN = Double.longBitsToDouble(0x7ff0000000000002L);
    /** Milliseconds past a whole second of the off-grid evaluation times (23.457 s before a minute). */
    static final long OFF_GRID_MS = 23_457;

    /** The gauge's value distribution before its per-series scale. */
    enum Distribution {
        LOGNORMAL,
        NORMAL,
        UNIFORM,
        EXPONENTIAL,
        PARETO;

        static Distribution parse(String name) {
            for (Distribution d : values()) {
                if (d.name().equalsIgnoreCase(name)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("unknown --distribution '" + name
                    + "': expected lognormal, normal, uniform, exponential or pareto");
        }

        double sample(double u1, double u2) {
            return switch (this) {
                case LOGNORMAL -> Math.exp(gaussian(u1, u2));
                case NORMAL -> 50 + 10 * gaussian(u1, u2);
                case UNIFORM -> 100 * u1;
                case EXPONENTIAL -> -Math.log(1 - u1);
                case PARETO -> Math.pow(1 - u1, -1 / 1.5);
            };
        }

        private static double gaussian(double u1, double u2) {
            return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
        }
    }

    CompareDataset {
        if (pairs <= 0 || jobs <= 0 || scrapes <= 0 || intervalMs < 2_000 || intervalMs % 1_000 != 0) {
            throw new IllegalArgumentException("series, jobs and scrapes must be positive and the scrape interval whole"
                    + " seconds of at least 2 s");
        }
        if (!(resetFraction >= 0 && resetFraction <= 1 && staleFraction >= 0 && staleFraction <= 1)) {
            throw new IllegalArgumentException("the reset and stale fractions must lie in [0, 1]");
        }
        if (!(counterRate > 0)) {
            throw new IllegalArgumentException("the counter rate must be positive");
        }
    }

    @Override
    public String name() {
        return (2 * pairs) + " series";
    }

    @Override
    public int indexes() {
        return pairs;
    }

    @Override
    public int seriesPerIndex() {
        return 2;
    }

    long series() {
        return 2L * pairs;
    }

    /** The scrape offset of index {@code s}: in [1 ms, interval), never 0 or 543 past a whole second. */
    long offsetOf(int s) {
        long offset = 1 + (long) (uniform(s, -1, 1) * (intervalMs - 1));
        long ms = offset % 1_000;
        return ms == 0 || ms == 1_000 - OFF_GRID_MS % 1_000 ? offset + 1 : offset;
    }

    /** The last scrape index {@code s} writes plus one, where its stale markers go; {@code scrapes} if it never stops. */
    int stopOf(int s) {
        if (uniform(s, -2, 1) >= staleFraction) {
            return scrapes;
        }
        return scrapes / 2 + (int) (uniform(s, -2, 2) * (scrapes - scrapes / 2 - 1));
    }

    /** The scrape at which the counter of {@code s} resets, or -1. */
    int resetOf(int s) {
        return uniform(s, -3, 1) < resetFraction ? 1 + (int) (uniform(s, -3, 2) * (scrapes - 1)) : -1;
    }

    double gaugeAt(int s, int k) {
        return (1 + s % 5) * distribution.sample(uniform(s, k, 1), uniform(s, k, 2));
    }

    /** Strictly increasing between resets: rate * (k + u) with u in [0, 1), plus a start value before a reset. */
    double counterAt(int s, int k) {
        double rate = counterRate * (0.25 + 1.5 * uniform(s, -4, 1));
        int reset = resetOf(s);
        double since = reset >= 0 && k >= reset ? k - reset : k;
        double base = reset >= 0 && k >= reset ? 0 : Math.floor(1_000 + 1e6 * uniform(s, -4, 2));
        return base + rate * (since + uniform(s, k, 3));
    }

    @Override
    public int append(int first, int last, int from, int to, WriteBatchBuilder batch) {
        int n = 0;
        for (int s = first; s < last; s++) {
            int stop = stopOf(s);
            int end = Math.min(to, stop);
            boolean stale = stop < scrapes && stop >= from && stop < to;
            if (end <= from && !stale) {
                continue;
            }
            long offset = offsetOf(s);
            String job = "j" + s % jobs;
            String instance = "i" + s;
            for (int k = from; k < end; k++) {
                batch.addSample(startMs + k * intervalMs + offset, gaugeAt(s, k));
            }
            if (stale) {
                batch.addSample(startMs + stop * intervalMs + offset, STALE_NAN);
            }
            batch.endSeries(new String[] {"__name__", "instance", "job"}, new String[] {"x", instance, job}, 3);
            for (int k = from; k < end; k++) {
                batch.addSample(startMs + k * intervalMs + offset, counterAt(s, k));
            }
            if (stale) {
                batch.addSample(startMs + stop * intervalMs + offset, STALE_NAN);
            }
            batch.endSeries(new String[] {"__name__", "instance", "job"}, new String[] {"c", instance, job}, 3);
            n += 2 * (Math.max(0, end - from) + (stale ? 1 : 0));
        }
        return n;
    }

    /** A uniform in [0, 1) from (seed, index, scrape, stream); scrape < 0 keys per-index properties. */
    private double uniform(int s, int k, int stream) {
        long z = seed + s * 0x9E3779B97F4A7C15L + (k + 5L) * 0xC2B2AE3D27D4EB4FL + stream * 0x165667B19E3779F9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }
}
