package io.tessera.ingest.remote;

import static io.tessera.ingest.remote.WireSchema.Kind.BYTES;
import static io.tessera.ingest.remote.WireSchema.Kind.FIXED64;
import static io.tessera.ingest.remote.WireSchema.Kind.MESSAGE;
import static io.tessera.ingest.remote.WireSchema.Kind.PACKED_FIXED64;
import static io.tessera.ingest.remote.WireSchema.Kind.PACKED_VARINT;
import static io.tessera.ingest.remote.WireSchema.Kind.VARINT;

import io.tessera.ingest.remote.WireSchema.Field;

/**
 * The remote-write 1.0 messages that are checked and counted but not decoded
 * (Prometheus {@code prompb/types.proto}). Field names are those of the Go bindings, so error
 * messages read like Prometheus'.
 */
final class PrompbSchemas {

    private PrompbSchemas() {}

    static final WireSchema LABEL = new WireSchema("Label", Field.of(1, "Name", BYTES), Field.of(2, "Value", BYTES));

    static final WireSchema EXEMPLAR = new WireSchema(
            "Exemplar",
            new Field(1, "Labels", MESSAGE, LABEL),
            Field.of(2, "Value", FIXED64),
            Field.of(3, "Timestamp", VARINT));

    static final WireSchema BUCKET_SPAN =
            new WireSchema("BucketSpan", Field.of(1, "Offset", VARINT), Field.of(2, "Length", VARINT));

    static final WireSchema HISTOGRAM = new WireSchema(
            "Histogram",
            Field.of(1, "CountInt", VARINT),
            Field.of(2, "CountFloat", FIXED64),
            Field.of(3, "Sum", FIXED64),
            Field.of(4, "Schema", VARINT),
            Field.of(5, "ZeroThreshold", FIXED64),
            Field.of(6, "ZeroCountInt", VARINT),
            Field.of(7, "ZeroCountFloat", FIXED64),
            new Field(8, "NegativeSpans", MESSAGE, BUCKET_SPAN),
            Field.of(9, "NegativeDeltas", PACKED_VARINT),
            Field.of(10, "NegativeCounts", PACKED_FIXED64),
            new Field(11, "PositiveSpans", MESSAGE, BUCKET_SPAN),
            Field.of(12, "PositiveDeltas", PACKED_VARINT),
            Field.of(13, "PositiveCounts", PACKED_FIXED64),
            Field.of(14, "ResetHint", VARINT),
            Field.of(15, "Timestamp", VARINT));

    static final WireSchema METRIC_METADATA = new WireSchema(
            "MetricMetadata",
            Field.of(1, "Type", VARINT),
            Field.of(2, "MetricFamilyName", BYTES),
            Field.of(4, "Help", BYTES),
            Field.of(5, "Unit", BYTES));
}
