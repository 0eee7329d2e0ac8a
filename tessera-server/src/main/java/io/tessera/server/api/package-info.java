/**
 * Prometheus' HTTP API: remote write and text import into the raw store, and the query API
 * under {@code /api/v1} answered by the engine, with Prometheus' parameters, checks, messages,
 * status codes and JSON, byte for byte where clients can tell.
 *
 * <p>Where this API knowingly differs from Prometheus:
 * <ul>
 *   <li>{@code buildinfo} reports a fixed Prometheus version (see {@link
 *       io.tessera.server.api.StatusEndpoints}) so Grafana enables the API calls of that version.
 *   <li>A client that disconnects does not cancel its query: the JDK's HTTP server reports a
 *       gone client only when a write fails, after the run. The run still stops at its deadline
 *       (the server's timeout, or a shorter {@code timeout} parameter), and closing the server
 *       cancels every run.
 *   <li>{@code format_query} prints the one-line canonical form, not Prometheus' multi-line
 *       pretty form for long expressions.
 *   <li>{@code stats} is ignored and {@code metadata} is always empty.
 *   <li>An unknown path under {@code /api/v1/} gets a JSON {@code not_found} error where
 *       Prometheus' router answers plain text.
 * </ul>
 */
package io.tessera.server.api;
