package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** An in-process server on a loopback port, and the HTTP calls the API tests make to it. */
final class ApiClient implements AutoCloseable {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    final TesseraServer server;

    ApiClient() {
        this("");
    }

    /** A server with {@code moreYaml} (top-level sections) added to the API tests' configuration. */
    ApiClient(String moreYaml) {
        server = LoopbackServers.start("""
                storage:
                  retention: 100y
                  memory_limit: 64MiB
                """ + moreYaml);
    }

    /** A server of the API tests' configuration holding the series of {@code text} ({@link #importText}). */
    static ApiClient importing(String text) {
        ApiClient api = new ApiClient();
        api.importText(text);
        return api;
    }

    /** Imports Prometheus text exposition lines (with millisecond timestamps). */
    void importText(String text) {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/api/v1/import/prometheus"))
                .POST(HttpRequest.BodyPublishers.ofString(text)));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
    }

    HttpResponse<String> get(String path, String... params) {
        return send(HttpRequest.newBuilder(uri(path + query(params))).GET());
    }

    /** A form POST; {@code urlQuery} (may be empty) goes on the URL as well, as clients may send both. */
    HttpResponse<String> post(String path, String urlQuery, String... params) {
        String target = urlQuery.isEmpty() ? path : path + "?" + urlQuery;
        return send(HttpRequest.newBuilder(uri(target))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(params))));
    }

    HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    HttpResponse<byte[]> sendBytes(HttpRequest.Builder request) {
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://" + server.address() + pathAndQuery);
    }

    /** {@code name, value, name, value, …} as an urlencoded form. */
    static String form(String... params) {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < params.length; i += 2) {
            pairs.add(URLEncoder.encode(params[i], StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(params[i + 1], StandardCharsets.UTF_8));
        }
        return String.join("&", pairs);
    }

    private static String query(String... params) {
        return params.length == 0 ? "" : "?" + form(params);
    }

    @Override
    public void close() {
        server.close();
    }
}
