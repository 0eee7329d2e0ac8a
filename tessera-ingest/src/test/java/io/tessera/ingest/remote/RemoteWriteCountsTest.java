package io.tessera.ingest.remote;

import static io.tessera.ingest.remote.ProtoMessage.label;
import static io.tessera.ingest.remote.ProtoMessage.message;
import static io.tessera.ingest.remote.ProtoMessage.sample;
import static io.tessera.ingest.remote.ProtoMessage.series;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.WireFormat;
import io.tessera.core.Labels;
import io.tessera.ingest.WriteBatch;
import org.junit.jupiter.api.Test;

/** Hand-built payloads with the parts that are counted, not stored, and with unusual layouts. */
class RemoteWriteCountsTest {

    private final RemoteWriteDecoder decoder = new RemoteWriteDecoder();

    private WriteBatch decode(ProtoMessage request) {
        return decoder.decode(SnappyBlock.compress(request.toBytes()));
    }

    private static ProtoMessage exemplar() {
        return message()
                .message(1, label("trace_id", "abc123"))
                .fixed64(2, 0.25)
                .varint(3, 1_700_000_000_000L);
    }

    private static ProtoMessage intHistogram() {
        ProtoMessage span = message().varint(1, 0).varint(2, 2);
        return message()
                .varint(1, 6)
                .fixed64(3, 12.5)
                .varint(4, 3)
                .fixed64(5, 1e-128)
                .varint(6, 1)
                .message(11, span)
                .packedSint64(12, 2, -1)
                .varint(14, 2)
                .varint(15, 1_700_000_000_000L);
    }

    private static ProtoMessage floatHistogram() {
        ProtoMessage span = message().varint(1, -2).varint(2, 1);
        return message()
                .fixed64(2, 3.0)
                .fixed64(3, -1.5)
                .varint(4, -2)
                .fixed64(7, 0.5)
                .message(8, span)
                .packedDoubles(10, 1.0, 2.0)
                .fixed64(13, 2.0)
                .varint(15, 5);
    }

    private static ProtoMessage metadata(String family) {
        return message()
                .varint(1, 1)
                .string(2, family)
                .string(4, "Total requests.")
                .string(5, "requests");
    }

    @Test
    void exemplarsHistogramsAndMetadataAreCountedNotStored() {
        ProtoMessage request = message()
                .message(
                        1,
                        series("__name__", "http_requests_total", "job", "api")
                                .message(2, sample(1, 1000))
                                .message(3, exemplar())
                                .message(3, exemplar()))
                .message(
                        1,
                        series("__name__", "latency_seconds")
                                .message(4, intHistogram())
                                .message(4, floatHistogram())
                                .message(3, exemplar()))
                .message(3, metadata("http_requests_total"))
                .message(3, metadata("latency_seconds"))
                .message(3, metadata("other"));

        WriteBatch batch = decode(request);

        assertThat(batch.seriesCount()).isEqualTo(2);
        assertThat(batch.sampleCount()).isEqualTo(1);
        assertThat(batch.skipped().exemplars()).isEqualTo(3);
        assertThat(batch.skipped().histograms()).isEqualTo(2);
        assertThat(batch.skipped().metadata()).isEqualTo(3);
        assertThat(batch.labels(1)).isEqualTo(Labels.of("__name__", "latency_seconds"));
        assertThat(batch.sampleStart(1)).isEqualTo(batch.sampleEnd(1));
    }

    @Test
    void fieldsMayComeInAnyOrderAndUnknownFieldsAreSkipped() {
        ProtoMessage request = message()
                .message(2, message().string(1, "reserved for another system"))
                .message(
                        1,
                        message()
                                .message(2, sample(1.5, 10).varint(3, 7))
                                .message(1, label("job", "api").varint(9, 1))
                                .message(2, message().varint(2, 20).fixed64(1, 2.5))
                                .message(1, message().string(2, "up").string(1, "__name__"))
                                .fixed64(15, 3.0)
                                .tag(16, WireFormat.WIRETYPE_START_GROUP)
                                .varint(1, 5)
                                .tag(16, WireFormat.WIRETYPE_END_GROUP))
                .varint(99, 123);

        WriteBatch batch = decode(request);

        assertThat(batch.seriesCount()).isEqualTo(1);
        assertThat(batch.labels(0)).isEqualTo(Labels.of("__name__", "up", "job", "api"));
        assertThat(batch.timestamp(0)).isEqualTo(10);
        assertThat(batch.value(0)).isEqualTo(1.5);
        assertThat(batch.timestamp(1)).isEqualTo(20);
        assertThat(batch.value(1)).isEqualTo(2.5);
    }

    @Test
    void missingSampleFieldsTakeTheirDefaults() {
        ProtoMessage request = message().message(1, series("__name__", "up").message(2, message()));

        WriteBatch batch = decode(request);

        assertThat(batch.sampleCount()).isEqualTo(1);
        assertThat(batch.timestamp(0)).isZero();
        assertThat(Double.doubleToRawLongBits(batch.value(0))).isZero();
    }

    @Test
    void emptyLabelValuesAreDroppedAsInPrometheus() {
        WriteBatch batch = decode(message().message(1, series("__name__", "up", "env", "")));

        assertThat(batch.labels(0)).isEqualTo(Labels.of("__name__", "up"));
    }

    @Test
    void aRepeatedLabelSetIsKeptAsSeparateSeries() {
        ProtoMessage ts = series("__name__", "up").message(2, sample(1, 1));
        WriteBatch batch = decode(message().message(1, ts).message(1, ts));

        assertThat(batch.seriesCount()).isEqualTo(2);
        assertThat(batch.labels(0)).isEqualTo(batch.labels(1));
    }
}
