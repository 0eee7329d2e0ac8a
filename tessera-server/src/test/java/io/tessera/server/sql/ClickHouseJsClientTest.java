package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official ClickHouse JavaScript client ({@code @clickhouse/client}, run by Node.js) against
 * Tessera's ClickHouse interface on loopback: its ping, and one grouped query read as
 * JSONEachRow, JSON and TabSeparated, against the counts and sums computed here; an unsupported
 * construct must reach the client as an error naming it. {@code .ci/run} installs the client under
 * {@code target/js-clients}; without Node.js or the client the test is skipped, saying so.
 */
class ClickHouseJsClientTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path MODULES = Path.of(System.getProperty("user.dir"))
            .resolve("../target/js-clients/node_modules")
            .normalize();
    private static final String QUERY = "SELECT host, count(*) AS n, sum(latency) AS total FROM requests "
            + "WHERE ts > now() - INTERVAL 2 HOUR GROUP BY host ORDER BY host";
    private static TesseraServer server;
    /** host -> {count, sum of latency, sum of status}, in the query's order */
    private static final Map<String, double[]> EXPECTED = new TreeMap<>();

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(
                Files.isDirectory(MODULES.resolve("@clickhouse/client")),
                "skipped: the ClickHouse JavaScript client is not installed under " + MODULES
                        + " (.ci/run installs it: npm install --prefix target/js-clients @clickhouse/client)");
        Assumptions.assumeTrue(nodeVersion() != null, "skipped: no Node.js (node) on the PATH");
        server = TesseraServer.start(ConfigLoader.parse(SqlSurfacesTest.CONFIG));
        Random random = new Random(23);
        RequestRows rows = RequestRows.generate(
                System.currentTimeMillis() - 3_600_000, 400, random, i -> "h-" + random.nextInt(4), 10_000, 8.0);
        EXPECTED.putAll(rows.byHost());
        rows.postTo(server);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String nodeVersion() {
        try {
            Process p = new ProcessBuilder("node", "--version")
                    .redirectErrorStream(true)
                    .start();
            String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? v : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static JsonNode runClient() throws Exception {
        Path script = Files.createTempFile("tessera-clickhouse-js-", ".cjs");
        try (InputStream in = ClickHouseJsClientTest.class.getResourceAsStream("/clickhouse-js/queries.cjs")) {
            Files.write(script, in.readAllBytes());
        }
        try {
            ProcessBuilder b = new ProcessBuilder("node", script.toString(), "http://" + server.address(), QUERY);
            b.environment().put("NODE_PATH", MODULES.toString());
            Path err = Files.createTempFile("tessera-clickhouse-js-", ".err");
            b.redirectError(err.toFile());
            Process p = b.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS))
                    .as("the client finished")
                    .isTrue();
            assertThat(p.exitValue())
                    .as("the client's exit status; its errors: %s", Files.readString(err))
                    .isZero();
            Files.delete(err);
            return JSON.readTree(out);
        } finally {
            Files.delete(script);
        }
    }

    @Test
    void theJavaScriptClientReadsTheRowsInEachFormat() throws Exception {
        JsonNode out = runClient();
        assertThat(out.path("ping").asBoolean()).isTrue();
        List<String> hosts = new ArrayList<>(EXPECTED.keySet());

        JsonNode eachRow = out.path("eachRow");
        assertThat(eachRow.size()).isEqualTo(hosts.size());
        JsonNode json = out.path("json");
        assertThat(json.path("meta").toString())
                .contains("\"name\":\"n\",\"type\":\"Int64\"", "\"name\":\"total\",\"type\":\"Float64\"");
        assertThat(json.path("rows").asInt()).isEqualTo(hosts.size());
        String[] lines = out.path("tabSeparated").asText().split("\n");
        assertThat(lines).hasSize(hosts.size());
        for (int i = 0; i < hosts.size(); i++) {
            double[] e = EXPECTED.get(hosts.get(i));
            for (JsonNode row : List.of(eachRow.get(i), json.path("data").get(i))) {
                assertThat(row.path("host").asText()).isEqualTo(hosts.get(i));
                // 64-bit integers come quoted, as ClickHouse writes them by default
                assertThat(Long.parseLong(row.path("n").asText())).isEqualTo((long) e[0]);
                assertThat(row.path("total").asDouble()).isCloseTo(e[1], within(1e-9 * e[1]));
            }
            String[] fields = lines[i].split("\t");
            assertThat(fields[0]).isEqualTo(hosts.get(i));
            assertThat(Long.parseLong(fields[1])).isEqualTo((long) e[0]);
            assertThat(Double.parseDouble(fields[2])).isCloseTo(e[1], within(1e-9 * e[1]));
        }
        // a construct Tessera does not take reaches the client as ClickHouse's error, naming it
        assertThat(out.path("error").asText()).contains("unsupported SQL: UNION ALL");
    }
}
