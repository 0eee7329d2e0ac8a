package io.tessera.bench.peer;

import java.net.http.HttpClient;
import java.time.Duration;

/** The HTTP client a bench talks to a loopback server with: HTTP/1.1 keep-alive connections. */
public final class LoopbackHttp {

    private LoopbackHttp() {}

    /** A new HTTP/1.1 client that gives up connecting after 5 s. */
    public static HttpClient client() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }
}
