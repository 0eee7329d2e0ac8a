package io.tessera.bench.promql;

import io.tessera.bench.peer.KeepAliveConnection;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A client of the Prometheus query API ({@code /api/v1/query}, {@code /api/v1/query_range}) of
 * one server, Tessera or Prometheus alike: form-encoded POSTs over one blocking keep-alive
 * connection ({@link KeepAliveConnection}, which says why not the JDK's client). One thread at a time.
 */
public final class QueryApi implements AutoCloseable {

    /** How long a query may take before the bench gives up on it. */
    public static final Duration QUERY_TIMEOUT = Duration.ofMinutes(3);

    private final KeepAliveConnection connection;
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
        this.connection = new KeepAliveConnection(baseUrl, timeout);
        this.extraForm = extraForm;
    }

    /** An instant query at {@code timeMillis}. */
    public ApiResponse instant(String query, long timeMillis) throws IOException {
        return post("/api/v1/query", "query=" + encode(query) + "&time=" + seconds(timeMillis));
    }

    /** A range query over {@code [startMillis, endMillis]} every {@code stepMillis}. */
    public ApiResponse range(String query, long startMillis, long endMillis, long stepMillis) throws IOException {
        return post(
                "/api/v1/query_range",
                "query=" + encode(query) + "&start=" + seconds(startMillis) + "&end=" + seconds(endMillis) + "&step="
                        + seconds(stepMillis));
    }

    private ApiResponse post(String path, String form) throws IOException {
        long began = System.nanoTime();
        KeepAliveConnection.Response response = connection.postForm(path, form + extraForm);
        long nanos = System.nanoTime() - began;
        return new ApiResponse(response.status(), response.text(), nanos);
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
        connection.close();
    }
}
