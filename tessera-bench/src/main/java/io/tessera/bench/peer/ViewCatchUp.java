package io.tessera.bench.peer;

import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;

/**
 * Installing a plan on a running Tessera over {@code POST /api/v1/plan} and waiting, by polling
 * {@code /metrics}, until its ingestion runs have built the panes of the data already loaded.
 */
public final class ViewCatchUp {

    private static final long POLL_MS = 3_000;

    private ViewCatchUp() {}

    /** Installs {@code plan}; throws when the server does not answer 200. */
    public static void install(String baseUrl, InstallablePlan plan) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/api/v1/plan"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(InstallablePlanCodec.toJson(plan)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("installing the plan: HTTP " + r.statusCode() + ": " + r.body());
            }
        }
    }

    /**
     * Polls until every view's lag is under {@code maxLagMs}, the panes built stop growing and the
     * server says the plan's queries are warmed up ({@code tessera_plan_warm}, which a server sets
     * by itself once its views have caught up); returns false when {@code timeout} passes first.
     * Prints one progress line per poll.
     */
    public static boolean await(String baseUrl, long maxLagMs, Duration timeout, PrintStream out)
            throws IOException, InterruptedException {
        long began = System.nanoTime();
        long deadline = began + timeout.toNanos();
        double lastBuilt = -1;
        try (HttpClient client = HttpClient.newHttpClient()) {
            while (System.nanoTime() < deadline) {
                String text = client.send(
                                HttpRequest.newBuilder(URI.create(baseUrl + "/metrics"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
                double lag = metric(text, "tessera_view_lag_seconds");
                double built = metric(text, "tessera_view_panes_built_total");
                boolean warm = metric(text, "tessera_plan_warm") != 0;
                double seconds = (System.nanoTime() - began) / 1e9;
                out.printf(
                        Locale.ROOT,
                        "  ingestion runs: %,.0f panes built (%,.0f panes/s), lag %.0f s, state %,.0f MiB,"
                                + " queries %s, after %.0f s%n",
                        built,
                        seconds > 0 ? built / seconds : 0,
                        lag,
                        metric(text, "tessera_view_state_bytes") / 1048576.0,
                        warm ? "warm" : "warming up",
                        seconds);
                if (built > 0 && lag * 1000 < maxLagMs && built == lastBuilt && warm) {
                    return true;
                }
                lastBuilt = built;
                Thread.sleep(POLL_MS);
            }
        }
        return false;
    }

    /**
     * The value of the sample {@code name} in a text exposition (a labelled one named with its labels as
     * exposed), or NaN when absent.
     */
    public static double metric(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + " ")) {
                return Double.parseDouble(line.substring(name.length() + 1).trim());
            }
        }
        return Double.NaN;
    }
}
