package io.tessera.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A server run as a child process with its own temporary directory, its output in a log file
 * there: started, waited on until a readiness URL answers 200, and stopped and cleaned up.
 */
final class ChildProcess implements AutoCloseable {

    private static final String LOG = "process.log";

    private final Process process;
    private final Path workDir;

    private ChildProcess(Process process, Path workDir) {
        this.process = process;
        this.workDir = workDir;
    }

    /** Starts {@code command} in {@code workDir} and waits until {@code readyUrl} answers 200. */
    static ChildProcess start(List<String> command, Path workDir, String readyUrl, Duration readyTimeout, String what)
            throws IOException {
        Process process = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(workDir.resolve(LOG).toFile())
                .start();
        ChildProcess child = new ChildProcess(process, workDir);
        try {
            child.awaitReady(readyUrl, readyTimeout);
        } catch (IOException | RuntimeException e) {
            String log = child.log();
            child.close();
            throw new IOException(what + " did not become ready: " + e.getMessage() + "\n" + log, e);
        }
        return child;
    }

    private void awaitReady(String readyUrl, Duration timeout) throws IOException {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(readyUrl))
                .timeout(Duration.ofSeconds(1))
                .build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the process exited with status " + process.exitValue());
            }
            try {
                if (client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting", e);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting", e);
            }
        }
        throw new IOException("not ready after " + timeout.toSeconds() + " s");
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String log() {
        try {
            return Files.readString(workDir.resolve(LOG));
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
