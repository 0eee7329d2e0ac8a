package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import java.io.IOException;

/**
 * A query result as Prometheus' {@code data}: {@code {"resultType":…,"result":…}}, streamed
 * point by point so a large matrix is never built as a tree.
 */
final class ResultJson {

    private ResultJson() {
    }

    static void write(JsonGenerator g, QueryResult result) throws IOException {
        g.writeStartObject();
        switch (result) {
            case QueryResult.VectorResult v -> {
                g.writeStringField("resultType", "vector");
                g.writeArrayFieldStart("result");
                for (QueryResult.Sample s : v.samples()) {
                    g.writeStartObject();
                    g.writeFieldName("metric");
                    labels(g, s.labels());
                    g.writeArrayFieldStart("value");
                    point(g, s.t(), s.value());
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            case QueryResult.MatrixResult m -> {
                g.writeStringField("resultType", "matrix");
                g.writeArrayFieldStart("result");
                for (QueryResult.Series s : m.series()) {
                    g.writeStartObject();
                    g.writeFieldName("metric");
                    labels(g, s.labels());
                    if (s.ts().length > 0) {
                        g.writeArrayFieldStart("values");
                        for (int i = 0; i < s.ts().length; i++) {
                            g.writeStartArray();
                            point(g, s.ts()[i], s.values()[i]);
                            g.writeEndArray();
                        }
                        g.writeEndArray();
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            case QueryResult.ScalarResult s -> {
                g.writeStringField("resultType", "scalar");
                g.writeArrayFieldStart("result");
                g.writeNumber(ApiJson.floatSeconds(s.t()));
                g.writeString(GoFloats.formatF(s.value()));
                g.writeEndArray();
            }
            case QueryResult.StringResult s -> {
                g.writeStringField("resultType", "string");
                g.writeArrayFieldStart("result");
                g.writeNumber(ApiJson.floatSeconds(s.t()));
                g.writeString(s.value());
                g.writeEndArray();
            }
        }
        g.writeEndObject();
    }

    private static void point(JsonGenerator g, long t, double v) throws IOException {
        g.writeNumber(ApiJson.timestamp(t));
        g.writeString(GoFloats.sampleValue(v));
    }

    /** True when no name or value needs escaping: printable ASCII without quote, backslash or HTML characters. */
    private static boolean plain(Labels labels) {
        for (int i = 0; i < labels.size(); i++) {
            if (!plain(labels.name(i)) || !plain(labels.value(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&') {
                return false;
            }
        }
        return true;
    }

    /** A label set as a JSON object in label order, with the raw escaping of result labels. */
    static void labels(JsonGenerator g, Labels labels) throws IOException {
        if (plain(labels)) {
            StringBuilder sb = new StringBuilder(labels.size() * 24).append('{');
            for (int i = 0; i < labels.size(); i++) {
                sb.append(i == 0 ? "\"" : ",\"").append(labels.name(i)).append("\":\"").append(labels.value(i)).append('"');
            }
            g.writeRawValue(sb.append('}').toString());
            return;
        }
        g.setCharacterEscapes(ApiJson.LABELS);
        g.writeStartObject();
        for (int i = 0; i < labels.size(); i++) {
            g.writeStringField(labels.name(i), labels.value(i));
        }
        g.writeEndObject();
        g.setCharacterEscapes(ApiJson.STANDARD);
    }
}
