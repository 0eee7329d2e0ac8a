package io.tessera.server.durability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** {@code tessera serve} in a JVM of its own, built from this JVM's java executable and class path. */
public final class ChildServer {

    final Process process;
    final List<String> output = new CopyOnWriteArrayList<>();
    private volatile String address;

    private ChildServer(Process process) {
        this.process = process;
    }

    public static ChildServer start(Path config, Path dataDir, Path log) throws IOException, InterruptedException {
        return start(config, dataDir, log, "512m");
    }

    /** @param maxHeap the child's {@code -Xmx} */
    public static ChildServer start(Path config, Path dataDir, Path log, String maxHeap)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder pb = new ProcessBuilder(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx" + maxHeap,
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                classpath,
                "io.tessera.server.cli.TesseraCli",
                "serve",
                "--config",
                config.toString(),
                "--data-dir",
                dataDir.toString());
        pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        ChildServer child = new ChildServer(pb.start());
        Thread.ofPlatform().daemon().start(child::drain);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (child.address == null) {
            if (!child.process.isAlive()) {
                throw new IllegalStateException(
                        "tessera serve exited with " + child.process.exitValue() + ": " + child.output);
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
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                output.add(line);
                int i = line.indexOf("listening on http://");
                if (i >= 0) {
                    address =
                            line.substring(i + "listening on http://".length()).trim();
                }
            }
        } catch (IOException e) {
            output.add("(output ended: " + e + ")");
        }
    }

    public String address() {
        return address;
    }

    /**
     * Runs each of {@code loads} on a thread of its own against this server and, once {@code
     * going} says they got through (or after 20 s), SIGKILLs the server {@code pauseMs} later;
     * then waits for the loads to see it gone. Waiting for {@code going} keeps a slow start on a
     * loaded machine from ending a round before anything was acknowledged.
     */
    void killUnderLoad(List<Runnable> loads, BooleanSupplier going, long pauseMs) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Runnable load : loads) {
            threads.add(Thread.ofPlatform().start(load));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!going.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Thread.sleep(pauseMs);
        kill();
        for (Thread t : threads) {
            t.join(30_000);
        }
    }

    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: the server shuts down cleanly, snapshotting and closing its log. */
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("tessera serve did not stop in 60 s");
        }
    }
}
