package io.tessera.server.http;

import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;

/**
 * How the listener is secured and bounded.
 *
 * @param tls            serves HTTPS only when set
 * @param gate           authentication and response headers
 * @param corsOrigin     origins (anchored) allowed to read answers and send writes from a web page; null allows none
 * @param readTimeoutMs  the longest a request's header, and then its body, may take to arrive
 * @param idleTimeoutMs  how long a connection may wait for its next request
 * @param maxHeaderBytes the largest request header
 * @param maxBodyBytes   the largest request body of any route
 * @param maxConnections connections served at once; more wait in the accept backlog
 */
public record HttpOptions(
        SSLContext tls,
        AccessGate gate,
        Pattern corsOrigin,
        long readTimeoutMs,
        long idleTimeoutMs,
        int maxHeaderBytes,
        long maxBodyBytes,
        int maxConnections) {

    public static final HttpOptions DEFAULTS =
            new HttpOptions(null, AccessGate.OPEN, null, 60_000, 300_000, 1 << 20, 64L << 20, 512);

    public HttpOptions {
        gate = gate == null ? AccessGate.OPEN : gate;
    }

    /** Compiles a CORS origin regex as Prometheus' {@code --web.cors.origin}: it must match the whole origin. */
    public static Pattern corsPattern(String regex) {
        return regex == null ? null : Pattern.compile("^(?:" + regex + ")$");
    }
}
