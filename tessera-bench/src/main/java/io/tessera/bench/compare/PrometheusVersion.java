package io.tessera.bench.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The first line of {@code prometheus --version}, e.g. {@code prometheus, version 2.42.0 (...)}. */
final class PrometheusVersion {

    private PrometheusVersion() {}

    static String of(Path binary) {
        try {
            Process p = new ProcessBuilder(binary.toString(), "--version")
                    .redirectErrorStream(true)
                    .start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            String first = text.strip().lines().findFirst().orElse("").strip();
            return first.isEmpty() ? binary.toString() : first + " (" + binary + ")";
        } catch (IOException e) {
            return binary + " (version unknown: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return binary.toString();
        }
    }
}
