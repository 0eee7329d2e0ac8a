package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code tessera serve} processes on one data directory: the second refuses to start with
 * one line naming the holder and the directory, the first keeps serving; once the first is
 * killed, the lock file it leaves behind does not stop a new start.
 */
class DataDirLockTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path tmp;

    @Test
    void aSecondServerOnTheSameDataDirectoryIsRefusedAndTheFirstKeepsServing() throws Exception {
        Path data = tmp.resolve("data");
        Path config = tmp.resolve("tessera.yaml");
        Files.writeString(config, "listen: 127.0.0.1:0\nstorage:\n  retention: 100y\n");
        ChildServer first = ChildServer.start(config, data, tmp.resolve("first.log"));
        try {
            importSample(first.address(), "lock_test 1 1767225600000\n");
            Path secondLog = tmp.resolve("second.log");
            assertThatThrownBy(() -> ChildServer.start(config, data, secondLog)).hasMessageContaining("exited with 2");
            List<String> lines = Files.readAllLines(secondLog).stream()
                    .filter(l -> !l.isBlank())
                    .toList();
            assertThat(lines).as("the refusal is one line").hasSize(1);
            assertThat(lines.getFirst())
                    .startsWith("tessera: cannot start: ")
                    .contains(data.toAbsolutePath().toString())
                    .contains("pid " + first.process.pid());
            assertThat(first.process.isAlive()).isTrue();
            importSample(first.address(), "lock_test 2 1767225601000\n");
            assertThat(query(first.address(), "count_over_time(lock_test[1m])", 1_767_225_602L))
                    .contains("\"2\"");
        } finally {
            first.kill();
        }
        assertThat(data.resolve("lock"))
                .as("the killed server's lock file is still there")
                .exists();
        ChildServer third = ChildServer.start(config, data, tmp.resolve("third.log"));
        try {
            assertThat(query(third.address(), "count_over_time(lock_test[1m])", 1_767_225_602L))
                    .contains("\"2\"");
        } finally {
            third.stop();
        }
    }

    private static void importSample(String address, String text) throws Exception {
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + address + "/api/v1/import/prometheus"))
                        .POST(HttpRequest.BodyPublishers.ofString(text))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
    }

    private static String query(String address, String promql, long timeSeconds) throws Exception {
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + address + "/api/v1/query?query="
                                + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&time=" + timeSeconds))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return r.body();
    }
}
