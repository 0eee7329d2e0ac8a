package io.tessera.ingest.remote;

import static io.tessera.ingest.remote.ProtoMessage.label;
import static io.tessera.ingest.remote.ProtoMessage.message;
import static io.tessera.ingest.remote.ProtoMessage.sample;
import static io.tessera.ingest.remote.ProtoMessage.series;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.WireFormat;
import io.tessera.ingest.CorruptSnappyException;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.InvalidSeriesException;
import io.tessera.ingest.InvalidSeriesException.Problem;
import io.tessera.ingest.MalformedProtobufException;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.PayloadTooLargeException;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteRejectedException;
import java.util.Arrays;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Every way a request is rejected, with the status and the reason sent back. */
class RemoteWriteRejectionTest {

    private static final String TRUNCATED = "While parsing a protocol message, the input ended unexpectedly in the "
            + "middle of a field.  This could mean either that the input has been truncated or that an embedded "
            + "message misreported its own length.";

    private final RemoteWriteDecoder decoder = new RemoteWriteDecoder();

    private static <E extends WriteRejectedException> E rejected(Class<E> type, ThrowingCallable call) {
        E e = catchThrowableOfType(type, call);
        assertThat(e).as("expected %s", type.getSimpleName()).isNotNull();
        return e;
    }

    private static void assertRejected(WriteRejectedException e, int status, String message) {
        assertThat(e.httpStatus()).isEqualTo(status);
        assertThat(e.getMessage()).isEqualTo(message);
    }

    private CorruptSnappyException snappy(byte... body) {
        return rejected(CorruptSnappyException.class, () -> decoder.decode(body));
    }

    private MalformedProtobufException proto(ProtoMessage request) {
        byte[] body = SnappyBlock.compress(request.toBytes());
        return rejected(MalformedProtobufException.class, () -> decoder.decode(body));
    }

    private InvalidSeriesException invalid(RemoteWriteDecoder d, ProtoMessage request) {
        byte[] body = SnappyBlock.compress(request.toBytes());
        return rejected(InvalidSeriesException.class, () -> d.decode(body));
    }

    private InvalidSeriesException invalid(ProtoMessage request) {
        return invalid(decoder, request);
    }

    private static ProtoMessage one(ProtoMessage timeSeries) {
        return message().message(1, timeSeries.message(2, sample(1, 1000)));
    }

    // snappy

    @Test
    void garbageIsCorruptSnappy() {
        assertRejected(snappy((byte) 5, (byte) 1, (byte) 2, (byte) 3), 400, "snappy: corrupt input");
    }

    @Test
    void anEmptyBodyIsCorruptSnappy() {
        assertRejected(snappy(), 400, "snappy: corrupt input");
    }

    @Test
    void aTruncatedBlockIsCorruptSnappy() {
        byte[] body = RemoteWriteEncoder.encode(RandomBatches.batch(3, 10, 10));
        assertRejected(snappy(Arrays.copyOf(body, body.length - 3)), 400, "snappy: corrupt input");
    }

    @Test
    void aMalformedLengthHeaderIsCorruptSnappy() {
        assertRejected(
                snappy((byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x01),
                400,
                "snappy: corrupt input");
        assertRejected(
                snappy((byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x7f), 400, "snappy: corrupt input");
    }

    @Test
    void bytesAfterAnEmptyBlockAreCorruptSnappy() {
        assertRejected(snappy((byte) 0, (byte) 0), 400, "snappy: corrupt input");
    }

    // size limit

    @Test
    void theLengthHeaderIsCheckedBeforeDecompressing() {
        byte[] claims64MiB = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x20, 0};
        PayloadTooLargeException e = rejected(PayloadTooLargeException.class, () -> decoder.decode(claims64MiB));

        assertRejected(
                e, 413, "snappy: decoded block is too large: 67108864 bytes exceeds the limit of 33554432 bytes");
        assertThat(e.sizes())
                .isEqualTo(new PayloadTooLargeException.Sizes(64 << 20, IngestOptions.DEFAULT_MAX_UNCOMPRESSED_BYTES));
    }

    @Test
    void theLimitIsConfigurable() {
        byte[] raw = message()
                .message(1, series("__name__", "up").message(2, sample(1, 1)))
                .toBytes();
        RemoteWriteDecoder small =
                new RemoteWriteDecoder(IngestOptions.DEFAULTS.withMaxUncompressedBytes(raw.length - 1), null);
        RemoteWriteDecoder exact =
                new RemoteWriteDecoder(IngestOptions.DEFAULTS.withMaxUncompressedBytes(raw.length), null);
        byte[] body = SnappyBlock.compress(raw);

        assertRejected(
                rejected(PayloadTooLargeException.class, () -> small.decode(body)),
                413,
                "snappy: decoded block is too large: " + raw.length + " bytes exceeds the limit of " + (raw.length - 1)
                        + " bytes");
        assertRejected(
                rejected(PayloadTooLargeException.class, () -> small.decodeUncompressed(raw, 0, raw.length)),
                413,
                "write request is too large: " + raw.length + " bytes exceeds the limit of " + (raw.length - 1)
                        + " bytes");
        assertThat(exact.decode(body).sampleCount()).isEqualTo(1);
    }

    // protobuf

    @Test
    void aTruncatedMessageIsMalformed() {
        byte[] raw = RemoteWriteEncoder.encodeUncompressed(RandomBatches.batch(5, 3, 3));
        byte[] cut = Arrays.copyOf(raw, raw.length - 1);
        MalformedProtobufException e =
                rejected(MalformedProtobufException.class, () -> decoder.decode(SnappyBlock.compress(cut)));

        assertThat(e.httpStatus()).isEqualTo(400);
        assertThat(e.getMessage())
                .startsWith("proto: cannot parse WriteRequest at byte ")
                .endsWith(": " + TRUNCATED);
    }

    @Test
    void anEmbeddedMessageLongerThanItsParentIsMalformed() {
        ProtoMessage request =
                message().tag(1, WireFormat.WIRETYPE_LENGTH_DELIMITED).raw((byte) 10, (byte) 0x0a, (byte) 0x08);
        assertRejected(proto(request), 400, "proto: cannot parse WriteRequest at byte 2: " + TRUNCATED);
    }

    @Test
    void aWrongWireTypeIsMalformed() {
        assertRejected(proto(message().varint(1, 5)), 400, "proto: wrong wireType = 0 for field Timeseries");
        assertRejected(
                proto(message().message(1, message().varint(2, 1))),
                400,
                "proto: wrong wireType = 0 for field Samples");
        assertRejected(
                proto(message().message(1, message().message(2, message().varint(1, 1)))),
                400,
                "proto: wrong wireType = 0 for field Value");
        assertRejected(
                proto(message().message(1, message().message(2, message().fixed64(2, 1)))),
                400,
                "proto: wrong wireType = 1 for field Timestamp");
        assertRejected(
                proto(message().message(1, message().message(1, message().varint(1, 1)))),
                400,
                "proto: wrong wireType = 0 for field Name");
        assertRejected(proto(message().varint(3, 1)), 400, "proto: wrong wireType = 0 for field Metadata");
    }

    @Test
    void aBadVarintIsMalformed() {
        byte[] tenContinuationBytes = new byte[11];
        Arrays.fill(tenContinuationBytes, (byte) 0xff);
        MalformedProtobufException e =
                proto(message().tag(5, WireFormat.WIRETYPE_VARINT).raw(tenContinuationBytes));

        assertRejected(
                e,
                400,
                "proto: cannot parse WriteRequest at byte 11: CodedInputStream encountered a malformed varint.");
    }

    @Test
    void aStrayEndGroupIsMalformed() {
        assertRejected(
                proto(message().tag(7, WireFormat.WIRETYPE_END_GROUP)),
                400,
                "proto: WriteRequest: wiretype end group for non-group");
        assertRejected(
                proto(message().message(1, message().tag(9, WireFormat.WIRETYPE_END_GROUP))),
                400,
                "proto: TimeSeries: wiretype end group for non-group");
    }

    @Test
    void anInvalidWireTypeOrZeroTagIsMalformed() {
        assertRejected(
                proto(message().raw((byte) ((7 << 3) | 6))),
                400,
                "proto: cannot parse WriteRequest at byte 1: Protocol message tag had invalid wire type.");
        assertRejected(
                proto(message().raw((byte) 0)),
                400,
                "proto: cannot parse WriteRequest at byte 1: Protocol message contained an invalid tag (zero).");
    }

    @Test
    void malformedHistogramsExemplarsAndMetadataAreRejectedToo() {
        ProtoMessage up = series("__name__", "up");
        assertRejected(
                proto(message().message(1, up.message(4, message().varint(3, 1)))),
                400,
                "proto: wrong wireType = 0 for field Sum");
        assertRejected(
                proto(message()
                        .message(
                                1, series("__name__", "up").message(4, message().bytes(13, new byte[5])))),
                400,
                "proto: packed field PositiveCounts has length 5, not a multiple of 8");
        assertRejected(
                proto(message()
                        .message(
                                1,
                                series("__name__", "up")
                                        .message(
                                                4,
                                                message().message(11, message().fixed64(2, 1))))),
                400,
                "proto: wrong wireType = 1 for field Length");
        assertRejected(
                proto(message()
                        .message(
                                1, series("__name__", "up").message(3, message().varint(1, 1)))),
                400,
                "proto: wrong wireType = 0 for field Labels");
        assertRejected(
                proto(message().message(3, message().string(1, "counter"))),
                400,
                "proto: wrong wireType = 2 for field Type");
    }

    // labels

    @Test
    void invalidUtf8InAValueIsRejected() {
        ProtoMessage ts = message()
                .message(1, label("__name__", "up"))
                .message(1, message().string(1, "job").bytes(2, new byte[] {'a', (byte) 0xff}));
        InvalidSeriesException e = invalid(one(ts));

        assertRejected(
                e,
                400,
                "invalid metric name or labels, got {__name__=\"up\", job=\"\uFFFD\"}: invalid UTF-8 in label \"job\"");
        assertThat(e.detail().problem()).isEqualTo(Problem.INVALID_UTF8);
        assertThat(e.detail().labelName()).isEqualTo("job");
    }

    @Test
    void invalidUtf8InANameIsRejected() {
        ProtoMessage ts = message()
                .message(1, label("__name__", "up"))
                .message(
                        1,
                        message()
                                .bytes(1, new byte[] {(byte) 0xc0, (byte) 0x80})
                                .string(2, "x"));

        assertRejected(
                invalid(one(ts)),
                400,
                "invalid metric name or labels, got {__name__=\"up\", \uFFFD=\"x\"}: invalid UTF-8 in label name");
    }

    @Test
    void encodedSurrogatesAreNotUtf8() {
        ProtoMessage ts = message().message(1, message().string(1, "__name__").bytes(2, new byte[] {
            (byte) 0xed, (byte) 0xa0, (byte) 0x80
        }));

        assertThat(invalid(one(ts)).detail().problem()).isEqualTo(Problem.INVALID_UTF8);
    }

    private final RemoteWriteDecoder legacy =
            new RemoteWriteDecoder(IngestOptions.DEFAULTS.withNameValidation(NameValidation.LEGACY), null);

    @Test
    void legacyLabelNamesAreEnforcedWhenConfigured() {
        InvalidSeriesException e = invalid(legacy, one(series("__name__", "up", "a-b", "x")));

        assertRejected(
                e, 400, "invalid metric name or labels, got {__name__=\"up\", a-b=\"x\"}: invalid label name \"a-b\"");
        assertThat(e.detail().problem()).isEqualTo(Problem.INVALID_LABEL_NAME);
        assertRejected(
                invalid(legacy, one(series("__name__", "up", "1a", "x"))),
                400,
                "invalid metric name or labels, got {1a=\"x\", __name__=\"up\"}: invalid label name \"1a\"");
        assertRejected(
                invalid(one(series("__name__", "up", "", "x"))),
                400,
                "invalid metric name or labels, got {=\"x\", __name__=\"up\"}: invalid label name \"\"");
    }

    @Test
    void legacyMetricNamesAreEnforcedWhenConfigured() {
        InvalidSeriesException e = invalid(legacy, one(series("__name__", "1up")));

        assertRejected(e, 400, "invalid metric name or labels, got {__name__=\"1up\"}: invalid metric name \"1up\"");
        assertThat(e.detail().problem()).isEqualTo(Problem.INVALID_METRIC_NAME);
        assertThat(decoder.decode(SnappyBlock.compress(
                                one(series("__name__", "job:rate5m")).toBytes()))
                        .seriesCount())
                .isEqualTo(1);
    }

    @Test
    void utf8NamesAreAcceptedByDefault() {
        RemoteWriteDecoder utf8 = decoder;
        byte[] body = SnappyBlock.compress(one(series("__name__", "http.requests-total", "a-b", "x", "名前", "y"))
                .toBytes());

        WriteBatch batch = utf8.decode(body);

        assertThat(batch.labels(0).get("a-b")).isEqualTo("x");
        assertThat(batch.labels(0).metricName()).isEqualTo("http.requests-total");
        assertRejected(
                invalid(utf8, one(series("__name__", "up", "", "x"))),
                400,
                "invalid metric name or labels, got {=\"x\", __name__=\"up\"}: invalid label name \"\"");
    }

    @Test
    void duplicateLabelNamesAreRejected() {
        InvalidSeriesException e = invalid(one(series("__name__", "up", "job", "a", "job", "b")));

        assertRejected(
                e,
                400,
                "invalid labels for series, labels {__name__=\"up\", job=\"a\", job=\"b\"}, duplicated label job");
        assertThat(e.detail().problem()).isEqualTo(Problem.DUPLICATE_LABEL_NAME);
        assertThat(invalid(one(series("__name__", "up", "__name__", "down")))
                        .detail()
                        .problem())
                .isEqualTo(Problem.DUPLICATE_LABEL_NAME);
        assertThat(invalid(one(series("__name__", "up", "job", "", "job", "b")))
                        .detail()
                        .problem())
                .isEqualTo(Problem.DUPLICATE_LABEL_NAME);
    }

    @Test
    void aMissingOrEmptyMetricNameIsRejected() {
        assertRejected(
                invalid(one(series("job", "a"))),
                400,
                "invalid metric name or labels, got {job=\"a\"}: missing metric name (__name__)");
        InvalidSeriesException empty = invalid(one(series("__name__", "", "job", "a")));
        assertRejected(
                empty,
                400,
                "invalid metric name or labels, got {__name__=\"\", job=\"a\"}: missing metric name (__name__)");
        assertThat(empty.detail().problem()).isEqualTo(Problem.MISSING_METRIC_NAME);
    }

    @Test
    void anEmptyLabelSetIsRejected() {
        InvalidSeriesException e = invalid(one(message()));

        assertRejected(e, 400, "invalid metric name or labels, got {}: empty label set");
        assertThat(e.detail().problem()).isEqualTo(Problem.EMPTY_LABEL_SET);
    }

    @Test
    void oneBadSeriesRejectsTheWholeRequest() {
        ProtoMessage request = message()
                .message(1, series("__name__", "up").message(2, sample(1, 1)))
                .message(1, series("__name__", "up", "", "x").message(2, sample(1, 1)))
                .message(1, series("__name__", "up").message(2, sample(1, 1)));

        InvalidSeriesException e = invalid(request);

        assertThat(e.detail().series()).isEqualTo(1);
        assertThat(e.httpStatus()).isEqualTo(400);
    }
}
