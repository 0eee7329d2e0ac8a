package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

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
                vectorSamples(g, v.samples());
                g.writeEndArray();
            }
            case QueryResult.MatrixResult m -> {
                g.writeStringField("resultType", "matrix");
                g.writeArrayFieldStart("result");
                matrixSeries(g, m.series());
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

    private static final SerializedString FIRST_SAMPLE = new SerializedString("{\"metric\":");
    private static final SerializedString NEXT_SAMPLE = new SerializedString(",{\"metric\":");
    private static final SerializedString SAMPLE_END = new SerializedString("\"]}");

    /**
     * The samples of a vector, each {@code {"metric":{…},"value":[t,"v"]}}, written as raw bytes:
     * labels come rendered from {@link LabelsJson}, the timestamp is rendered once per distinct
     * time, and values are plain ASCII, so nothing needs the generator's escaping or bookkeeping.
     */
    private static void vectorSamples(JsonGenerator g, List<QueryResult.Sample> samples) throws IOException {
        long renderedT = 0;
        SerializedString timePrefix = null;
        boolean first = true;
        for (QueryResult.Sample s : samples) {
            if (timePrefix == null || s.t() != renderedT) {
                renderedT = s.t();
                timePrefix = new SerializedString(",\"value\":[" + ApiJson.timestamp(renderedT) + ",\"");
            }
            g.writeRaw(first ? FIRST_SAMPLE : NEXT_SAMPLE);
            g.writeRaw(LabelsJson.of(s.labels()));
            g.writeRaw(timePrefix);
            g.writeRaw(GoFloats.sampleValue(s.value()));
            g.writeRaw(SAMPLE_END);
            first = false;
        }
    }

    private static final SerializedString VALUES = new SerializedString(",\"values\":[");
    private static final SerializedString POINT_END = new SerializedString("\"]");
    private static final SerializedString SERIES_END = new SerializedString("]}");
    private static final SerializedString OBJECT_END = new SerializedString("}");

    /**
     * The series of a matrix, each {@code {"metric":{…},"values":[[t,"v"],…]}} ({@code values}
     * left out when empty), written as raw bytes like {@link #vectorSamples}. Series of one range
     * query share their step times, so a time is rendered once and reused by the series after.
     */
    private static void matrixSeries(JsonGenerator g, List<QueryResult.Series> series) throws IOException {
        long[] renderedTs = new long[0];
        String[] rendered = new String[0];
        boolean first = true;
        for (QueryResult.Series s : series) {
            long[] ts = s.ts();
            if (ts.length > renderedTs.length) {
                renderedTs = Arrays.copyOf(renderedTs, ts.length);
                rendered = Arrays.copyOf(rendered, ts.length);
            }
            g.writeRaw(first ? FIRST_SAMPLE : NEXT_SAMPLE);
            g.writeRaw(LabelsJson.of(s.labels()));
            if (ts.length > 0) {
                g.writeRaw(VALUES);
                for (int i = 0; i < ts.length; i++) {
                    if (rendered[i] == null || renderedTs[i] != ts[i]) {
                        renderedTs[i] = ts[i];
                        rendered[i] = (i == 0 ? "[" : ",[") + ApiJson.timestamp(ts[i]) + ",\"";
                    }
                    g.writeRaw(rendered[i]);
                    g.writeRaw(GoFloats.sampleValue(s.values()[i]));
                    g.writeRaw(POINT_END);
                }
                g.writeRaw(SERIES_END);
            } else {
                g.writeRaw(OBJECT_END);
            }
            first = false;
        }
    }

    /** A label set as a JSON object in label order, with the raw escaping of result labels. */
    static void labels(JsonGenerator g, Labels labels) throws IOException {
        g.writeRawValue(LabelsJson.of(labels));
    }
}
