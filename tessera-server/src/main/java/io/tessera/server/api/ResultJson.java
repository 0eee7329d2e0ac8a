package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A query result as Prometheus' {@code data}: {@code {"resultType":…,"result":…}}, streamed
 * point by point so a large matrix is never built as a tree.
 */
final class ResultJson {

    private ResultJson() {}

    static void write(JsonGenerator g, QueryResult result) throws IOException {
        g.writeStartObject();
        switch (result) {
            case QueryResult.VectorResult v -> {
                g.writeStringField("resultType", "vector");
                g.writeArrayFieldStart("result");
                vectorSamples(g, v.samples(), v.labelsFrom());
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

    private static final byte[] FIRST_SAMPLE = ascii("{\"metric\":");
    private static final byte[] NEXT_SAMPLE = ascii(",{\"metric\":");
    private static final byte[] SAMPLE_END = ascii("\"]}");
    private static final byte[] VALUES = ascii(",\"values\":[");
    private static final byte[] POINT_END = ascii("\"]");
    private static final byte[] SERIES_END = ascii("]}");
    private static final byte[] OBJECT_END = ascii("}");

    /**
     * The samples of a vector, each {@code {"metric":{…},"value":[t,"v"]}}, written as raw bytes:
     * labels come rendered from {@link LabelsJson}, the timestamp is rendered once per distinct
     * time, and values are plain ASCII, so nothing needs the generator's escaping or bookkeeping.
     * The label renderings are looked up (their first and last bytes read) in a pass of their own, whose
     * loads do not wait on each other, before the pass that copies: most of a large answer's cost
     * is waiting for label sets scattered over the heap. Samples whose label sets all come from one
     * table are copied from the table's rendering instead ({@link LabelsTableJson}).
     */
    private static void vectorSamples(JsonGenerator g, List<QueryResult.Sample> samples, QueryResult.TableRows from)
            throws IOException {
        int n = samples.size();
        LabelsTableJson table = from == null ? null : LabelsTableJson.of(from.table(), maxRow(from.rows(), n) + 1);
        byte[][] labels = table != null ? null : new byte[n][];
        long labelBytes = 0;
        for (int i = 0; table == null && i < n; i++) {
            byte[] rendered = LabelsJson.bytes(samples.get(i).labels());
            labels[i] = rendered;
            labelBytes += rendered.length + (rendered.length > 0 ? rendered[rendered.length - 1] & 1 : 0);
        }
        RawJsonOut out = raw(g);
        if (labelBytes < 0) {
            throw new IllegalStateException("label renderings of negative length");
        }
        long renderedT = 0;
        byte[] timePrefix = null;
        for (int i = 0; i < n; i++) {
            QueryResult.Sample s = samples.get(i);
            if (timePrefix == null || s.t() != renderedT) {
                renderedT = s.t();
                timePrefix = ascii(",\"value\":[" + ApiJson.timestamp(renderedT) + ",\"");
            }
            out.put(i == 0 ? FIRST_SAMPLE : NEXT_SAMPLE);
            if (table != null) {
                table.write(out, from.rows()[i]);
            } else {
                out.put(labels[i]);
            }
            out.put(timePrefix);
            out.putSampleValue(s.value());
            out.put(SAMPLE_END);
        }
        out.drain();
    }

    private static int maxRow(int[] rows, int n) {
        int max = -1;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, rows[i]);
        }
        return max;
    }

    /**
     * The series of a matrix, each {@code {"metric":{…},"values":[[t,"v"],…]}} ({@code values}
     * left out when empty), written as raw bytes like {@link #vectorSamples}. Series of one range
     * query share their step times, so a time is rendered once and reused by the series after.
     */
    private static void matrixSeries(JsonGenerator g, List<QueryResult.Series> series) throws IOException {
        RawJsonOut out = raw(g);
        long[] renderedTs = new long[0];
        byte[][] rendered = new byte[0][];
        boolean first = true;
        for (QueryResult.Series s : series) {
            long[] ts = s.ts();
            if (ts.length > renderedTs.length) {
                renderedTs = Arrays.copyOf(renderedTs, ts.length);
                rendered = Arrays.copyOf(rendered, ts.length);
            }
            out.put(first ? FIRST_SAMPLE : NEXT_SAMPLE);
            out.put(LabelsJson.bytes(s.labels()));
            if (ts.length > 0) {
                out.put(VALUES);
                for (int i = 0; i < ts.length; i++) {
                    if (rendered[i] == null || renderedTs[i] != ts[i]) {
                        renderedTs[i] = ts[i];
                        rendered[i] = ascii((i == 0 ? "[" : ",[") + ApiJson.timestamp(ts[i]) + ",\"");
                    }
                    out.put(rendered[i]);
                    out.putSampleValue(s.values()[i]);
                    out.put(POINT_END);
                }
                out.put(SERIES_END);
            } else {
                out.put(OBJECT_END);
            }
            first = false;
        }
        out.drain();
    }

    /**
     * The generator's stream, past everything the generator buffered: what is written there
     * lands between the generator's last output and its next (the array's end).
     */
    private static RawJsonOut raw(JsonGenerator g) throws IOException {
        g.flush();
        return new RawJsonOut((OutputStream) g.getOutputTarget());
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** A label set as a JSON object in label order, with the raw escaping of result labels. */
    static void labels(JsonGenerator g, Labels labels) throws IOException {
        g.writeRawValue(LabelsJson.of(labels));
    }
}
