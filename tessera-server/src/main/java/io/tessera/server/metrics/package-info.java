/**
 * Tessera's own metrics, served on {@code /metrics}: {@link MetricsRegistry} holds them with the
 * JVM's and the process'; {@link QueryMetrics} measures the query surfaces, labelled with where an
 * answer came from ({@link AnswerSource}) and why a query failed ({@link QueryErrorReason}).
 */
package io.tessera.server.metrics;
