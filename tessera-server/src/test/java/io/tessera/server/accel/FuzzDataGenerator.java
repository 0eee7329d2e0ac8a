package io.tessera.server.accel;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Seeded data for the acceleration fuzzer: a gauge {@value #GAUGE} and a counter {@value #COUNTER}
 * per source, each source with a behaviour that is hard on panes and grids. Samples sit exactly on
 * pane edges and one millisecond either side of them; counters reset at pane ends and several times
 * within a pane; scrapes are irregular with gaps longer than the look-back and than the windows;
 * series go stale and come back, start after the plan is installed, churn their labels; values are
 * NaN, ±Inf, ±1e308, 1e-300, −0.0, large offsets with small steps and sums that cancel. Time moves
 * forward with {@link #advance}; {@link #late} makes out-of-order and backfilled samples behind it.
 */
final class FuzzDataGenerator {

    static final long PANE = 60_000;
    static final String GAUGE = "fz_g";
    static final String COUNTER = "fz_c";
    static final long MINUTE = 60_000;

    enum Kind {
        REGULAR,
        EDGES,
        DENSE,
        IRREGULAR,
        FLAPPING,
        CHURN,
        LATE_START,
        EXTREME,
        NAN_HEAVY,
        BIG_OFFSET,
        CANCELLING
    }

    private static final double[] EXTREMES = {
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        1e308,
        -1e308,
        1e-300,
        -0.0,
        0.0
    };
    private static final double[] CANCELLING = {1e16, 1.5, -1e16, 2.25, 3e15, -3e15, 0.125};
    private static final long[] EDGE_OFFSETS = {-1, 0, 1, 20_000, 40_000};

    /** One gauge and one counter with the same labels but the metric name, scraped together. */
    private final class Source {
        final Kind kind;
        final String job;
        final String instance;
        final Random random;
        int generation;
        long next;
        long churnEnd;
        long k;
        double gauge;
        double counter;

        Source(Kind kind, String job, String instance, long start, long seed) {
            this.kind = kind;
            this.job = job;
            this.instance = instance;
            this.random = new Random(seed);
            this.next = start;
            this.churnEnd = start + (10 + random.nextInt(15)) * MINUTE;
            this.gauge = random.nextGaussian();
        }

        String currentInstance() {
            return kind == Kind.CHURN ? instance + "-" + generation : instance;
        }
    }

    private final List<Source> sources = new ArrayList<>();
    private final Map<String, TreeSet<Long>> timesByInstance = new HashMap<>();
    private final Map<String, String[]> labelsByInstance = new HashMap<>();
    private final Random random;
    private long until;
    private int backfills;

    /**
     * Sources start at {@code start}, except the one that starts at {@code lateStart} (after the
     * plan is installed).
     */
    FuzzDataGenerator(long seed, long start, long lateStart) {
        this.random = new Random(seed);
        this.until = start;
        add(Kind.REGULAR, "j0", 3, start);
        add(Kind.EDGES, "j0", 2, start);
        add(Kind.DENSE, "j0", 1, start);
        add(Kind.IRREGULAR, "j1", 2, start);
        add(Kind.FLAPPING, "j1", 2, start);
        add(Kind.CHURN, "j1", 1, start);
        add(Kind.LATE_START, "j1", 1, lateStart);
        add(Kind.EXTREME, "jx", 2, start);
        add(Kind.NAN_HEAVY, "jx", 1, start);
        add(Kind.BIG_OFFSET, "jb", 1, start);
        add(Kind.CANCELLING, "jb", 1, start);
    }

    private void add(Kind kind, String job, int count, long start) {
        for (int i = 0; i < count; i++) {
            long phase = switch (kind) {
                case REGULAR -> PANE / 4;
                case EDGES -> PANE - 1;
                default -> 1 + 2L * random.nextInt(7_499);
            };
            String instance = kind.name().toLowerCase(Locale.ROOT) + "-" + i;
            sources.add(new Source(kind, job, instance, start + phase, random.nextLong()));
        }
    }

    /** The newest time samples were generated up to. */
    long until() {
        return until;
    }

    /** The samples of every source in {@code (until(), to]}, one entry per series. */
    List<FuzzSamples> advance(long to) {
        Map<String, SeriesBuffer> out = new LinkedHashMap<>();
        for (Source s : sources) {
            while (s.next <= to) {
                emit(s, out);
            }
        }
        until = Math.max(until, to);
        return drain(out);
    }

    private void emit(Source s, Map<String, SeriesBuffer> out) {
        long t = s.next;
        if (s.kind == Kind.CHURN && t >= s.churnEnd) {
            put(s, out, t, StaleMarker.VALUE, StaleMarker.VALUE);
            s.generation++;
            s.churnEnd = t + (10 + s.random.nextInt(15)) * MINUTE;
            s.next = t + 1 + s.random.nextInt(20_000);
            return;
        }
        if (s.kind == Kind.FLAPPING && s.random.nextInt(40) == 0) {
            put(s, out, t, StaleMarker.VALUE, StaleMarker.VALUE);
            s.next = t + (3 + s.random.nextInt(12)) * MINUTE + s.random.nextInt(1000);
            return;
        }
        s.k++;
        put(s, out, t, nextGauge(s, t), nextCounter(s, t));
        s.next = nextTime(s, t);
    }

    private long nextTime(Source s, long t) {
        return switch (s.kind) {
            case EDGES -> {
                long minute = Math.floorDiv(t, PANE) * PANE;
                long best = Long.MAX_VALUE;
                for (long m = minute - PANE; m <= minute + 2 * PANE; m += PANE) {
                    for (long d : EDGE_OFFSETS) {
                        if (m + d > t) {
                            best = Math.min(best, m + d);
                        }
                    }
                }
                yield best;
            }
            case IRREGULAR -> {
                int roll = s.random.nextInt(1000);
                if (roll < 4) {
                    yield t + (35 + s.random.nextInt(15)) * MINUTE + s.random.nextInt(1000);
                }
                if (roll < 14) {
                    yield t + (6 + s.random.nextInt(6)) * MINUTE + s.random.nextInt(1000);
                }
                yield t + 1_000 + s.random.nextInt(44_000);
            }
            case DENSE -> t + 1_700 + s.random.nextInt(600);
            default -> t + 15_000;
        };
    }

    private double nextGauge(Source s, long t) {
        Random r = s.random;
        return switch (s.kind) {
            case REGULAR -> {
                if (r.nextInt(5) != 0) {
                    s.gauge = Math.round((s.gauge + r.nextGaussian()) * 4) / 4.0;
                }
                yield s.gauge;
            }
            case EDGES -> r.nextInt(10);
            case DENSE -> r.nextGaussian() * 10 + Math.sin(t / 600_000.0) * 50;
            case IRREGULAR -> r.nextGaussian() * 100;
            case EXTREME -> r.nextInt(3) == 0 ? EXTREMES[r.nextInt(EXTREMES.length)] : r.nextGaussian() * 1e3;
            case NAN_HEAVY -> s.k % 3 == 0 ? Double.NaN : r.nextGaussian();
            case BIG_OFFSET -> 1e15 + 0.1 * s.k;
            case CANCELLING -> CANCELLING[(int) (s.k % CANCELLING.length)];
            default -> Math.exp(r.nextGaussian());
        };
    }

    private double nextCounter(Source s, long t) {
        Random r = s.random;
        switch (s.kind) {
            case REGULAR -> s.counter = t % (7 * PANE) == 0 ? r.nextInt(3) : s.counter + r.nextInt(30);
            case EDGES -> s.counter = r.nextInt(5) < 2 ? r.nextInt(3) : s.counter + r.nextInt(5);
            case IRREGULAR -> s.counter = r.nextInt(4) == 0 ? r.nextInt(2) : s.counter + r.nextInt(100);
            case DENSE -> s.counter = s.counter + r.nextInt(5);
            case EXTREME -> {
                int roll = r.nextInt(40);
                if (roll < 2) {
                    return Double.NaN;
                }
                if (roll < 3) {
                    return Double.POSITIVE_INFINITY;
                }
                s.counter += r.nextInt(10);
            }
            case NAN_HEAVY -> {
                if (s.k % 5 == 0) {
                    return Double.NaN;
                }
                s.counter += r.nextInt(10);
            }
            case BIG_OFFSET -> s.counter = 1e15 + 0.5 * s.k;
            default -> s.counter = r.nextInt(50) == 0 ? 0 : s.counter + r.nextInt(10);
        }
        return s.counter;
    }

    /**
     * Samples behind the newest time: {@code count} out-of-order samples at free timestamps of
     * existing series (some exactly on pane edges or a millisecond off them) from 15 to 2 minutes
     * back, and with {@code backfill} one new series backfilled over 11 minutes of the last quarter hour.
     */
    List<FuzzSamples> late(int count, boolean backfill) {
        Map<String, SeriesBuffer> out = new LinkedHashMap<>();
        List<String> instances = new ArrayList<>(timesByInstance.keySet());
        instances.sort(null);
        for (int i = 0; i < count && !instances.isEmpty(); i++) {
            String instance = instances.get(random.nextInt(instances.size()));
            TreeSet<Long> times = timesByInstance.get(instance);
            long t = until - 2 * MINUTE - (long) (random.nextDouble() * 13 * MINUTE);
            t = switch (random.nextInt(3)) {
                case 0 -> Math.floorDiv(t, PANE) * PANE + random.nextInt(3) - 1;
                default -> t;
            };
            if (times.contains(t) || times.isEmpty() || t <= times.first()) {
                continue;
            }
            Long below = times.lower(t);
            double counter = below == null ? 0 : 1 + random.nextInt(50);
            String[] labels = labelsByInstance.get(instance);
            buffer(out, Labels.of(gaugeLabels(labels))).add(t, random.nextGaussian() * 10);
            buffer(out, Labels.of(counterLabels(labels))).add(t, counter);
            times.add(t);
        }
        if (!backfill) {
            return drain(out);
        }
        backfills++;
        String instance = "backfill-" + backfills;
        String[] labels = {"job", "j1", "instance", instance, "kind", "backfill"};
        labelsByInstance.put(instance, labels);
        TreeSet<Long> times = timesByInstance.computeIfAbsent(instance, x -> new TreeSet<>());
        double counter = 0;
        for (long t = until - 14 * MINUTE + 1 + random.nextInt(20_000); t <= until - 3 * MINUTE; t += 20_000) {
            counter += random.nextInt(7);
            buffer(out, Labels.of(gaugeLabels(labels))).add(t, random.nextGaussian());
            buffer(out, Labels.of(counterLabels(labels))).add(t, counter);
            times.add(t);
        }
        return drain(out);
    }

    private void put(Source s, Map<String, SeriesBuffer> out, long t, double gauge, double counter) {
        String instance = s.currentInstance();
        String[] labels = labelsByInstance.computeIfAbsent(instance, x ->
                new String[] {"job", s.job, "instance", x, "kind", s.kind.name().toLowerCase(Locale.ROOT)});
        timesByInstance.computeIfAbsent(instance, x -> new TreeSet<>()).add(t);
        buffer(out, Labels.of(gaugeLabels(labels))).add(t, gauge);
        buffer(out, Labels.of(counterLabels(labels))).add(t, counter);
    }

    private static String[] gaugeLabels(String[] labels) {
        return named(GAUGE, labels);
    }

    private static String[] counterLabels(String[] labels) {
        return named(COUNTER, labels);
    }

    private static String[] named(String metric, String[] labels) {
        String[] all = new String[labels.length + 2];
        all[0] = Labels.METRIC_NAME;
        all[1] = metric;
        System.arraycopy(labels, 0, all, 2, labels.length);
        return all;
    }

    private static SeriesBuffer buffer(Map<String, SeriesBuffer> out, Labels labels) {
        return out.computeIfAbsent(labels.toString(), x -> new SeriesBuffer(labels));
    }

    private static List<FuzzSamples> drain(Map<String, SeriesBuffer> out) {
        List<FuzzSamples> result = new ArrayList<>();
        for (SeriesBuffer b : out.values()) {
            result.add(b.sorted());
        }
        return result;
    }

    /** Samples of one series collected in any order, handed over sorted by time. */
    private static final class SeriesBuffer {
        private final Labels labels;
        private final TreeSet<Long> order = new TreeSet<>();
        private final Map<Long, Double> values = new HashMap<>();

        SeriesBuffer(Labels labels) {
            this.labels = labels;
        }

        void add(long t, double v) {
            order.add(t);
            values.put(t, v);
        }

        FuzzSamples sorted() {
            long[] times = new long[order.size()];
            double[] vs = new double[order.size()];
            int i = 0;
            for (long t : order) {
                times[i] = t;
                vs[i++] = values.get(t);
            }
            return new FuzzSamples(labels, times, vs);
        }
    }
}
