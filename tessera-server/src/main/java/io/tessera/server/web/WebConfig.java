package io.tessera.server.web;

import io.tessera.core.InvalidInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A web configuration file in Prometheus' format (the exporter toolkit's): TLS for the listener,
 * basic-auth users with bcrypt hashes, and headers added to every response. Relative file names
 * are resolved against the directory of the configuration file.
 *
 * @param tlsServerConfig  null serves plain HTTP
 * @param basicAuthUsers   user name to bcrypt hash; empty lets every request in
 * @param httpServerConfig response headers (and {@code http2}, accepted and ignored: HTTP/1.1 only)
 */
public record WebConfig(
        TlsServerConfig tlsServerConfig, Map<String, String> basicAuthUsers, HttpServerConfig httpServerConfig) {

    public static final WebConfig NONE = new WebConfig(null, Map.of(), HttpServerConfig.NONE);

    public WebConfig {
        basicAuthUsers = basicAuthUsers == null ? Map.of() : Map.copyOf(basicAuthUsers);
        httpServerConfig = httpServerConfig == null ? HttpServerConfig.NONE : httpServerConfig;
    }

    /**
     * @param clientAuthType NoClientCert (default without {@code client_ca_file}), RequestClientCert,
     *                       RequireAnyClientCert, VerifyClientCertIfGiven or RequireAndVerifyClientCert
     *                       (default with {@code client_ca_file})
     * @param minVersion     TLS12 (default) or TLS13
     * @param maxVersion     TLS12 or TLS13 (default)
     * @param cipherSuites   IANA names of TLS 1.2 suites; TLS 1.3 suites are always enabled
     */
    public record TlsServerConfig(
            String certFile,
            String keyFile,
            String clientCaFile,
            String clientAuthType,
            String minVersion,
            String maxVersion,
            List<String> cipherSuites,
            Boolean preferServerCipherSuites,
            List<String> curvePreferences) {

        public TlsServerConfig {
            cipherSuites = cipherSuites == null ? List.of() : List.copyOf(cipherSuites);
            curvePreferences = curvePreferences == null ? List.of() : List.copyOf(curvePreferences);
        }

        TlsServerConfig resolvedAgainst(Path dir) {
            return new TlsServerConfig(
                    resolve(dir, certFile),
                    resolve(dir, keyFile),
                    resolve(dir, clientCaFile),
                    clientAuthType,
                    minVersion,
                    maxVersion,
                    cipherSuites,
                    preferServerCipherSuites,
                    curvePreferences);
        }

        /** The client certificate policy, defaulted as Prometheus defaults it. */
        public ClientAuthType clientAuth() {
            if (clientAuthType == null || clientAuthType.isEmpty()) {
                return clientCaFile == null ? ClientAuthType.NoClientCert : ClientAuthType.RequireAndVerifyClientCert;
            }
            try {
                return ClientAuthType.valueOf(clientAuthType);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("tls_server_config.client_auth_type: unknown \"" + clientAuthType
                        + "\" (one of " + List.of(ClientAuthType.values()) + ")");
            }
        }
    }

    /** How a client's certificate is asked for and checked, named as in Go's {@code crypto/tls}. */
    public enum ClientAuthType {
        NoClientCert,
        RequestClientCert,
        RequireAnyClientCert,
        VerifyClientCertIfGiven,
        RequireAndVerifyClientCert;

        boolean verifies() {
            return this == VerifyClientCertIfGiven || this == RequireAndVerifyClientCert;
        }

        boolean requires() {
            return this == RequireAnyClientCert || this == RequireAndVerifyClientCert;
        }
    }

    /** @param http2 accepted for compatibility; the listener speaks HTTP/1.1 */
    public record HttpServerConfig(Boolean http2, Map<String, String> headers) {
        public static final HttpServerConfig NONE = new HttpServerConfig(null, Map.of());

        public HttpServerConfig {
            headers = headers == null ? Map.of() : Map.copyOf(headers);
        }
    }

    WebConfig resolvedAgainst(Path dir) {
        return new WebConfig(
                tlsServerConfig == null ? null : tlsServerConfig.resolvedAgainst(dir),
                basicAuthUsers,
                httpServerConfig);
    }

    private static String resolve(Path dir, String file) {
        if (file == null || file.isEmpty()) {
            return null;
        }
        return dir == null ? file : dir.resolve(file).toString();
    }
}
