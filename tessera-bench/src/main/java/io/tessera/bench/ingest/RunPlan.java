package io.tessera.bench.ingest;

import io.tessera.bench.peer.ProcessMemory;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How one target is loaded: a warm-up, then a measured phase, each sending the next rounds of
 * the shared {@link EncodedLoad}. Each phase gets as many rounds as the rate seen so far
 * predicts for its time limit, with headroom, encoded before the phase starts and capped by a
 * memory budget; a phase ends when its time is up or its rounds are all sent.
 */
final class RunPlan {

    /** Rounds of the first warm-up step: the first creates every series, the second appends to them. */
    private static final int FIRST_WARMUP_ROUNDS = 2;
    private static final double HEADROOM = 2.0;
    /** Share of this JVM's maximum heap the encoded requests may take. */
    private static final double BODY_BUDGET = 0.5;

    private final EncodedLoad load;
    private final Duration warmup;
    private final Duration measure;
    private final PrintStream out;

    RunPlan(EncodedLoad load, Duration warmup, Duration measure, PrintStream out) {
        this.load = load;
        this.warmup = warmup;
        this.measure = measure;
        this.out = out;
    }

    TargetResult run(Target target) throws Exception {
        LoadShape shape = load.shape();
        LoadSender sender = new LoadSender(target.writeUrl(), shape.samplesPerRequest(), out);
        out.printf(Locale.ROOT, "%n%s (pid %d) at %s%n", target.name(), target.pid(), target.writeUrl());

        int round = 0;
        ensure(FIRST_WARMUP_ROUNDS);
        PhaseResult warm = sender.send(target.name() + " warm-up", slice(round, FIRST_WARMUP_ROUNDS), warmup);
        round = FIRST_WARMUP_ROUNDS;
        Duration left = warmup.minusNanos(warm.nanos());
        if (warm.exhausted() && left.toMillis() > 500) {
            int rounds = roundsFor(warm, left);
            ensure(round + rounds);
            warm = warm.then(sender.send(target.name() + " warm-up", slice(round, round + rounds), left));
            round += rounds;
        }
        out.printf(Locale.ROOT, "  %s warm-up: %,d samples in %.1f s, %,.0f samples/s%n", target.name(),
                warm.samples(), warm.seconds(), warm.samplesPerSecond());

        int rounds = roundsFor(warm, measure);
        ensure(round + rounds);
        PhaseResult measured = sender.send(target.name(), slice(round, round + rounds), measure);
        out.printf(Locale.ROOT, "  %s measured: %,d requests, %,d samples in %.2f s, %,.0f samples/s%s%n",
                target.name(), measured.requests(), measured.samples(), measured.seconds(),
                measured.samplesPerSecond(), measured.exhausted() ? " (every encoded request sent before the time limit)" : "");
        long resident = ProcessMemory.residentBytes(target.pid());
        return new TargetResult(target, warm, measured, MetricsText.scrape(target.metricsUrl()), resident);
    }

    /** Rounds enough for {@code time} at the rate of {@code seen}, within the memory budget. */
    private int roundsFor(PhaseResult seen, Duration time) {
        double perRound = load.shape().samplesPerRound();
        double wanted = seen.samplesPerSecond() * time.toNanos() / 1e9 * HEADROOM / perRound;
        long bytesPerRound = Math.max(1, load.bytes() / Math.max(1, load.rounds()));
        long affordable = (long) (Runtime.getRuntime().maxMemory() * BODY_BUDGET) / bytesPerRound - load.rounds();
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
        out.printf(Locale.ROOT, "  encoded %,d requests (%,.1f MiB snappy, %,.0f B/request) in %.1f s; %,d rounds of"
                        + " %,d samples held%n", requests, (load.bytes() - bytesBefore) / 1048576.0,
                (double) (load.bytes() - bytesBefore) / requests, (System.nanoTime() - began) / 1e9,
                load.rounds(), load.shape().samplesPerRound());
    }

    private List<List<byte[]>> slice(int fromRound, int toRound) {
        List<List<byte[]>> out = new ArrayList<>();
        for (int c = 0; c < load.shape().connections(); c++) {
            out.add(load.bodies(c, fromRound, toRound));
        }
        return out;
    }
}
