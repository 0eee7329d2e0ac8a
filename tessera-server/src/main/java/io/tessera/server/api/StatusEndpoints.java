package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.server.http.Request;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * {@code /api/v1/status/buildinfo}, {@code /api/v1/status/runtimeinfo}, and the JSON 404 for any
 * other path under {@code /api/v1/}.
 *
 * <p>Build info reports {@link #PROMETHEUS_VERSION} as {@code version}, in Prometheus' six
 * fields and no others. Grafana's Prometheus data source reads {@code version} (its "detect"
 * button fills the data source's Prometheus version from it) to pick which API calls to make,
 * e.g. {@code match[]} on the labels endpoints from 2.24 on; a field it does not know, such as
 * {@code application}, would make its alerting treat the server as Mimir or Cortex. Tessera's
 * own version goes in {@code revision}. VictoriaMetrics answers the same way (a fixed
 * Prometheus version); Thanos reports its own.
 */
final class StatusEndpoints {

    /** The Prometheus API level this server answers as: the last 2.x release line's. */
    static final String PROMETHEUS_VERSION = "2.53.0";

    private static final DateTimeFormatter RFC3339_NANO =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX");

    private final String tesseraVersion;
    private final String storageRetention;
    private final Instant started = Instant.now();
    private final String hostname = hostname();

    StatusEndpoints(String tesseraVersion, String storageRetention) {
        this.tesseraVersion = tesseraVersion;
        this.storageRetention = storageRetention;
    }

    void buildInfo(Request request, FormValues form) throws IOException {
        ApiResponses.success(request, g -> {
            g.writeStartObject();
            g.writeStringField("version", PROMETHEUS_VERSION);
            g.writeStringField("revision", "tessera-" + tesseraVersion);
            g.writeStringField("branch", "HEAD");
            g.writeStringField("buildUser", "tessera");
            g.writeStringField("buildDate", "");
            g.writeStringField("goVersion", "java" + Runtime.version().feature());
            g.writeEndObject();
        });
    }

    void runtimeInfo(Request request, FormValues form) throws IOException {
        Runtime runtime = Runtime.getRuntime();
        ApiResponses.success(request, g -> {
            g.writeStartObject();
            time(g, "startTime", started);
            g.writeStringField("CWD", Path.of("").toAbsolutePath().toString());
            g.writeStringField("hostname", hostname);
            time(g, "serverTime", Instant.now());
            g.writeBooleanField("reloadConfigSuccess", true);
            time(g, "lastConfigTime", started);
            g.writeNumberField("corruptionCount", 0);
            g.writeNumberField("goroutineCount", Thread.activeCount());
            g.writeNumberField("GOMAXPROCS", runtime.availableProcessors());
            g.writeNumberField("GOMEMLIMIT", runtime.maxMemory());
            g.writeStringField("GOGC", "");
            g.writeStringField("GODEBUG", "");
            g.writeStringField("storageRetention", storageRetention);
            g.writeEndObject();
        });
    }

    private static void time(JsonGenerator g, String field, Instant t) throws IOException {
        g.writeStringField(field, RFC3339_NANO.format(t.atOffset(ZoneOffset.UTC)));
    }

    /**
     * {@code /api/v1/rules}: Tessera evaluates no rules, so it has no groups, as a Prometheus
     * without rule files; the {@code type} filter is checked as Prometheus checks it. Grafana's
     * alerting pages ask every Prometheus data source for it.
     */
    void rules(Request request, FormValues form) throws IOException {
        String type = form.first("type");
        if (type != null && !type.isEmpty() && !type.equals("alert") && !type.equals("record")) {
            throw ApiException.invalidParameter("type", "not supported value " + GoQuote.quote(type));
        }
        ApiResponses.success(request, g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("groups");
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /** {@code /api/v1/alerts}: no rules, so no alerts. */
    void alerts(Request request, FormValues form) throws IOException {
        ApiResponses.success(request, g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("alerts");
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /**
     * A path under the API with no endpoint, in the API's error shape so a client always reads
     * JSON there (Prometheus itself answers its router's plain-text 404).
     */
    void notFound(Request request, FormValues form) {
        throw new ApiException(ErrorType.NOT_FOUND, "no API endpoint at " + request.path());
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
