package io.tessera.ingest.remote;

import static io.tessera.ingest.remote.ProtoMessage.message;
import static io.tessera.ingest.remote.ProtoMessage.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.InvalidSeriesException;
import io.tessera.ingest.MalformedProtobufException;
import io.tessera.ingest.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Remote write 2.0 ({@code io.prometheus.write.v2.Request}, field numbers from its
 * specification) decoded into the same batch as the 1.0 message with the same series and
 * samples, whatever the order of its fields; every bad reference is an error naming it.
 */
class RemoteWrite2DecoderTest {

    private static final String[] SYMBOLS = {
        "", "__name__", "up", "job", "api", "instance", "a:9100", "b:9100", "help text", "s"
    };
    private final RemoteWrite2Decoder decoder = new RemoteWrite2Decoder(IngestOptions.DEFAULTS, null);
    private final RemoteWriteDecoder v1 = new RemoteWriteDecoder();

    private static ProtoMessage symbols(ProtoMessage request) {
        for (String s : SYMBOLS) {
            request.string(4, s);
        }
        return request;
    }

    /** Two series of {@code up}; the first with an exemplar, a histogram and metadata beside its samples. */
    private static ProtoMessage series(ProtoMessage request) {
        request.message(
                5,
                message()
                        .packedVarints(1, 1, 2, 3, 4, 5, 6)
                        .message(2, sample(1, 1_000))
                        .message(2, sample(0, 16_000))
                        .message(
                                4,
                                message().packedVarints(1, 5, 6).fixed64(2, 3.5).varint(3, 1_500))
                        .message(3, message().varint(1, 3).fixed64(3, 7.5).varint(15, 2_000))
                        .message(5, message().varint(1, 1).varint(3, 8).varint(4, 9))
                        .varint(6, 500));
        request.message(5, message().packedVarints(1, 1, 2, 3, 4, 5, 7).message(2, sample(1, 2_000)));
        return request;
    }

    private static List<String> rows(WriteBatch b) {
        List<String> out = new ArrayList<>();
        for (int s = 0; s < b.seriesCount(); s++) {
            for (int i = b.sampleStart(s); i < b.sampleEnd(s); i++) {
                out.add(b.labels(s) + " " + b.timestamp(i) + " " + b.value(i));
            }
        }
        return out;
    }

    private WriteBatch expectedAsV1() {
        ProtoMessage request = message()
                .message(
                        1,
                        ProtoMessage.series("__name__", "up", "job", "api", "instance", "a:9100")
                                .message(2, sample(1, 1_000))
                                .message(2, sample(0, 16_000)))
                .message(
                        1,
                        ProtoMessage.series("__name__", "up", "job", "api", "instance", "b:9100")
                                .message(2, sample(1, 2_000)));
        byte[] raw = request.toBytes();
        return v1.decodeUncompressed(raw, 0, raw.length);
    }

    @Test
    void decodesToTheBatchOfTheSame10MessageWithExemplarsHistogramsAndMetadataCounted() {
        WriteBatch b =
                decoder.decode(SnappyBlock.compress(series(symbols(message())).toBytes()));
        assertThat(rows(b)).isEqualTo(rows(expectedAsV1())).hasSize(3);
        assertThat(b.labels(0)).isEqualTo(Labels.of("__name__", "up", "job", "api", "instance", "a:9100"));
        assertThat(b.skipped().exemplars()).isEqualTo(1);
        assertThat(b.skipped().histograms()).isEqualTo(1);
        assertThat(b.skipped().metadata()).isEqualTo(1);
    }

    @Test
    void symbolsAfterTheSeriesAndUnpackedReferencesDecodeAlike() {
        WriteBatch symbolsLast =
                decoder.decodeUncompressed(symbols(series(message())).toBytes());
        assertThat(rows(symbolsLast)).isEqualTo(rows(expectedAsV1()));
        ProtoMessage unpacked = symbols(message());
        ProtoMessage ts = message();
        for (int ref : new int[] {1, 2, 3, 4, 5, 6}) {
            ts.varint(1, ref);
        }
        unpacked.message(5, ts.message(2, sample(1, 1_000)).message(2, sample(0, 16_000)));
        unpacked.message(5, message().packedVarints(1, 1, 2, 3, 4, 5, 7).message(2, sample(1, 2_000)));
        assertThat(rows(decoder.decodeUncompressed(unpacked.toBytes()))).isEqualTo(rows(expectedAsV1()));
    }

    @Test
    void aReferenceOutsideTheSymbolsAnOddReferenceCountOrANonEmptyFirstSymbolIsRejected() {
        ProtoMessage outside = symbols(message())
                .message(5, message().packedVarints(1, 1, 2, 3, 40).message(2, sample(1, 1)));
        assertThatThrownBy(() -> decoder.decodeUncompressed(outside.toBytes()))
                .isInstanceOf(MalformedProtobufException.class)
                .hasMessageContaining("symbol reference 40 for a label value of series 0 is outside the 10 symbols");

        ProtoMessage odd = symbols(message())
                .message(5, message().packedVarints(1, 1, 2, 3).message(2, sample(1, 1)));
        assertThatThrownBy(() -> decoder.decodeUncompressed(odd.toBytes()))
                .isInstanceOf(MalformedProtobufException.class)
                .hasMessageContaining("has 3 references, not name and value pairs");

        ProtoMessage exemplar = symbols(message())
                .message(
                        5,
                        message()
                                .packedVarints(1, 1, 2)
                                .message(
                                        4,
                                        message()
                                                .packedVarints(1, 5, 99)
                                                .fixed64(2, 1)
                                                .varint(3, 1)));
        assertThatThrownBy(() -> decoder.decodeUncompressed(exemplar.toBytes()))
                .isInstanceOf(MalformedProtobufException.class)
                .hasMessageContaining("symbol reference 99 for an exemplar label of series 0");

        ProtoMessage help = symbols(message())
                .message(
                        5, message().packedVarints(1, 1, 2).message(5, message().varint(3, 12)));
        assertThatThrownBy(() -> decoder.decodeUncompressed(help.toBytes()))
                .isInstanceOf(MalformedProtobufException.class)
                .hasMessageContaining("symbol reference 12 for the metadata of series 0");

        ProtoMessage first = message()
                .string(4, "x")
                .string(4, "__name__")
                .message(5, message().packedVarints(1, 1, 0));
        assertThatThrownBy(() -> decoder.decodeUncompressed(first.toBytes()))
                .isInstanceOf(MalformedProtobufException.class)
                .hasMessageContaining("the first symbol must be the empty string");
    }

    @Test
    void invalidUtf8AMissingNameAndTruncatedBytesAreTheErrorsOf10() {
        ProtoMessage utf8 = message()
                .string(4, "")
                .string(4, "__name__")
                .bytes(4, new byte[] {(byte) 0xc3, 0x28})
                .message(5, message().packedVarints(1, 1, 2).message(2, sample(1, 1)));
        assertThatThrownBy(() -> decoder.decodeUncompressed(utf8.toBytes()))
                .isInstanceOf(InvalidSeriesException.class)
                .extracting(e -> ((InvalidSeriesException) e).detail().problem())
                .isEqualTo(InvalidSeriesException.Problem.INVALID_UTF8);

        ProtoMessage noName =
                symbols(message()).message(5, message().packedVarints(1, 3, 4).message(2, sample(1, 1)));
        assertThatThrownBy(() -> decoder.decodeUncompressed(noName.toBytes()))
                .isInstanceOf(InvalidSeriesException.class)
                .extracting(e -> ((InvalidSeriesException) e).detail().problem())
                .isEqualTo(InvalidSeriesException.Problem.MISSING_METRIC_NAME);

        byte[] whole = series(symbols(message())).toBytes();
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 3);
        assertThatThrownBy(() -> decoder.decodeUncompressed(cut)).isInstanceOf(MalformedProtobufException.class);
    }
}
