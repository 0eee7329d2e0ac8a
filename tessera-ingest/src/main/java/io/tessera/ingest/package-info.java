/**
 * What incoming samples become before they are stored: a decoded, validated write in columns
 * ({@link WriteBatch}, built by {@link WriteBatchBuilder}), turned by {@link RawAppends} into the
 * raw store's atomic append ({@link AdmittedWrite}), with the accepted metric and label names
 * ({@link NameValidation}) and the decoders' exceptions ({@link WriteRejectedException} and
 * its kin). The decoders themselves live in the sub-packages.
 *
 * <p>Ingestion must not depend on the server.
 */
package io.tessera.ingest;
