package io.tessera.server.durability;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.server.http.HttpOptions;
import io.tessera.server.http.HttpService;
import io.tessera.server.http.Request;
import io.tessera.store.wal.RecoveryProgress;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The HTTP port while the data directory recovers: {@code /-/healthy} answers 200 (the process
 * is alive), {@code /-/ready} 503 with how far recovery has got, as Prometheus answers while it
 * replays its WAL, and every other path 503 with the same reason ({@code /api/} paths in the
 * Prometheus API's error format), with {@code Retry-After}. The port is handed over to the real
 * service once recovery is done.
 */
public final class StartupService implements AutoCloseable {

    private static final JsonFactory JSON = new JsonFactory();

    private final HttpService http;

    private StartupService(HttpService http) {
        this.http = http;
    }

    /**
     * Listens on {@code host:port} (0: any free port) with the server's own listener options (its
     * TLS and credentials apply while it recovers too) and answers from {@code progress} until closed.
     */
    public static StartupService start(String host, int port, HttpOptions listener, RecoveryProgress progress) {
        HttpService http = new HttpService(host, port, listener);
        http.route("/-/healthy", Set.of("GET", "HEAD"), r -> r.text(200, "Tessera is Healthy.\n"));
        http.route("/-/ready", Set.of("GET", "HEAD"), r -> unavailable(r, progress));
        http.prefix("/", HttpService.ANY_METHOD, r -> unavailable(r, progress));
        http.start();
        return new StartupService(http);
    }

    private static void unavailable(Request request, RecoveryProgress progress) throws IOException {
        String reason = "Service Unavailable: Tessera is starting, " + progress.describe();
        request.setHeader("Retry-After", "1");
        if (request.path().startsWith("/api/")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (JsonGenerator g = JSON.createGenerator(out)) {
                g.writeStartObject();
                g.writeStringField("status", "error");
                g.writeStringField("errorType", "unavailable");
                g.writeStringField("error", reason);
                g.writeEndObject();
            }
            request.respond(503, "application/json", out.toByteArray());
        } else {
            request.respond(503, "text/plain; charset=utf-8", (reason + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    public String host() {
        return http.host();
    }

    public int port() {
        return http.port();
    }

    @Override
    public void close() {
        http.close();
    }
}
