package io.tessera.server.accel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** {@code tessera serve} over a data directory in a JVM of its own, which the fuzzer can SIGKILL. */
final class FuzzChildServer {

    private static final String LISTENING = "listening on http://";

    private final Process process;
    private final List<String> output = new CopyOnWriteArrayList<>();
    private volatile String address;

    private FuzzChildServer(Process process) {
        this.process = process;
    }

    static FuzzChildServer start(Path config, Path dataDir, Path log) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", classpath, "io.tessera.server.cli.TesseraCli", "serve",
                "--config", config.toString(), "--data-dir", dataDir.toString());
        pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        FuzzChildServer child = new FuzzChildServer(pb.start());
        Thread.ofPlatform().daemon().start(child::drain);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (child.address == null) {
            if (!child.process.isAlive()) {
                throw new IllegalStateException("tessera serve exited with " + child.process.exitValue() + ": " + child.output);
            }
            if (System.nanoTime() > deadline) {
                child.process.destroyForcibly();
                throw new IllegalStateException("tessera serve did not start in 60 s: " + child.output);
            }
            Thread.sleep(20);
        }
        return child;
    }

    private void drain() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                output.add(line);
                int i = line.indexOf(LISTENING);
                if (i >= 0) {
                    address = line.substring(i + LISTENING.length()).trim();
                }
            }
        } catch (IOException e) {
            output.add("(output ended: " + e + ")");
        }
    }

    String address() {
        return address;
    }

    /** SIGKILL: no snapshot, no clean close of the log. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: a clean stop. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("tessera serve did not stop in 60 s");
        }
    }
}
