package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Batch;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.core.StaleMarker;
import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import io.tessera.store.raw.RawStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IngestEndpointsTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final long T = 1_767_225_600_000L;

    private TesseraServer server;

    @BeforeEach
    void start() {
        server = LoopbackServers.start("""
                storage:
                  memory_limit: 64MiB
                remote_write:
                  max_body_bytes: 64KiB
                """);
        assertThat(post(
                                "/api/v1/write",
                                new RawWriteRequest()
                                        .series(
                                                new String[] {"__name__", "up", "job", "a"},
                                                new long[] {T, T + 15_000},
                                                new double[] {1, 0})
                                        .series(
                                                new String[] {"__name__", "up", "job", "b"},
                                                new long[] {T},
                                                new double[] {StaleMarker.VALUE})
                                        .compressed())
                        .statusCode())
                .isEqualTo(204);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> post(String path, byte[] body) {
        return path.startsWith("/api/v1/import/")
                ? post(path, body, "text/plain", "")
                : post(path, body, "application/x-protobuf", "snappy");
    }

    private HttpResponse<String> post(String path, byte[] body, String contentType, String contentEncoding) {
        try {
            HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://" + server.address() + path))
                    .header("Content-Type", contentType);
            if (!contentEncoding.isEmpty()) {
                r.header("Content-Encoding", contentEncoding);
            }
            return CLIENT.send(
                    r.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Every sample of the store as text lines, bit-exact values. */
    private List<String> dump() {
        List<String> rows = new ArrayList<>();
        for (Batch b : server.rawStore().read(List.of(), RawStore.ALL_TIME, Schema.TIME_SERIES)) {
            for (int i = 0; i < b.rowCount(); i++) {
                rows.add(b.labels(Schema.LABELS)[i] + " " + b.longs(Schema.TS)[i] + " "
                        + Long.toHexString(Double.doubleToRawLongBits(b.doubles(Schema.VALUE)[i])));
            }
        }
        return rows;
    }

    @Test
    void acceptsAWriteAndKeepsStaleMarkersBitExact() {
        List<String> rows = dump();
        assertThat(rows)
                .containsExactly(
                        "up{job=\"a\"} " + T + " 3ff0000000000000",
                        "up{job=\"a\"} " + (T + 15_000) + " 0",
                        "up{job=\"b\"} " + T + " 7ff0000000000002");
    }

    private void assertRejected(byte[] body, int status, String message) {
        List<String> before = dump();
        HttpResponse<String> r = post("/api/v1/write", body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.body()).contains(message);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("text/plain"));
        assertThat(dump()).as("store after a rejected request").isEqualTo(before);
    }

    @Test
    void malformedSnappyIsRejected() {
        assertRejected(new byte[] {(byte) 0xff, (byte) 0xff, 0x01, 0x02, 0x03}, 400, "snappy");
    }

    @Test
    void malformedProtobufIsRejected() throws Exception {
        byte[] truncated = new RawWriteRequest()
                .series(new String[] {"__name__", "up", "job", "c"}, new long[] {T}, new double[] {1})
                .uncompressed();
        assertRejected(
                org.xerial.snappy.Snappy.compress(java.util.Arrays.copyOf(truncated, truncated.length - 3)),
                400,
                "proto");
    }

    @Test
    void anEmptyLabelNameRejectsTheWholeRequest() {
        assertRejected(
                new RawWriteRequest()
                        .series(new String[] {"__name__", "up", "job", "c"}, new long[] {T + 30_000}, new double[] {1})
                        .series(new String[] {"__name__", "up", "", "x"}, new long[] {T}, new double[] {1})
                        .compressed(),
                400,
                "invalid label name \"\"");
    }

    @Test
    void invalidUtf8InALabelNameIsRejectedPrecisely() {
        assertRejected(
                new RawWriteRequest()
                        .seriesWithRawName(new byte[] {'h', (byte) 0xc3, 0x28}, "v", T + 30_000, 1)
                        .compressed(),
                400,
                "invalid UTF-8 in label name");
    }

    private String get(String pathAndQuery) throws Exception {
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + pathAndQuery))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return r.body();
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void utf8MetricAndLabelNamesAreStoredAndComeBackInQueryAnswers() throws Exception {
        List<String> before = dump();
        HttpResponse<String> r = post(
                "/api/v1/write",
                new RawWriteRequest()
                        .series(
                                new String[] {"__name__", "my.metric", "label.name", "x", "höhe", "12"},
                                new long[] {T + 60_000},
                                new double[] {7})
                        .series(new String[] {"__name__", "up", "job", "a"}, new long[] {T + 60_000}, new double[] {1})
                        .compressed());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
        HttpResponse<String> text =
                post("/api/v1/import/prometheus", ("""
                # TYPE "my.metric" gauge
                {"my.metric", "label.name"="y", "höhe"="3"} 8 %d
                """.formatted(T + 60_000)).getBytes(StandardCharsets.UTF_8));
        assertThat(text.statusCode()).as(text.body()).isEqualTo(204);
        List<String> after = dump();
        after.removeAll(before);
        assertThat(after)
                .containsExactlyInAnyOrder(
                        "my.metric{höhe=\"12\", label.name=\"x\"} " + (T + 60_000) + " "
                                + Long.toHexString(Double.doubleToRawLongBits(7)),
                        "my.metric{höhe=\"3\", label.name=\"y\"} " + (T + 60_000) + " "
                                + Long.toHexString(Double.doubleToRawLongBits(8)),
                        "up{job=\"a\"} " + (T + 60_000) + " 3ff0000000000000");

        String series = get("/api/v1/series?match[]=" + enc("{__name__=\"my.metric\"}") + "&start=" + T / 1000 + "&end="
                + (T / 1000 + 120));
        assertThat(series)
                .contains(
                        "\"__name__\":\"my.metric\"",
                        "\"label.name\":\"x\"",
                        "\"höhe\":\"12\"",
                        "\"label.name\":\"y\"");
        String labels = get("/api/v1/labels");
        assertThat(labels).contains("\"label.name\"", "\"höhe\"");
        String values = get("/api/v1/label/__name__/values");
        assertThat(values).contains("\"my.metric\"");
        String query = get("/api/v1/query?query=" + enc("{__name__=\"my.metric\"}") + "&time=" + (T / 1000 + 60));
        assertThat(query).contains("\"__name__\":\"my.metric\"", "\"höhe\":\"12\"", "\"7\"", "\"höhe\":\"3\"", "\"8\"");
    }

    @Test
    void duplicateLabelNamesAreRejected() {
        assertRejected(
                new RawWriteRequest()
                        .series(new String[] {"__name__", "up", "job", "x", "job", "y"}, new long[] {T}, new double[] {1
                        })
                        .compressed(),
                400,
                "duplicate");
    }

    @Test
    void invalidUtf8IsRejected() {
        assertRejected(
                new RawWriteRequest()
                        .seriesWithRawValue("job", new byte[] {(byte) 0xc3, 0x28}, T, 1)
                        .compressed(),
                400,
                "UTF-8");
    }

    @Test
    void missingMetricNameIsRejected() {
        assertRejected(
                new RawWriteRequest()
                        .series(new String[] {"job", "x"}, new long[] {T}, new double[] {1})
                        .compressed(),
                400,
                "name");
    }

    @Test
    void aBodyAboveTheLimitIsRefusedWith413() {
        int n = 20_000;
        long[] ts = new long[n];
        double[] vs = new double[n];
        for (int i = 0; i < n; i++) {
            ts[i] = T + 60_000 + i;
            vs[i] = Math.random();
        }
        assertRejected(
                new RawWriteRequest()
                        .series(new String[] {"__name__", "big", "job", "x"}, ts, vs)
                        .compressed(),
                413,
                "limit");
    }

    @Test
    void anOutOfOrderSampleRejectsTheWholeRequest() {
        assertRejected(
                new RawWriteRequest()
                        .series(new String[] {"__name__", "up", "job", "new"}, new long[] {T}, new double[] {1})
                        .series(
                                new String[] {"__name__", "up", "job", "a"},
                                new long[] {T + 30_000, T + 1_000},
                                new double[] {1, 1})
                        .compressed(),
                400,
                "out of order sample");
    }

    @Test
    void aDuplicateTimestampWithAnotherValueIsRejected() {
        assertRejected(
                new RawWriteRequest()
                        .series(new String[] {"__name__", "up", "job", "a"}, new long[] {T + 15_000}, new double[] {5})
                        .compressed(),
                400,
                "duplicate sample for timestamp");
    }

    private HttpResponse<String> write(String contentType, byte[] body) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/write"))
                        .header("Content-Type", contentType)
                        .header("Content-Encoding", "snappy")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A remote write 2.0 request, by the field numbers of its specification: symbols, then one series of two samples. */
    private static byte[] remoteWrite2(String metric, long t) throws Exception {
        return remoteWrite2(metric, t, 0);
    }

    /** As above, with {@code histograms} native histogram samples in the series' {@code histograms} field (3). */
    private static byte[] remoteWrite2(String metric, long t, int histograms) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        com.google.protobuf.CodedOutputStream out = com.google.protobuf.CodedOutputStream.newInstance(bytes);
        for (String symbol : new String[] {"", "__name__", metric, "job", "b"}) {
            out.writeString(4, symbol);
        }
        java.io.ByteArrayOutputStream series = new java.io.ByteArrayOutputStream();
        com.google.protobuf.CodedOutputStream ts = com.google.protobuf.CodedOutputStream.newInstance(series);
        ts.writeTag(1, com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
        ts.writeUInt32NoTag(4);
        for (int ref : new int[] {1, 2, 3, 4}) {
            ts.writeUInt32NoTag(ref);
        }
        for (long k = 0; k < 2; k++) {
            java.io.ByteArrayOutputStream sample = new java.io.ByteArrayOutputStream();
            com.google.protobuf.CodedOutputStream smp = com.google.protobuf.CodedOutputStream.newInstance(sample);
            smp.writeDouble(1, 40 + k);
            smp.writeInt64(2, t + k * 15_000);
            smp.flush();
            ts.writeByteArray(2, sample.toByteArray());
        }
        for (int h = 0; h < histograms; h++) {
            ts.writeByteArray(3, RawWriteRequest.histogram(t + h * 15_000));
        }
        ts.flush();
        out.writeByteArray(5, series.toByteArray());
        out.flush();
        return org.xerial.snappy.Snappy.compress(bytes.toByteArray());
    }

    @Test
    void remoteWrite2IsDecodedAndToldWhatWasWritten() throws Exception {
        List<String> before = dump();
        HttpResponse<String> r = write(
                "application/x-protobuf;proto=io.prometheus.write.v2.Request", remoteWrite2("v2_metric", T + 60_000));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
        assertThat(r.headers().firstValue("X-Prometheus-Remote-Write-Samples-Written"))
                .hasValue("2");
        assertThat(r.headers().firstValue("X-Prometheus-Remote-Write-Histograms-Written"))
                .hasValue("0");
        assertThat(r.headers().firstValue("X-Prometheus-Remote-Write-Exemplars-Written"))
                .hasValue("0");
        List<String> after = dump();
        after.removeAll(before);
        assertThat(after)
                .containsExactly(
                        "v2_metric{job=\"b\"} " + (T + 60_000) + " " + Long.toHexString(Double.doubleToRawLongBits(40)),
                        "v2_metric{job=\"b\"} " + (T + 75_000) + " "
                                + Long.toHexString(Double.doubleToRawLongBits(41)));
    }

    /** Float samples of {@code mixed{job="a"}} at T + 60 s and T + 75 s, and a histogram sample at T + 60 s. */
    private static RawWriteRequest mixedSeries() {
        return new RawWriteRequest()
                .seriesWithHistograms(
                        new String[] {"__name__", "mixed", "job", "a"},
                        new long[] {T + 60_000, T + 75_000},
                        new double[] {1, 2},
                        new long[] {T + 60_000});
    }

    @Test
    void nativeHistogramsAreRefusedWith400AndTheFloatSamplesOfTheRequestAreStored() {
        List<String> before = dump();
        HttpResponse<String> r = post(
                "/api/v1/write",
                mixedSeries()
                        .seriesWithHistograms(
                                new String[] {"__name__", "native_only", "job", "a"},
                                new long[0],
                                new double[0],
                                new long[] {T + 60_000, T + 75_000})
                        .compressed());
        assertBadRequestSaying(
                r,
                "refused 3 native histogram samples",
                "not stored",
                "the other 2 samples of this request were stored");
        List<String> after = dump();
        after.removeAll(before);
        assertThat(after)
                .containsExactly(
                        "mixed{job=\"a\"} " + (T + 60_000) + " 3ff0000000000000",
                        "mixed{job=\"a\"} " + (T + 75_000) + " 4000000000000000");
        HttpResponse<String> again = post("/api/v1/write", mixedSeries().compressed());
        assertThat(again.statusCode())
                .as("a resent request: its floats are exact repeats, its histogram refused again")
                .isEqualTo(400);
        assertThat(dump()).hasSize(before.size() + 2);
    }

    @Test
    void remoteWrite2HistogramsAreRefusedAndTheWrittenHeadersCountOnlyWhatWasStored() throws Exception {
        List<String> before = dump();
        HttpResponse<String> r = write(
                "application/x-protobuf;proto=io.prometheus.write.v2.Request", remoteWrite2("v2_mixed", T + 60_000, 2));
        assertBadRequestSaying(
                r, "refused 2 native histogram samples", "the other 2 samples of this request were stored");
        assertThat(r.headers().firstValue("X-Prometheus-Remote-Write-Samples-Written"))
                .hasValue("2");
        assertThat(r.headers().firstValue("X-Prometheus-Remote-Write-Histograms-Written"))
                .hasValue("0");
        assertThat(dump()).hasSize(before.size() + 2);
    }

    @Test
    void samplesTooFarAheadOfTheClockAreRefusedWith400AndTheOthersStored() {
        long now = System.currentTimeMillis();
        long future = now + 3_600_000;
        List<String> before = dump();
        HttpResponse<String> r = post(
                "/api/v1/write",
                new RawWriteRequest()
                        .series(
                                new String[] {"__name__", "clocked", "job", "on_time"},
                                new long[] {now - 1_000, now + 60_000},
                                new double[] {1, 2})
                        .series(
                                new String[] {"__name__", "clocked", "job", "ahead"},
                                new long[] {now - 1_000, future},
                                new double[] {3, 4})
                        .compressed());
        assertBadRequestSaying(
                r,
                "refused 1 sample stamped too far in the future",
                "clocked{job=\"ahead\"}",
                "at timestamp " + future,
                "storage.future_tolerance",
                "the other 3 samples of this request were stored");
        List<String> after = dump();
        after.removeAll(before);
        assertThat(after).hasSize(3).noneMatch(row -> row.contains(" " + future + " "));

        HttpResponse<String> text = post(
                "/api/v1/import/prometheus",
                "clocked{job=\"text\"} 5 %d\nclocked{job=\"text_ahead\"} 6 %d\n"
                        .formatted(now, future)
                        .getBytes(StandardCharsets.UTF_8));
        assertBadRequestSaying(text, "clocked{job=\"text_ahead\"}", "the other 1 sample of this request was stored");
        assertThat(dump()).hasSize(before.size() + 4);
    }

    @Test
    void anotherRemoteWriteMessageOrMediaTypeIs415AndStoresNothing() throws Exception {
        byte[] body = new RawWriteRequest()
                .series(new String[] {"__name__", "v3_try", "job", "a"}, new long[] {T + 30_000}, new double[] {1})
                .compressed();
        List<String> before = dump();
        for (String type : List.of(
                "application/x-protobuf;proto=io.prometheus.write.v3.Request",
                "application/x-protobuf; proto=\"example.Other\"",
                "application/json")) {
            HttpResponse<String> r = write(type, body);
            assertThat(r.statusCode()).as(type + ": " + r.body()).isEqualTo(415);
            assertThat(r.body())
                    .as(type)
                    .contains(type.contains("proto") ? "is not supported" : "application/x-protobuf");
            assertThat(dump()).as(type).isEqualTo(before);
        }
        HttpResponse<String> v1 = write("application/x-protobuf;proto=prometheus.WriteRequest", body);
        assertThat(v1.statusCode()).as(v1.body()).isEqualTo(204);
        assertThat(v1.headers().firstValue("X-Prometheus-Remote-Write-Samples-Written"))
                .as("a 1.0 answer")
                .isEmpty();
        assertThat(dump()).hasSize(before.size() + 1);
    }

    @Test
    void anExactRepeatIsIgnoredAndAccepted() {
        List<String> before = dump();
        HttpResponse<String> r = post(
                "/api/v1/write",
                new RawWriteRequest()
                        .series(new String[] {"__name__", "up", "job", "a"}, new long[] {T + 15_000}, new double[] {0})
                        .compressed());
        assertThat(r.statusCode()).isEqualTo(204);
        assertThat(dump()).isEqualTo(before);
    }

    @Test
    void textImportAcceptsExpositionFormatAndRejectsBadLinesWithTheirNumber() {
        HttpResponse<String> ok =
                post("/api/v1/import/prometheus", ("""
                # TYPE requests_total counter
                requests_total{code="200"} 10 %d
                requests_total{code="500"} 2.5 %d
                """.formatted(T, T)).getBytes(StandardCharsets.UTF_8));
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(204);
        assertThat(server.rawStore()
                        .series(
                                List.of(io.tessera.core.LabelMatcher.equal("__name__", "requests_total")),
                                RawStore.ALL_TIME))
                .containsExactly(
                        Labels.of("__name__", "requests_total", "code", "200"),
                        Labels.of("__name__", "requests_total", "code", "500"));

        List<String> before = dump();
        HttpResponse<String> bad =
                post("/api/v1/import/prometheus", "ok_metric 1\nbroken{ 2\n".getBytes(StandardCharsets.UTF_8));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("line 2");
        assertThat(dump()).isEqualTo(before);
    }

    @Test
    void aGzippedTextImportIsDecodedAndABrokenOneStoresNothing() throws Exception {
        byte[] text = "gz_metric{k=\"a\"} 4 %d\ngz_metric{k=\"b\"} 5 %d\n"
                .formatted(T, T)
                .getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(zipped)) {
            gz.write(text);
        }
        HttpResponse<String> ok = post("/api/v1/import/prometheus", zipped.toByteArray(), "text/plain", "gzip");
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(204);
        assertThat(dump()).contains("gz_metric{k=\"a\"} " + T + " " + Long.toHexString(Double.doubleToRawLongBits(4)));

        List<String> before = dump();
        byte[] broken = java.util.Arrays.copyOf(zipped.toByteArray(), zipped.size() / 2);
        HttpResponse<String> bad = post("/api/v1/import/prometheus", broken, "text/plain", "gzip");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("not valid gzip");
        HttpResponse<String> unknown = post("/api/v1/import/prometheus", text, "text/plain", "br");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(unknown.body()).contains("Content-Encoding \"br\" is not supported");
        assertThat(dump()).isEqualTo(before);
    }

    @Test
    void theMemoryLimitRefusesIngestWith503AndKeepsWhatWasAccepted() {
        TesseraServer small = LoopbackServers.start("""
                storage:
                  memory_limit: 256KiB
                """);
        TesseraServer main = server;
        server = small;
        try {
            int status = 204;
            int accepted = 0;
            for (int round = 0; round < 200 && status == 204; round++) {
                RawWriteRequest request = new RawWriteRequest();
                for (int s = 0; s < 20; s++) {
                    request.series(
                            new String[] {"__name__", "load", "series", round + "-" + s},
                            new long[] {T},
                            new double[] {s});
                }
                HttpResponse<String> r = post("/api/v1/write", request.compressed());
                status = r.statusCode();
                if (status == 204) {
                    accepted++;
                } else {
                    assertThat(status).as(r.body()).isEqualTo(503);
                    assertThat(r.body()).contains("memory limit");
                    assertThat(r.headers().firstValue("Retry-After")).isPresent();
                }
            }
            assertThat(status)
                    .as("the limit was reached within the bounded load")
                    .isEqualTo(503);
            assertThat(dump()).hasSize(accepted * 20);
        } finally {
            small.close();
            server = main;
        }
    }

    @Test
    void metricsCountAcceptedAndRejectedRequests() throws Exception {
        post("/api/v1/write", new byte[] {1, 2, 3});
        String metrics = CLIENT.send(
                        HttpRequest.newBuilder(URI.create("http://" + server.address() + "/metrics"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(metrics)
                .contains(
                        "tessera_ingest_requests_total{result=\"accepted\"} 1",
                        "tessera_ingest_requests_total{result=\"bad_request\"} 1",
                        "tessera_ingest_samples_total 3",
                        "tessera_raw_series 2");
    }

    /** A 400 whose message says each of {@code parts}. */
    private static void assertBadRequestSaying(HttpResponse<String> r, String... parts) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).contains(parts);
    }
}
