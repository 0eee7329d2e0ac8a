package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.core.Labels;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.server.ExactAnswers;
import io.tessera.server.ServerHttp;
import io.tessera.sketch.StateFamily;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash test with an installed plan: a real {@code tessera serve --data-dir} is killed with
 * SIGKILL at random moments while writers send remote-write requests and a reader queries it.
 * After each restart the plan is back without being posted again, every acknowledged sample is
 * present exactly once, and once the views have caught up, the answers that say "answered from
 * view" equal the exact engine's answers over the same samples in a store that never crashed,
 * within 1e-9 relative. A late writer keeps sending samples into panes already built (and
 * perhaps saved), which must be answered exactly from then on, also across the crash. {@code -Dtessera.crash.rounds=N} for more rounds,
 * {@code -Dtessera.crash.seed=S} to repeat one.
 */
class ViewCrashRecoveryTest {

    private static final int WRITERS = 3;
    private static final int SERIES = 4;
    private static final int TICKS_PER_REQUEST = 10;
    private static final long T0 = 1_767_225_600_000L;
    private static final long STEP = 1000;
    private static final long PANE = 60_000;
    private static final List<String> QUERIES = List.of(
            "sum_over_time(crash_view[5m])",
            "count_over_time(crash_view[5m])",
            "max_over_time(crash_view[5m])",
            "avg_over_time(crash_view[5m])",
            "rate(crash_counter[5m])");

    @TempDir
    Path tmp;

    /** The next tick to hand out: requests of all writers share one timeline, as scrapes do. */
    private final AtomicLong nextTick = new AtomicLong();

    private final List<ConcurrentSkipListSet<Long>> sent = CrashRun.perWriter(WRITERS);
    private final List<ConcurrentSkipListSet<Long>> acked = CrashRun.perWriter(WRITERS);
    private final AtomicLong queriesDuringIngest = new AtomicLong();
    /** Timestamps of the late series: samples 12 to 62 minutes behind the newest, into panes that may be built. */
    private final ConcurrentSkipListSet<Long> lateSent = new ConcurrentSkipListSet<>();

    private final ConcurrentSkipListSet<Long> lateAcked = new ConcurrentSkipListSet<>();

    static InstallablePlan plan() {
        return ViewPlans.plan(
                QUERIES,
                List.of(StateFamily.SUM, StateFamily.COUNT, StateFamily.MAX, StateFamily.AVG),
                List.of("crash_counter"),
                PANE,
                100L * 365 * 24 * 3600 * 1000);
    }

    @Test
    void acceleratedAnswersAfterSigkillEqualThoseOfAStoreThatNeverCrashed() throws Exception {
        int rounds = Integer.getInteger("tessera.crash.rounds", 3);
        CrashRun run = CrashRun.start("view crash test", rounds, tmp);
        int fromView = 0;
        int total = 0;
        for (int round = 0; round <= rounds; round++) {
            ChildServer server =
                    ChildServer.start(writeConfig(round % 2 == 0 ? "interval" : "always"), run.data(), run.log());
            String address = server.address();
            if (round == 0) {
                HttpResponse<String> r = ServerHttp.post(address, "/api/v1/plan", InstallablePlanCodec.toJson(plan()));
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            } else {
                String when = "round " + round + " after SIGKILL, seed " + run.seed();
                assertThat(ServerHttp.getJson(address, "/api/v1/plan").toString())
                        .as(when + ": the plan is back")
                        .contains("crash_view");
                int[] counts = verify(address, when, run.random());
                fromView += counts[0];
                total += counts[1];
            }
            if (round == rounds) {
                awaitIngestionRunsIdle(address);
                server.stop();
                break;
            }
            List<Runnable> loads = new ArrayList<>(CrashRun.writers(WRITERS, writer -> write(address, writer)));
            loads.add(() -> query(address));
            long lateSeed = run.random().nextLong();
            loads.add(() -> writeLate(address, lateSeed));
            long ackedBefore = ackedCount();
            int lateBefore = lateAcked.size();
            server.killUnderLoad(
                    loads,
                    () -> ackedCount() > ackedBefore && lateAcked.size() > lateBefore,
                    400 + run.random().nextInt(1400));
        }
        ChildServer clean = ChildServer.start(writeConfig("interval"), run.data(), run.log());
        assertThat(clean.output).anySatisfy(line -> assertThat(line).contains("then 0 log records"));
        String after = Files.readAllLines(run.log()).stream()
                .filter(l -> l.contains("recovered") && l.contains("views"))
                .reduce((a, b) -> b)
                .orElse("");
        int[] counts = verify(clean.address(), "after a clean stop, seed " + run.seed(), run.random());
        fromView += counts[0];
        total += counts[1];
        assertThat(ServerHttp.metric(clean.address(), "tessera_view_panes_built_total"))
                .as("a clean stop saves every pane: none is built again")
                .isZero();
        clean.stop();
        System.out.println("view crash test: " + ackedCount()
                + " requests acknowledged, " + queriesDuringIngest.get() + " queries during ingest, " + fromView
                + " of " + total
                + " checked answers from views, " + lateAcked.size() + " late samples acknowledged; last start: "
                + after);
        assertThat(lateAcked).as("late samples were acknowledged").isNotEmpty();
        assertThat(fromView).as("many checked answers come from views").isGreaterThan(total / 3);
    }

    private long ackedCount() {
        return acked.stream().mapToLong(ConcurrentSkipListSet::size).sum();
    }

    private Path writeConfig(String fsync) throws Exception {
        return CrashRun.writeConfig(tmp, CrashRun.SAMPLE_STORAGE + """
                  out_of_order_window: 10y
                acceleration:
                  allowed_lateness: 10m
                """, fsync);
    }

    private static long ts(int writer, long tick) {
        return T0 + tick * STEP + 1 + writer * 7;
    }

    private static double gauge(int writer, int s, long tick) {
        return ((tick * 7919 + writer * 31 + s * 17) % 1000) / 4.0;
    }

    /** Sends requests until the server goes away; a request holds ticks [first, first + N) of the writer's series. */
    private void write(String address, int writer) {
        while (true) {
            long first = nextTick.getAndAdd(TICKS_PER_REQUEST);
            WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.UTF8);
            for (int s = 0; s < SERIES; s++) {
                for (long i = first; i < first + TICKS_PER_REQUEST; i++) {
                    b.addSample(ts(writer, i), gauge(writer, s, i));
                }
                b.endSeries(Labels.of("__name__", "crash_view", "writer", "w" + writer, "series", "s" + s));
            }
            for (long i = first; i < first + TICKS_PER_REQUEST; i++) {
                b.addSample(ts(writer, i), i);
            }
            b.endSeries(Labels.of("__name__", "crash_counter", "writer", "w" + writer));
            sent.get(writer).add(first);
            switch (ServerHttp.sendWhileKillable(ServerHttp.remoteWrite(address, b.build()), 204, "write")) {
                case ACCEPTED -> acked.get(writer).add(first);
                case BUSY -> {}
                case GONE -> {
                    return;
                }
            }
        }
    }

    private static final Labels LATE = Labels.of("__name__", "crash_view", "writer", "late", "series", "s0");

    private static double lateValue(long t) {
        return (t % 977) / 8.0;
    }

    /**
     * Every 300 ms or so, one sample 12 to 62 minutes behind the newest: past the allowed
     * lateness, so it reaches a pane that may be built, saved, or both, and makes it unusable.
     */
    private void writeLate(String address, long seed) {
        Random r = new Random(seed);
        while (true) {
            try {
                Thread.sleep(200 + r.nextInt(200));
            } catch (InterruptedException e) {
                return;
            }
            long tick = nextTick.get() - 720 - r.nextInt(3000);
            long t = T0 + tick * STEP + 500;
            if (tick < 0 || !lateSent.add(t)) {
                continue;
            }
            WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.UTF8);
            b.addSample(t, lateValue(t));
            b.endSeries(LATE);
            switch (ServerHttp.sendWhileKillable(ServerHttp.remoteWrite(address, b.build()), 204, "late write")) {
                case ACCEPTED -> lateAcked.add(t);
                case BUSY -> {}
                case GONE -> {
                    return;
                }
            }
        }
    }

    /** Queries the views while data comes in, so that kills also land during query runs. */
    private void query(String address) {
        Random r = new Random();
        while (true) {
            long t = T0 + Math.max(PANE, (nextTick.get() - 700) * STEP) + r.nextInt(60_000);
            try {
                HttpResponse<String> resp = ServerHttp.send(HttpRequest.newBuilder(ServerHttp.uri(
                                address,
                                "/api/v1/query?query=" + ServerHttp.enc(QUERIES.get(r.nextInt(QUERIES.size())))
                                        + "&time=" + t / 1000.0))
                        .timeout(Duration.ofSeconds(10))
                        .GET());
                assertThat(resp.statusCode()).as(resp.body()).isEqualTo(200);
                queriesDuringIngest.incrementAndGet();
            } catch (java.io.IOException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Checks the raw samples against what was sent and acknowledged, waits for the views to
     * catch up, then compares accelerated answers with the exact engine over a store that holds
     * the same samples and never crashed. Returns {answers from views, answers checked}.
     */
    private int[] verify(String address, String when, Random random) throws Exception {
        RawStore reference = new RawStore(RawStoreConfig.defaults().withRetention(Long.MAX_VALUE / 4));
        long newest = Long.MIN_VALUE;
        for (String metric : List.of("crash_view", "crash_counter")) {
            long end = ts(WRITERS, nextTick.get() + 1);
            JsonNode result = ServerHttp.getJson(
                            address,
                            "/api/v1/query?query=" + ServerHttp.enc(metric + "[10y]")
                                    + "&time="
                                    + BigDecimal.valueOf(end).movePointLeft(3).toPlainString())
                    .path("data")
                    .path("result");
            Map<String, ConcurrentSkipListSet<Long>> ticksBySeries = new HashMap<>();
            for (JsonNode series : result) {
                if (series.path("metric").path("writer").asText().equals("late")) {
                    AppendRequest.Builder b = AppendRequest.builder().series(LATE);
                    long previous = Long.MIN_VALUE;
                    ConcurrentSkipListSet<Long> present = new ConcurrentSkipListSet<>();
                    for (JsonNode point : series.path("values")) {
                        long t = new BigDecimal(point.get(0).asText())
                                .movePointRight(3)
                                .longValueExact();
                        double v = Double.parseDouble(point.get(1).asText());
                        assertThat(t)
                                .as("%s: late timestamps ascend, none twice", when)
                                .isGreaterThan(previous);
                        assertThat(lateSent)
                                .as("%s: only late samples that were sent", when)
                                .contains(t);
                        assertThat(v).isEqualTo(lateValue(t));
                        present.add(t);
                        b.sample(t, v);
                        previous = t;
                    }
                    assertThat(present)
                            .as("%s: every acknowledged late sample", when)
                            .containsAll(lateAcked);
                    reference.append(b.build());
                    continue;
                }
                int w = Integer.parseInt(
                        series.path("metric").path("writer").asText().substring(1));
                String name = series.path("metric").path("series").asText("");
                int s = name.isEmpty() ? -1 : Integer.parseInt(name.substring(1));
                AppendRequest.Builder b = AppendRequest.builder().series(ServerHttp.labels(series.path("metric")));
                ConcurrentSkipListSet<Long> ticks = new ConcurrentSkipListSet<>();
                long previous = Long.MIN_VALUE;
                for (JsonNode point : series.path("values")) {
                    long t = new BigDecimal(point.get(0).asText())
                            .movePointRight(3)
                            .longValueExact();
                    long tick = (t - T0 - 1 - w * 7) / STEP;
                    double v = Double.parseDouble(point.get(1).asText());
                    assertThat(t)
                            .as("%s: %s timestamps ascend, none twice", when, series.path("metric"))
                            .isGreaterThan(previous);
                    assertThat(t).isEqualTo(ts(w, tick));
                    assertThat(sent.get(w))
                            .as("%s: only samples that were sent", when)
                            .contains(tick - tick % TICKS_PER_REQUEST);
                    assertThat(v).as("%s: value at %d", when, t).isEqualTo(s < 0 ? (double) tick : gauge(w, s, tick));
                    ticks.add(tick);
                    b.sample(t, v);
                    previous = t;
                    newest = Math.max(newest, t);
                }
                reference.append(b.build());
                ticksBySeries.put(w + "/" + s, ticks);
            }
            for (int w = 0; w < WRITERS; w++) {
                for (int s = metric.equals("crash_view") ? 0 : -1;
                        s < (metric.equals("crash_view") ? SERIES : 0);
                        s++) {
                    ConcurrentSkipListSet<Long> present =
                            ticksBySeries.getOrDefault(w + "/" + s, new ConcurrentSkipListSet<>());
                    for (long first : acked.get(w)) {
                        for (long i = first; i < first + TICKS_PER_REQUEST; i++) {
                            if (!present.contains(i)) {
                                throw new AssertionError(when + ": acknowledged sample " + i + " of " + metric + " w"
                                        + w + "/s" + s + " is missing");
                            }
                        }
                    }
                }
            }
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (ServerHttp.metric(address, "tessera_view_lag_seconds") > PANE / 1000.0) {
            assertThat(System.nanoTime()).as(when + ": the views catch up").isLessThan(deadline);
            Thread.sleep(100);
        }
        long last = newest - 10 * PANE - 2 * PANE;
        int fromView = 0;
        int checked = 0;
        PromqlEngine engine = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
        for (int k = 0; k < 6 && last > T0 + 6 * PANE; k++) {
            long t = k == 0 ? last : T0 + 6 * PANE + (long) (random.nextDouble() * (last - T0 - 6 * PANE));
            for (String q : QUERIES) {
                JsonNode body = ServerHttp.getJson(
                        address,
                        "/api/v1/query?query=" + ServerHttp.enc(q) + "&time="
                                + BigDecimal.valueOf(t).movePointLeft(3).toPlainString());
                boolean accelerated = body.path("infos").toString().contains("answered from view");
                QueryResult exact = engine.instant(q, t, new StoreDataStore(reference));
                String what = when + ": " + q + " at " + t + (accelerated ? " (from views)" : " (exact)");
                assertThat(ExactAnswers.assertVectorAgrees(
                                what,
                                body.path("data").path("result"),
                                ((QueryResult.VectorResult) exact).samples(),
                                1e-9))
                        .as(what + " has answers")
                        .isNotEmpty();
                checked++;
                fromView += accelerated ? 1 : 0;
            }
        }
        return new int[] {fromView, checked};
    }

    /**
     * Waits until the ingestion runs have built every pane they can (the built count holds still
     * for a second), so that the clean stop that follows has every pane to save: on a loaded
     * machine the runs resumed after a SIGKILL may still be catching up.
     */
    private static void awaitIngestionRunsIdle(String address) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        double last = -1;
        int still = 0;
        while (still < 4 && System.nanoTime() < deadline) {
            double built = ServerHttp.metric(address, "tessera_view_panes_built_total");
            still = built == last ? still + 1 : 0;
            last = built;
            Thread.sleep(250);
        }
    }
}
