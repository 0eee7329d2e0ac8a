/**
 * Prometheus' web configuration file for the listener: {@link WebConfig} and the file in force
 * ({@link WebConfigFile}, reloaded on SIGHUP via {@link Hangups}), TLS ({@link TlsSetup},
 * {@link ReloadingSslContext}), basic authentication against bcrypt hashes ({@link BasicAuth}),
 * and the listener's options ({@link ListenerOptions}).
 */
package io.tessera.server.web;
