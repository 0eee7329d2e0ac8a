package io.tessera.bench.peer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;

/** Where a running Tessera's memory goes, from its {@code /metrics}: the JVM's areas and the store's parts. */
public final class TesseraMemory {

    private static final double MIB = 1048576.0;

    private TesseraMemory() {}

    /** One line: heap and non-heap committed and used, raw store (chunks, bytes a sample, recent-samples log), views. */
    public static String breakdown(String baseUrl) throws IOException, InterruptedException {
        String text;
        try (HttpClient client = HttpClient.newHttpClient()) {
            text = client.send(
                            HttpRequest.newBuilder(URI.create(baseUrl + "/metrics"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
        }
        double samples = ViewCatchUp.metric(text, "tessera_raw_samples");
        return String.format(
                Locale.ROOT,
                "heap %,.0f MiB committed (%,.0f used), non-heap %,.0f MiB committed; raw store %,.0f MiB"
                        + " (chunks %,.0f MiB, %.1f bytes a sample; recent-samples log %,.0f MiB), views %,.0f MiB",
                ViewCatchUp.metric(text, "jvm_memory_committed_bytes{area=\"heap\"}") / MIB,
                ViewCatchUp.metric(text, "jvm_memory_used_bytes{area=\"heap\"}") / MIB,
                ViewCatchUp.metric(text, "jvm_memory_committed_bytes{area=\"nonheap\"}") / MIB,
                ViewCatchUp.metric(text, "tessera_raw_memory_bytes") / MIB,
                ViewCatchUp.metric(text, "tessera_raw_chunk_bytes") / MIB,
                samples > 0 ? ViewCatchUp.metric(text, "tessera_raw_chunk_bytes") / samples : 0,
                ViewCatchUp.metric(text, "tessera_raw_recent_samples_bytes") / MIB,
                ViewCatchUp.metric(text, "tessera_view_state_bytes") / MIB);
    }
}
