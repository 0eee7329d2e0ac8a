package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.clickhouse.client.api.Client;
import com.clickhouse.client.api.data_formats.ClickHouseBinaryFormatReader;
import com.clickhouse.client.api.query.GenericRecord;
import com.clickhouse.client.api.query.QueryResponse;
import com.clickhouse.client.api.query.QuerySettings;
import com.clickhouse.data.ClickHouseFormat;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official ClickHouse Java client (client-v2) against Tessera's ClickHouse interface on
 * loopback: it reads RowBinaryWithNamesAndTypes by default and Native when asked, and must read
 * the same rows and types as Tessera's JSON format gives and as the sums computed here.
 */
class ClickHouseClientTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static TesseraServer server;
    private static Client client;
    private static long base;
    /** host -> {count, sum of latency, sum of status} */
    private static final Map<String, double[]> EXPECTED = new TreeMap<>();

    private static final Map<String, Map<Long, Long>> STATUS_COUNTS = new TreeMap<>();

    @BeforeAll
    static void start() {
        server = TesseraServer.start(ConfigLoader.parse(SqlSurfacesTest.CONFIG));
        base = System.currentTimeMillis() - 3_600_000;
        Random random = new Random(11);
        RequestRows rows = RequestRows.generate(
                base, 500, random, i -> "h-" + random.nextInt(5) + (i % 97 == 0 ? "é\t\"q\"" : ""), 10_000, 16.0);
        EXPECTED.putAll(rows.byHost());
        STATUS_COUNTS.putAll(rows.statusCounts());
        rows.postTo(server);
        client = new Client.Builder()
                .addEndpoint("http://" + server.address())
                .setUsername("default")
                .setPassword("")
                .compressServerResponse(false)
                .build();
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        server.close();
    }

    private static JsonNode json(String sql) throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + "/?query="
                                + URLEncoder.encode(sql + " FORMAT JSON", StandardCharsets.UTF_8)))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    static final String GROUPED =
            "SELECT host, count(*) AS n, sum(latency) AS total, sum(status) AS statuses, max(ts) AS last "
                    + "FROM requests GROUP BY host ORDER BY host";

    @Test
    void theClientPingsAndReadsRowBinaryWithNamesAndTypes() throws Exception {
        assertThat(client.ping()).isTrue();
        List<GenericRecord> records = client.queryAll(GROUPED);
        JsonNode json = json(GROUPED);
        assertThat(records).hasSize(EXPECTED.size());
        assertThat(json.get("data")).hasSize(EXPECTED.size());
        int i = 0;
        for (Map.Entry<String, double[]> e : EXPECTED.entrySet()) {
            GenericRecord r = records.get(i);
            JsonNode j = json.get("data").get(i++);
            assertThat(r.getString("host"))
                    .isEqualTo(e.getKey())
                    .isEqualTo(j.get("host").asText());
            assertThat(r.getLong("n"))
                    .isEqualTo((long) e.getValue()[0])
                    .isEqualTo(j.get("n").asLong());
            assertThat(r.getDouble("total"))
                    .isEqualTo(e.getValue()[1])
                    .isEqualTo(j.get("total").asDouble());
            assertThat(r.getLong("statuses")).isEqualTo((long) e.getValue()[2]);
            ZonedDateTime last = r.getZonedDateTime("last");
            assertThat(ClickHouseValues.dateTime64(last.toInstant().toEpochMilli()))
                    .isEqualTo(j.get("last").asText());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Native", "RowBinaryWithNamesAndTypes"})
    void theClientReadsTheSameRowsAndTypesAsTheJsonFormat(String format) throws Exception {
        QuerySettings settings = new QuerySettings().setFormat(ClickHouseFormat.valueOf(format));
        JsonNode json = json(GROUPED);
        try (QueryResponse response = client.query(GROUPED, settings).get(30, TimeUnit.SECONDS)) {
            ClickHouseBinaryFormatReader reader = client.newBinaryFormatReader(response);
            List<String> types = new ArrayList<>();
            for (var c : reader.getSchema().getColumns()) {
                types.add(c.getColumnName() + " " + c.getOriginalTypeName());
            }
            List<String> jsonTypes = new ArrayList<>();
            json.get("meta")
                    .forEach(m -> jsonTypes.add(
                            m.get("name").asText() + " " + m.get("type").asText()));
            assertThat(types).isEqualTo(jsonTypes);
            int i = 0;
            while (reader.hasNext()) {
                reader.next();
                JsonNode j = json.get("data").get(i++);
                assertThat(reader.getString("host")).isEqualTo(j.get("host").asText());
                assertThat(reader.getLong("n")).isEqualTo(j.get("n").asLong());
                assertThat(reader.getDouble("total")).isEqualTo(j.get("total").asDouble());
                assertThat(reader.getLong("statuses"))
                        .isEqualTo(j.get("statuses").asLong());
                assertThat(ClickHouseValues.dateTime64(
                                reader.getZonedDateTime("last").toInstant().toEpochMilli()))
                        .isEqualTo(j.get("last").asText());
            }
            assertThat(i).isEqualTo(EXPECTED.size());
        }
    }

    @Test
    void nullableColumnsAndEmptyResults() throws Exception {
        String sql = "SELECT count(*) AS n, max(latency) AS top FROM requests WHERE ts > " + (base + 10_000_000);
        JsonNode json = json(sql);
        assertThat(json.get("meta").get(1).get("type").asText()).isEqualTo("Nullable(Float64)");
        List<GenericRecord> records = client.queryAll(sql);
        assertThat(records).hasSize(1);
        assertThat(records.getFirst().getLong("n")).isZero();
        assertThat(records.getFirst().getObject("top")).isNull();
        assertThat(client.queryAll("SELECT host, count(*) AS n FROM requests WHERE ts < 0 GROUP BY host"))
                .isEmpty();
        // client-v2's Native reader takes a Nullable column as a flag byte before each value, as
        // RowBinary does, not as Native's null map: Native's Nullable layout is checked in ClickHouseBinaryTest
    }

    // client-v2's Native reader does not read Array columns as Native lays them out (offsets, then
    // the elements): Native's arrays are checked byte by byte in ClickHouseBinaryTest
    @Test
    void topKIsAnArrayInRowBinaryAndTheTextFormats() throws Exception {
        String format = "RowBinaryWithNamesAndTypes";
        String sql =
                "SELECT host, topK(2)(status) AS top, topK(host) AS hosts FROM requests GROUP BY host ORDER BY host";
        JsonNode json = json(sql);
        assertThat(json.get("meta").get(1).get("type").asText()).isEqualTo("Array(Int64)");
        assertThat(json.get("meta").get(2).get("type").asText()).isEqualTo("Array(String)");
        try (QueryResponse response = client.query(sql, new QuerySettings().setFormat(ClickHouseFormat.valueOf(format)))
                .get(30, TimeUnit.SECONDS)) {
            ClickHouseBinaryFormatReader reader = client.newBinaryFormatReader(response);
            int i = 0;
            while (reader.hasNext()) {
                reader.next();
                JsonNode j = json.get("data").get(i++);
                String host = reader.getString("host");
                assertThat(host).isEqualTo(j.get("host").asText());
                List<Long> top = new ArrayList<>();
                for (long v : reader.getLongArray("top")) {
                    top.add(v);
                }
                List<Long> fromJson = new ArrayList<>();
                j.get("top").forEach(v -> fromJson.add(v.asLong()));
                assertThat(top).isEqualTo(fromJson).isEqualTo(topStatuses(host, 2));
                assertThat(reader.getList("hosts")).containsExactly(host);
            }
            assertThat(i).isEqualTo(EXPECTED.size());
        }
        HttpResponse<String> tsv = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + "/?query="
                                + URLEncoder.encode(sql, StandardCharsets.UTF_8)))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        String first = EXPECTED.keySet().iterator().next();
        List<Long> want = topStatuses(first, 2);
        assertThat(tsv.body().split("\n")[0])
                .endsWith("\t[" + want.get(0) + "," + want.get(1) + "]\t['"
                        + first.replace("\t", "\\t").replace("'", "\\'") + "']");
    }

    /** The k most frequent statuses of a host, counted here from the generated rows; ties by smaller status. */
    private static List<Long> topStatuses(String host, int k) {
        return STATUS_COUNTS.get(host).entrySet().stream()
                .sorted((a, b) -> a.getValue().equals(b.getValue())
                        ? Long.compare(a.getKey(), b.getKey())
                        : Long.compare(b.getValue(), a.getValue()))
                .limit(k)
                .map(Map.Entry::getKey)
                .toList();
    }

    @Test
    void probesAndCatalogLookUps() throws Exception {
        assertThat(client.queryAll("SELECT timeZone()").getFirst().getString(1)).isEqualTo("UTC");
        assertThat(client.queryAll("SELECT version()").getFirst().getString(1)).isEqualTo(ClickHouseEndpoint.VERSION);
        assertThat(client.queryAll("SELECT currentDatabase()").getFirst().getString(1))
                .isEqualTo("default");
        assertThat(client.queryAll("SHOW DATABASES").stream()
                        .map(r -> r.getString("name"))
                        .toList())
                .containsExactly("default");
        assertThat(client.queryAll("SHOW TABLES FROM default").stream()
                        .map(r -> r.getString("name"))
                        .toList())
                .containsExactly("requests");
        List<String> columns = client.queryAll("DESCRIBE TABLE requests").stream()
                .map(r -> r.getString("name") + " " + r.getString("type"))
                .toList();
        assertThat(columns)
                .containsExactly("ts DateTime64(3, 'UTC')", "host String", "status Int64", "latency Float64");
        assertThatThrownBy(() -> client.queryAll("SELECT name FROM system.columns WHERE table = 'requests'"))
                .rootCause()
                .hasMessageContaining("Code: 60")
                .hasMessageContaining("system.columns");
    }

    @Test
    void aClientAskingForCompressedBlocksIsToldTheyAreNotWritten() {
        try (Client compressing = new Client.Builder()
                .addEndpoint("http://" + server.address())
                .setUsername("default")
                .setPassword("")
                .compressServerResponse(true)
                .build()) {
            assertThatThrownBy(() -> compressing.queryAll("SELECT 1"))
                    .rootCause()
                    .hasMessageContaining("Code: 48")
                    .hasMessageContaining("compress=1");
        }
    }
}
