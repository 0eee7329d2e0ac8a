package io.tessera.ingest.remote;

import static io.tessera.ingest.Batches.assertSameContent;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.core.LabelsInterner;
import io.tessera.core.StaleMarker;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteBatchBuilder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RemoteWriteRoundTripTest {

    private final RemoteWriteDecoder decoder = new RemoteWriteDecoder();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233})
    void randomBatchesSurviveEncodeAndDecodeExactly(long seed) {
        WriteBatch expected = RandomBatches.batch(seed, 40, 30);

        WriteBatch decoded = decoder.decode(RemoteWriteEncoder.encode(expected));

        assertSameContent(decoded, expected);
    }

    @Test
    void largeRandomBatchRoundTrips() {
        WriteBatch expected = RandomBatches.batch(4242, 3000, 40);

        assertSameContent(decoder.decode(RemoteWriteEncoder.encode(expected)), expected);
    }

    @Test
    void specialValuesKeepTheirBits() {
        double[] values = {
            StaleMarker.VALUE,
            Double.NaN,
            Double.longBitsToDouble(0x7ff8000000000001L),
            Double.longBitsToDouble(0xfff0000000000123L),
            -0.0,
            0.0,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE,
            -Double.MAX_VALUE
        };
        long[] timestamps = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1, 2, 3, 4, 5, 6};
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.LEGACY);
        for (int i = 0; i < values.length; i++) {
            b.addSample(timestamps[i], values[i]);
        }
        b.endSeries(Labels.of("__name__", "up", "job", "api"));
        WriteBatch expected = b.build();

        WriteBatch decoded = decoder.decode(RemoteWriteEncoder.encode(expected));

        assertSameContent(decoded, expected);
        assertThat(StaleMarker.isStale(decoded.value(0))).isTrue();
        assertThat(StaleMarker.isStale(decoded.value(1))).isFalse();
    }

    @Test
    void emptyBatchRoundTrips() {
        WriteBatch empty = new WriteBatchBuilder(NameValidation.LEGACY).build();

        byte[] body = RemoteWriteEncoder.encode(empty);
        WriteBatch decoded = decoder.decode(body);

        assertThat(RemoteWriteEncoder.encodeUncompressed(empty)).isEmpty();
        assertThat(decoded.seriesCount()).isZero();
        assertThat(decoded.sampleCount()).isZero();
    }

    @Test
    void internerSharesLabelSetsAcrossRequests() {
        LabelsInterner interner = new LabelsInterner();
        RemoteWriteDecoder interning = new RemoteWriteDecoder(IngestOptions.DEFAULTS, interner);
        byte[] body = RemoteWriteEncoder.encode(RandomBatches.batch(7, 10, 3));

        WriteBatch first = interning.decode(body);
        WriteBatch second = interning.decode(body);

        for (int s = 0; s < first.seriesCount(); s++) {
            assertThat(second.labels(s)).isSameAs(first.labels(s));
        }
    }

    @Test
    void iterationVisitsEverySampleOfEverySeriesInOrder() {
        WriteBatch batch = decoder.decode(RemoteWriteEncoder.encode(RandomBatches.batch(99, 20, 10)));
        List<String> bySeries = new ArrayList<>();
        List<String> bySample = new ArrayList<>();

        batch.forEachSeries((s, labels, ts, vs, from, to) -> {
            assertThat(labels).isSameAs(batch.labels(s));
            for (int i = from; i < to; i++) {
                bySeries.add(labels + " " + ts[i] + " " + Double.doubleToRawLongBits(vs[i]));
            }
        });
        batch.forEachSample((labels, t, v) -> bySample.add(labels + " " + t + " " + Double.doubleToRawLongBits(v)));

        assertThat(bySample).hasSize(batch.sampleCount()).isEqualTo(bySeries);
    }
}
