package io.tessera.server;

import io.tessera.server.config.ServerConfig;
import io.tessera.server.http.HttpService;
import io.tessera.server.metrics.MetricsRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;

/** One running Tessera: its stores, its ingestion and its HTTP port, wired from a config. */
public final class TesseraServer implements AutoCloseable {

    private static final Set<String> GET = Set.of("GET", "HEAD");

    private final ServerConfig config;
    private final MetricsRegistry metrics = new MetricsRegistry();
    private final HttpService http;
    private volatile boolean ready;

    private TesseraServer(ServerConfig config) throws IOException {
        this.config = config;
        this.http = new HttpService(config.host(), config.port());
        http.route("/-/healthy", GET, r -> r.text(200, "Tessera is Healthy.\n"));
        http.route("/-/ready", GET, r -> {
            if (ready) {
                r.text(200, "Tessera is Ready.\n");
            } else {
                r.text(503, "Service Unavailable\n");
            }
        });
        http.route("/metrics", GET, r -> r.respond(200, "text/plain; version=0.0.4; charset=utf-8",
                metrics.render().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    public static TesseraServer start(ServerConfig config) {
        try {
            TesseraServer server = new TesseraServer(config);
            server.http.start();
            server.ready = true;
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + config.listen() + ": " + e.getMessage(), e);
        }
    }

    public String address() {
        return http.host() + ":" + http.port();
    }

    public int port() {
        return http.port();
    }

    public ServerConfig config() {
        return config;
    }

    public MetricsRegistry metrics() {
        return metrics;
    }

    @Override
    public void close() {
        ready = false;
        http.close();
    }
}
