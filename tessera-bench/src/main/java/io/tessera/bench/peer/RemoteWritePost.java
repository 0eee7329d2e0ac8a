package io.tessera.bench.peer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A remote-write request as the benches send one: a snappy-compressed protobuf body, protocol 0.1.0. */
public final class RemoteWritePost {

    private RemoteWritePost() {}

    /** The request posting {@code body} to {@code url}. */
    public static HttpRequest request(URI url, Duration timeout, byte[] body) {
        return HttpRequest.newBuilder(url)
                .timeout(timeout)
                .header("Content-Type", "application/x-protobuf")
                .header("Content-Encoding", "snappy")
                .header("X-Prometheus-Remote-Write-Version", "0.1.0")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
    }

    /** Sends one body; null when answered 204, else what went wrong. */
    public static String send(HttpClient client, URI url, Duration timeout, byte[] body) {
        try {
            HttpResponse<String> response =
                    client.send(request(url, timeout, body), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 204
                    ? null
                    : "HTTP " + response.statusCode() + ": " + response.body().strip();
        } catch (IOException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
