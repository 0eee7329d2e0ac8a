package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.server.http.Request;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Prometheus' response envelope: {@code {"status":"success","data":…}} with {@code warnings} and
 * {@code infos} only when there are some (ten of each at most, then a count of the rest), or
 * {@code {"status":"error","errorType":…,"error":…}} with the status its type maps to.
 */
final class ApiResponses {

    static final String CONTENT_TYPE = "application/json";
    private static final int MAX_ANNOTATIONS = 10;

    /** Writes the {@code data} member's value. */
    @FunctionalInterface
    interface DataWriter {
        void write(JsonGenerator g) throws IOException;
    }

    private ApiResponses() {}

    static void success(Request request, DataWriter data) throws IOException {
        success(request, data, List.of(), List.of());
    }

    static void success(Request request, DataWriter data, List<String> warnings, List<String> infos)
            throws IOException {
        try (OutputStream out = request.stream(200, CONTENT_TYPE);
                JsonGenerator g = ApiJson.open(out)) {
            g.writeStartObject();
            g.writeStringField("status", "success");
            g.writeFieldName("data");
            data.write(g);
            annotations(g, "warnings", "warning", warnings);
            annotations(g, "infos", "info", infos);
            g.writeEndObject();
        }
    }

    private static void annotations(JsonGenerator g, String field, String kind, List<String> items) throws IOException {
        if (items.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart(field);
        int shown = Math.min(items.size(), MAX_ANNOTATIONS);
        for (int i = 0; i < shown; i++) {
            g.writeString(items.get(i));
        }
        if (items.size() > shown) {
            g.writeString((items.size() - shown) + " more " + kind + " annotations omitted");
        }
        g.writeEndArray();
    }

    static void error(Request request, ApiException e) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(128);
        try (JsonGenerator g = ApiJson.open(buf)) {
            g.writeStartObject();
            g.writeStringField("status", "error");
            g.writeStringField("errorType", e.type().wireName());
            g.writeStringField("error", e.getMessage());
            g.writeEndObject();
        }
        request.respond(e.type().status(), CONTENT_TYPE, buf.toByteArray());
    }
}
