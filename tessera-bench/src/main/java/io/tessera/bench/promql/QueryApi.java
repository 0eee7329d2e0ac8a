package io.tessera.bench.promql;

import io.tessera.bench.peer.LoopbackHttp;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A client of the Prometheus query API ({@code /api/v1/query}, {@code /api/v1/query_range}) of
 * one server, Tessera or Prometheus alike: form-encoded POSTs over one keep-alive connection.
 */
public final class QueryApi implements AutoCloseable {

    private final HttpClient client = LoopbackHttp.client();
    /** How long a query may take before the bench gives up on it. */
    public static final Duration QUERY_TIMEOUT = Duration.ofMinutes(3);

    private final String baseUrl;
    private final Duration timeout;
    private final String extraForm;

    /** A client whose queries time out after {@link #QUERY_TIMEOUT}. */
    public QueryApi(String baseUrl) {
        this(baseUrl, QUERY_TIMEOUT);
    }

    public QueryApi(String baseUrl, Duration timeout) {
        this(baseUrl, timeout, "");
    }

    /** @param extraForm form fields added to every request, e.g. {@code "&accelerate=false"}, or "" */
    public QueryApi(String baseUrl, Duration timeout, String extraForm) {
        this.baseUrl = baseUrl;
        this.timeout = timeout;
        this.extraForm = extraForm;
    }

    /** An instant query at {@code timeMillis}. */
    public ApiResponse instant(String query, long timeMillis) throws IOException, InterruptedException {
        return post("/api/v1/query", "query=" + encode(query) + "&time=" + seconds(timeMillis));
    }

    /** A range query over {@code [startMillis, endMillis]} every {@code stepMillis}. */
    public ApiResponse range(String query, long startMillis, long endMillis, long stepMillis)
            throws IOException, InterruptedException {
        return post(
                "/api/v1/query_range",
                "query=" + encode(query) + "&start=" + seconds(startMillis) + "&end=" + seconds(endMillis) + "&step="
                        + seconds(stepMillis));
    }

    private ApiResponse post(String path, String form) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form + extraForm))
                .build();
        long began = System.nanoTime();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        return new ApiResponse(response.statusCode(), response.body(), System.nanoTime() - began);
    }

    /** Milliseconds as the decimal seconds the API takes. */
    static String seconds(long millis) {
        return BigDecimal.valueOf(millis, 3).toPlainString();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        client.close();
    }
}
