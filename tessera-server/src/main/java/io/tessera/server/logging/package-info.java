/**
 * Logging set-up: {@link LogLevel} is the log level as Prometheus' {@code --log.level} names it;
 * the Logback configuration itself is a resource.
 */
package io.tessera.server.logging;
