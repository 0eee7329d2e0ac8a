package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.server.ServerHttp;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a real {@code tessera serve --data-dir} with SIGKILL while writers send remote-write
 * requests, restarts it, and checks that every acknowledged sample is there, exactly once and
 * with its value, and that nothing is there that was never sent. Rounds alternate the fsync
 * policies; {@code -Dtessera.crash.rounds=N} runs more of them.
 */
class CrashRecoveryTest {

    private static final int SLOW_ROUNDS = 50;
    private static final int WRITERS = 4;
    private static final int SERIES_PER_WRITER = 5;
    private static final int SAMPLES_PER_REQUEST = 10;
    private static final long T0 = 1_767_225_600_000L;
    private static final long STEP = 1000;

    @TempDir
    Path tmp;

    /** Per writer: the next sample index to send, and the indexes of the requests acknowledged. */
    private final long[] nextIndex = new long[WRITERS];

    private final List<ConcurrentSkipListSet<Long>> acked = CrashRun.perWriter(WRITERS);

    @Test
    void acknowledgedSamplesSurviveSigkill() throws Exception {
        run(Integer.getInteger("tessera.crash.rounds", 5));
    }

    /** The long run: {@value #SLOW_ROUNDS} rounds (or {@code -Dtessera.crash.rounds=N} if more), with {@code -Pslow}. */
    @Test
    @Tag("slow")
    void acknowledgedSamplesSurviveFiftySigkills() throws Exception {
        run(Math.max(SLOW_ROUNDS, Integer.getInteger("tessera.crash.rounds", 0)));
    }

    private void run(int rounds) throws Exception {
        CrashRun run = CrashRun.start("crash test", rounds, tmp);
        long ackedTotal = 0;
        for (int round = 0; round < rounds; round++) {
            Path config = writeConfig(round % 2 == 0 ? "interval" : "always");
            ChildServer server = ChildServer.start(config, run.data(), run.log());
            if (round > 0) {
                verify(server.address(), "round " + round + " after SIGKILL, seed " + run.seed());
            }
            List<Runnable> writers = CrashRun.writers(WRITERS, writer -> write(server.address(), writer));
            long before = ackedTotal;
            server.killUnderLoad(
                    writers, () -> ackedCount() > before, 300 + run.random().nextInt(1500));
            long total = ackedCount();
            assertThat(total).as("requests acknowledged by round %d", round).isGreaterThan(ackedTotal);
            ackedTotal = total;
        }
        ChildServer server = ChildServer.start(writeConfig("interval"), run.data(), run.log());
        verify(server.address(), "after the last SIGKILL, seed " + run.seed());
        server.stop();
        ChildServer clean = ChildServer.start(writeConfig("interval"), run.data(), run.log());
        assertThat(clean.output).anySatisfy(line -> assertThat(line).contains("then 0 log records"));
        verify(clean.address(), "after a clean stop, seed " + run.seed());
        clean.stop();
        System.out.println("crash test: " + rounds + " SIGKILL rounds, " + ackedTotal + " requests = "
                + ackedTotal * SERIES_PER_WRITER * SAMPLES_PER_REQUEST + " samples acknowledged, 0 lost; "
                + Files.readAllLines(run.log()).stream()
                        .filter(l -> l.contains("torn"))
                        .count() + " torn-record reports");
    }

    private long ackedCount() {
        long total = 0;
        for (ConcurrentSkipListSet<Long> a : acked) {
            total += a.size();
        }
        return total;
    }

    private Path writeConfig(String fsync) throws Exception {
        return CrashRun.writeConfig(tmp, CrashRun.SAMPLE_STORAGE, fsync);
    }

    private static Labels series(int writer, int s) {
        return Labels.of("__name__", "crash_test", "writer", "w" + writer, "series", "s" + s);
    }

    private static double value(int writer, int s, long index) {
        return index * 0.5 + writer * 1000 + s;
    }

    /** Sends requests until the server goes away; request k of a writer holds sample indexes [k*N, (k+1)*N). */
    private void write(String address, int writer) {
        while (true) {
            long first = nextIndex[writer];
            nextIndex[writer] = first + SAMPLES_PER_REQUEST;
            WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.UTF8);
            for (int s = 0; s < SERIES_PER_WRITER; s++) {
                for (long i = first; i < first + SAMPLES_PER_REQUEST; i++) {
                    b.addSample(T0 + i * STEP, value(writer, s, i));
                }
                b.endSeries(series(writer, s));
            }
            switch (ServerHttp.sendWhileKillable(ServerHttp.remoteWrite(address, b.build()), 204, "write")) {
                case ACCEPTED -> acked.get(writer).add(first / SAMPLES_PER_REQUEST);
                case BUSY -> {}
                case GONE -> {
                    return;
                }
            }
        }
    }

    private void verify(String address, String when) throws Exception {
        long end = T0 + (maxIndex() + 1) * STEP;
        for (int w = 0; w < WRITERS; w++) {
            JsonNode answer = ServerHttp.getJson(
                    address,
                    "/api/v1/query?query=" + ServerHttp.enc("crash_test{writer=\"w" + w + "\"}[10y]") + "&time="
                            + BigDecimal.valueOf(end).movePointLeft(3).toPlainString());
            TreeMap<String, JsonNode> bySeries = new TreeMap<>();
            for (JsonNode series : answer.path("data").path("result")) {
                bySeries.put(
                        series.path("metric").path("writer").asText() + "/"
                                + series.path("metric").path("series").asText(),
                        series.path("values"));
            }
            for (int s = 0; s < SERIES_PER_WRITER; s++) {
                JsonNode values = bySeries.get("w" + w + "/s" + s);
                ConcurrentSkipListSet<Long> present = new ConcurrentSkipListSet<>();
                long previous = Long.MIN_VALUE;
                if (values != null) {
                    for (JsonNode point : values) {
                        long ts = new BigDecimal(point.get(0).asText())
                                .movePointRight(3)
                                .longValueExact();
                        long index = (ts - T0) / STEP;
                        assertThat(ts)
                                .as("%s: w%d/s%d timestamps ascend, none twice", when, w, s)
                                .isGreaterThan(previous);
                        assertThat((ts - T0) % STEP).isZero();
                        assertThat(index)
                                .as("%s: w%d/s%d holds only samples that were sent", when, w, s)
                                .isLessThan(nextIndex[w]);
                        assertThat(Double.parseDouble(point.get(1).asText()))
                                .as("%s: value at %d", when, ts)
                                .isEqualTo(value(w, s, index));
                        present.add(index);
                        previous = ts;
                    }
                }
                for (long request : acked.get(w)) {
                    for (long i = request * SAMPLES_PER_REQUEST; i < (request + 1) * SAMPLES_PER_REQUEST; i++) {
                        if (!present.contains(i)) {
                            throw new AssertionError(
                                    when + ": acknowledged sample " + i + " of w" + w + "/s" + s + " is missing");
                        }
                    }
                }
            }
        }
    }

    private long maxIndex() {
        long max = 0;
        for (long n : nextIndex) {
            max = Math.max(max, n);
        }
        return max;
    }
}
