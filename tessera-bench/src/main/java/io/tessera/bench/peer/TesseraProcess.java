package io.tessera.bench.peer;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tessera serve} run as a child JVM on loopback, from this JVM's own class path and
 * Java: the same footing as {@link PrometheusProcess}, so a benchmark's load generator does not
 * share a heap or a garbage collector with the server it measures.
 */
public final class TesseraProcess extends LoopbackServer {

    private static final String MAIN = "io.tessera.server.cli.TesseraCli";

    private TesseraProcess(ChildProcess child, int port) {
        super(child, port);
    }

    /** {@link #start(Duration, String...)} waiting the usual time for it to be ready. */
    public static TesseraProcess start(String... jvmArgs) throws IOException {
        return startConfigured(READY_TIMEOUT, null, jvmArgs);
    }

    /** {@link #startConfigured(Duration, String, String...)} waiting the usual time for it to be ready. */
    public static TesseraProcess startConfigured(String configYaml, String... jvmArgs) throws IOException {
        return startConfigured(READY_TIMEOUT, configYaml, jvmArgs);
    }

    /** Starts Tessera with {@code jvmArgs} added to its JVM's options and waits until it is ready. */
    public static TesseraProcess start(Duration readyTimeout, String... jvmArgs) throws IOException {
        return startConfigured(readyTimeout, null, jvmArgs);
    }

    /** {@link #start(Duration, String...)} with a configuration file's YAML text; null for none. */
    public static TesseraProcess startConfigured(Duration readyTimeout, String configYaml, String... jvmArgs)
            throws IOException {
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path workDir = Files.createTempDirectory("tessera-peer-");
        int port = ChildProcess.freePort();
        List<String> command = new ArrayList<>(
                List.of(java, "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow"));
        command.addAll(List.of(jvmArgs));
        command.addAll(List.of("-cp", absoluteClassPath(), MAIN, "serve", "--listen", "127.0.0.1:" + port));
        if (configYaml != null) {
            Path config = workDir.resolve("tessera.yaml");
            Files.writeString(config, configYaml);
            command.addAll(List.of("--config", config.toString()));
        }
        String base = "http://127.0.0.1:" + port;
        return new TesseraProcess(
                ChildProcess.start(command, workDir, base + "/-/ready", readyTimeout, "Tessera"), port);
    }

    /** This JVM's class path with every entry absolute, since the child runs in another directory. */
    private static String absoluteClassPath() {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            entries.add(Path.of(entry).toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, entries);
    }
}
