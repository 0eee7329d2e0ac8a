package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.ServerHttp;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a real {@code tessera serve --data-dir} with SIGKILL while writers post table rows, and
 * checks after each restart, over {@code /api/v1/sql}, that every acknowledged request is there
 * exactly once and whole, and that every request there is whole and was sent.
 * {@code -Dtessera.crash.rounds=N} runs more rounds (2 by default).
 */
class TableRowsCrashTest {

    private static final int WRITERS = 2;
    private static final int ROWS_PER_REQUEST = 25;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private final long[] sent = new long[WRITERS];
    private final List<ConcurrentSkipListSet<Long>> acked = CrashRun.perWriter(WRITERS);
    private final long base = System.currentTimeMillis() - 3_600_000;
    private final ConcurrentSkipListSet<String> failures = new ConcurrentSkipListSet<>();

    @Test
    void acknowledgedRowsSurviveSigkill() throws Exception {
        int rounds = Integer.getInteger("tessera.crash.rounds", 2);
        CrashRun run = CrashRun.start("table crash test", rounds, tmp);
        long ackedTotal = 0;
        for (int round = 0; round < rounds; round++) {
            ChildServer server =
                    ChildServer.start(writeConfig(round % 2 == 0 ? "interval" : "always"), run.data(), run.log());
            if (round > 0) {
                verify(server.address(), "round " + round + " after SIGKILL, seed " + run.seed());
            }
            List<Runnable> writers = CrashRun.writers(WRITERS, writer -> write(server.address(), writer));
            long before = ackedTotal;
            server.killUnderLoad(
                    writers,
                    () -> acked.get(0).size() + acked.get(1).size() > before || !failures.isEmpty(),
                    200 + run.random().nextInt(1200));
            assertThat(failures).isEmpty();
            long total = acked.get(0).size() + acked.get(1).size();
            assertThat(total).as("requests acknowledged by round %d", round).isGreaterThan(ackedTotal);
            ackedTotal = total;
        }
        ChildServer server = ChildServer.start(writeConfig("interval"), run.data(), run.log());
        verify(server.address(), "after the last SIGKILL, seed " + run.seed());
        server.stop();
        System.out.println("table crash test: " + ackedTotal + " requests acknowledged over " + rounds + " rounds");
    }

    private Path writeConfig(String fsync) throws Exception {
        return CrashRun.writeConfig(tmp, """
                listen: 127.0.0.1:0
                storage:
                  wal_fsync: %s
                  wal_segment_size: 64KiB
                tables:
                  - name: rows
                    time_column: ts
                    dimensions: [{name: request, type: LONG}]
                    measures: [{name: x, type: DOUBLE}]
                """, fsync);
    }

    /** Request k of writer w has the id w * 1e9 + k in every one of its rows. */
    private void write(String address, int writer) {
        Random random = new Random(writer);
        while (true) {
            long request = sent[writer]++;
            long id = writer * 1_000_000_000L + request;
            StringBuilder body = new StringBuilder("ts,request,x\n");
            for (int i = 0; i < ROWS_PER_REQUEST; i++) {
                body.append(base + random.nextInt(3_000_000))
                        .append(',')
                        .append(id)
                        .append(',')
                        .append(i)
                        .append('\n');
            }
            ServerHttp.Outcome outcome;
            try {
                outcome = ServerHttp.sendWhileKillable(
                        HttpRequest.newBuilder(ServerHttp.uri(address, "/api/v1/tables/rows/rows"))
                                .header("Content-Type", "text/csv")
                                .POST(HttpRequest.BodyPublishers.ofString(body.toString())),
                        200,
                        "rows");
            } catch (AssertionError e) {
                failures.add(e.getMessage());
                return;
            }
            switch (outcome) {
                case ACCEPTED -> acked.get(writer).add(request);
                case BUSY -> {}
                case GONE -> {
                    return;
                }
            }
        }
    }

    private void verify(String address, String when) throws Exception {
        String query = "SELECT request, count(*) AS n, sum(x) AS s FROM rows GROUP BY request";
        HttpResponse<String> r = ServerHttp.post(address, "/api/v1/sql", query);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        Map<Long, long[]> present = new HashMap<>();
        for (JsonNode row : JSON.readTree(r.body()).get("rows")) {
            present.put(
                    row.get(0).asLong(),
                    new long[] {row.get(1).asLong(), row.get(2).asLong()});
        }
        long wholeSum = (long) ROWS_PER_REQUEST * (ROWS_PER_REQUEST - 1) / 2;
        for (Map.Entry<Long, long[]> e : present.entrySet()) {
            int writer = (int) (e.getKey() / 1_000_000_000L);
            long request = e.getKey() % 1_000_000_000L;
            assertThat(writer).as(when).isBetween(0, WRITERS - 1);
            assertThat(request).as("%s: request %d was sent", when, e.getKey()).isLessThan(sent[writer]);
            assertThat(e.getValue()[0])
                    .as("%s: request %d is there once and whole", when, e.getKey())
                    .isEqualTo(ROWS_PER_REQUEST);
            assertThat(e.getValue()[1]).as(when).isEqualTo(wholeSum);
        }
        for (int w = 0; w < WRITERS; w++) {
            for (long request : acked.get(w)) {
                assertThat(present)
                        .as("%s: acknowledged request %d of writer %d", when, request, w)
                        .containsKey(w * 1_000_000_000L + request);
            }
        }
    }
}
