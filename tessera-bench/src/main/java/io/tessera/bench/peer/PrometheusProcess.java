package io.tessera.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Prometheus server run as a child process on loopback, with its own temporary data
 * directory: the side-by-side peer for benchmarks and differential tests.
 */
public final class PrometheusProcess implements AutoCloseable {

    private final Process process;
    private final Path workDir;
    private final int port;

    private PrometheusProcess(Process process, Path workDir, int port) {
        this.process = process;
        this.workDir = workDir;
        this.port = port;
    }

    /** The Prometheus binary: {@code $PROMETHEUS_BIN}, else {@code prometheus} on the PATH, else null. */
    public static Path findBinary() {
        String configured = System.getenv("PROMETHEUS_BIN");
        if (configured != null && Files.isExecutable(Path.of(configured))) {
            return Path.of(configured);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path candidate = Path.of(dir, "prometheus");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** The message to show when {@link #findBinary()} finds nothing. */
    public static String installHint() {
        return "Prometheus is not installed: install it (Debian: apt-get install -y prometheus) or set PROMETHEUS_BIN";
    }

    /**
     * Starts Prometheus with {@code configYaml} as its configuration, the remote-write receiver
     * enabled, and waits until it is ready.
     */
    public static PrometheusProcess start(String configYaml, Duration readyTimeout, String... extraArgs) throws IOException {
        Path binary = findBinary();
        if (binary == null) {
            throw new IllegalStateException(installHint());
        }
        Path workDir = Files.createTempDirectory("prometheus-peer-");
        Files.writeString(workDir.resolve("prometheus.yml"), configYaml);
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(binary.toString(),
                "--config.file=" + workDir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + workDir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port,
                "--web.enable-remote-write-receiver",
                "--log.level=warn"));
        command.addAll(List.of(extraArgs));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(workDir.resolve("prometheus.log").toFile())
                .start();
        PrometheusProcess peer = new PrometheusProcess(process, workDir, port);
        try {
            peer.awaitReady(readyTimeout);
        } catch (IOException | RuntimeException e) {
            String log = peer.log();
            peer.close();
            throw new IOException("Prometheus did not become ready: " + e.getMessage() + "\n" + log, e);
        }
        return peer;
    }

    private void awaitReady(Duration timeout) throws IOException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the process exited with status " + process.exitValue());
            }
            try {
                HttpResponse<Void> r = client.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/-/ready"))
                        .timeout(Duration.ofSeconds(1)).build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for Prometheus", e);
            }
            sleep(100);
        }
        throw new IOException("not ready after " + timeout.toSeconds() + " s");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public String remoteWriteUrl() {
        return baseUrl() + "/api/v1/write";
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String log() {
        try {
            return Files.readString(workDir.resolve("prometheus.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(workDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
