/**
 * Prometheus remote write: {@link RemoteWriteDecoder} (1.0) and {@link RemoteWrite2Decoder}
 * (2.0) decode a {@link SnappyBlock} holding a protobuf request into a {@code WriteBatch},
 * decoding messages by hand over protobuf-java's {@code CodedInputStream}
 * ({@link RemoteWriteFields}; {@link WireSchema} and {@link PrompbSchemas} for the parts checked
 * and skipped). {@link RemoteWriteEncoder} writes 1.0 bodies for tests and benchmarks.
 */
package io.tessera.ingest.remote;
