package io.tessera.bench.ingest;

import io.tessera.bench.peer.ProcessMemory;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How one target is loaded: a warm-up, then a measured phase, each sending the next rounds of
 * the shared {@link EncodedLoad} for a limited time. Rounds are encoded before they are timed,
 * as many as the rate seen so far predicts with headroom, within a memory budget.
 */
record RunPlan(EncodedLoad load, Duration warmup, Duration measure, PrintStream out) {

    /** Rounds of the first warm-up step: the first creates every series, the second appends to them. */
    private static final int FIRST_WARMUP_ROUNDS = 2;

    private static final double HEADROOM = 1.3;
    private static final int MAX_SEGMENTS = 6;
    private static final long MIN_SEGMENT_MILLIS = 500;
    /** Share of this JVM's maximum heap the encoded requests may take. */
    private static final double BODY_BUDGET = 0.5;

    TargetResult run(Target target) throws Exception {
        LoadSender sender = new LoadSender(target.writeUrl(), load.shape().samplesPerRequest(), out);
        out.printf(Locale.ROOT, "%n%s (pid %d) at %s%n", target.name(), target.pid(), target.writeUrl());
        Phase warm = phase(sender, target.name() + " warm-up", warmup, 0, null);
        out.printf(
                Locale.ROOT,
                "  %s warm-up: %,d samples in %.1f s, %,.0f samples/s%n",
                target.name(),
                warm.total().samples(),
                warm.total().seconds(),
                warm.total().samplesPerSecond());
        double loadBefore = loadAverage();
        Phase measured = phase(sender, target.name(), measure, warm.nextRound(), warm.last());
        PhaseResult m = measured.total();
        out.printf(
                Locale.ROOT,
                "  %s measured: %,d requests, %,d samples in %.2f s, %,.0f samples/s;"
                        + " 1-minute load average %.1f before, %.1f after, on %d cores%s%n",
                target.name(),
                m.requests(),
                m.samples(),
                m.seconds(),
                m.samplesPerSecond(),
                loadBefore,
                loadAverage(),
                Runtime.getRuntime().availableProcessors(),
                measured.segments() > 1
                        ? " (" + measured.segments() + " segments, timed without the encoding between them)"
                        : "");
        long resident = ProcessMemory.residentBytes(target.pid());
        return new TargetResult(target, warm.total(), m, MetricsText.scrape(target.metricsUrl()), resident);
    }

    /** How busy the machine is, others' work included: a benchmark on shared cores should say. */
    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /**
     * The segments of one phase, together, and the last of them.
     *
     * @param nextRound the first round no segment sent
     */
    private record Phase(PhaseResult total, PhaseResult last, int nextRound, int segments) {}

    /**
     * Sends rounds from {@code firstRound} for {@code limit} of sending time, in segments: each
     * gets the rounds the previous segment's rate predicts for the time left (the first of a
     * warm-up, with nothing to go on, {@link #FIRST_WARMUP_ROUNDS}); a segment that sends all
     * its rounds early is followed by another, after encoding more, outside the timed part.
     */
    private Phase phase(LoadSender sender, String label, Duration limit, int firstRound, PhaseResult seen)
            throws InterruptedException {
        PhaseResult total = PhaseResult.NONE;
        PhaseResult last = seen;
        int round = firstRound;
        int segments = 0;
        while (segments < MAX_SEGMENTS) {
            Duration left = limit.minusNanos(total.nanos());
            if (segments > 0 && (!last.exhausted() || left.toMillis() < MIN_SEGMENT_MILLIS)) {
                break;
            }
            int rounds = last == null ? FIRST_WARMUP_ROUNDS : roundsFor(last, left, round);
            ensure(round + rounds);
            last = sender.send(label, slice(round, round + rounds), left);
            total = total.then(last);
            round += rounds;
            segments++;
        }
        return new Phase(total, last, round, segments);
    }

    /**
     * Rounds from {@code fromRound} enough for {@code time} at the rate of {@code seen}, with
     * headroom, and at least one; no more than keep every held round within the memory budget.
     */
    private int roundsFor(PhaseResult seen, Duration time, int fromRound) {
        double perRound = load.shape().samplesPerRound();
        double wanted = seen.samplesPerSecond() * time.toNanos() / 1e9 * HEADROOM / perRound;
        long bytesPerRound = Math.max(1, load.bytes() / Math.max(1, load.rounds()));
        long affordable = (long) (Runtime.getRuntime().maxMemory() * BODY_BUDGET) / bytesPerRound - fromRound;
        return (int) Math.max(1, Math.min(Math.ceil(wanted), Math.max(0, affordable)));
    }

    private void ensure(int rounds) throws InterruptedException {
        if (rounds <= load.rounds()) {
            return;
        }
        long began = System.nanoTime();
        int before = load.rounds();
        long bytesBefore = load.bytes();
        load.ensureRounds(rounds);
        long requests = (long) (rounds - before) * load.shape().groups();
        out.printf(
                Locale.ROOT,
                "  encoded %,d requests (%,.1f MiB snappy, %,.0f B/request) in %.1f s; %,d rounds of"
                        + " %,d samples held%n",
                requests,
                (load.bytes() - bytesBefore) / 1048576.0,
                (double) (load.bytes() - bytesBefore) / requests,
                (System.nanoTime() - began) / 1e9,
                load.rounds(),
                load.shape().samplesPerRound());
    }

    private List<List<byte[]>> slice(int fromRound, int toRound) {
        List<List<byte[]>> out = new ArrayList<>();
        for (int c = 0; c < load.shape().connections(); c++) {
            out.add(load.bodies(c, fromRound, toRound));
        }
        return out;
    }
}
