package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableServerTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @TempDir
    Path tmp;

    private ServerConfig config() {
        return LoopbackServers.config("""
                storage:
                  retention: 100y
                  wal_fsync: always
                """).withDataDir(tmp.resolve("data").toString());
    }

    private static HttpResponse<String> send(TesseraServer server, HttpRequest.Builder b, String path)
            throws Exception {
        return CLIENT.send(
                b.uri(URI.create("http://" + server.address() + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aRestartKeepsWhatWasAcknowledgedAndMetricsDescribeTheLog() throws Exception {
        try (TesseraServer server = TesseraServer.start(config())) {
            HttpResponse<String> r = send(
                    server,
                    HttpRequest.newBuilder()
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "up{job=\"a\"} 1 1767225600000\nup{job=\"a\"} 0 1767225615000\n")),
                    "/api/v1/import/prometheus");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
            String metrics =
                    send(server, HttpRequest.newBuilder().GET(), "/metrics").body();
            assertThat(metrics)
                    .contains(
                            "tessera_wal_segments 1.0\n",
                            "tessera_wal_torn_records_total 0.0\n",
                            "tessera_snapshot_last_timestamp_seconds 0.0\n",
                            "tessera_recovery_duration_seconds ");
            assertThat(metrics).containsPattern("tessera_wal_bytes [1-9][0-9.E]*\n");
        }
        try (TesseraServer again = TesseraServer.start(config())) {
            assertThat(again.rawStore().stats().sampleCount()).isEqualTo(2);
            assertThat(again.recovery().snapshot()).isZero();
            assertThat(again.recovery().records()).isZero();
            String metrics =
                    send(again, HttpRequest.newBuilder().GET(), "/metrics").body();
            assertThat(metrics).containsPattern("tessera_snapshot_last_timestamp_seconds [1-9][0-9.E]*\n");
        }
    }
}
