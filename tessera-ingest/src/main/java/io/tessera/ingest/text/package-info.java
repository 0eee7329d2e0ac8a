/**
 * Import of the Prometheus text exposition format: {@link TextExpositionParser} parses it into the
 * same validated {@code WriteBatch} the remote-write decoders produce, reading values and
 * timestamps with {@link FloatSyntax}.
 */
package io.tessera.ingest.text;
