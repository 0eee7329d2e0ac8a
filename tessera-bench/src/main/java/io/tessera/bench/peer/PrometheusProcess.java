package io.tessera.bench.peer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real Prometheus server run as a child process on loopback, with its own temporary data
 * directory: the side-by-side peer for benchmarks and differential tests.
 */
public final class PrometheusProcess extends LoopbackServer {

    private PrometheusProcess(ChildProcess child, int port) {
        super(child, port);
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

    /**
     * Whether there is no Prometheus binary; if so, says on standard error that {@code command}
     * needs one to compare against, and how to install it.
     */
    public static boolean missingFor(String command) {
        if (findBinary() != null) {
            return false;
        }
        System.err.println(command + " needs a Prometheus 2.x binary to compare against. " + installHint());
        return true;
    }

    /** The message to show when {@link #findBinary()} finds nothing. */
    public static String installHint() {
        return "Prometheus is not installed: install it (Debian: apt-get install -y prometheus) or set PROMETHEUS_BIN";
    }

    /** Prometheus with nothing to scrape, only its remote-write receiver, ready. */
    public static PrometheusProcess startReceiver() throws IOException {
        return start("global: {}\n", READY_TIMEOUT);
    }

    /**
     * Starts Prometheus with {@code configYaml} as its configuration, the remote-write receiver
     * enabled, and waits until it is ready.
     */
    public static PrometheusProcess start(String configYaml, Duration readyTimeout, String... extraArgs)
            throws IOException {
        Path binary = findBinary();
        if (binary == null) {
            throw new IllegalStateException(installHint());
        }
        Path workDir = Files.createTempDirectory("prometheus-peer-");
        Files.writeString(workDir.resolve("prometheus.yml"), configYaml);
        int port = ChildProcess.freePort();
        List<String> command = new ArrayList<>(List.of(
                binary.toString(),
                "--config.file=" + workDir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + workDir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port,
                "--web.enable-remote-write-receiver",
                "--log.level=warn"));
        command.addAll(List.of(extraArgs));
        String base = "http://127.0.0.1:" + port;
        return new PrometheusProcess(
                ChildProcess.start(command, workDir, base + "/-/ready", readyTimeout, "Prometheus"), port);
    }

    public static int freePort() throws IOException {
        return ChildProcess.freePort();
    }
}
