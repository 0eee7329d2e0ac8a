package io.tessera.server.web;

import io.tessera.core.ByteSizes;
import io.tessera.server.config.ServerConfig;
import io.tessera.server.http.AccessGate;
import io.tessera.server.http.HttpOptions;

/** The listener's options from the {@code web} section of the configuration and its web configuration file. */
public final class ListenerOptions {

    private ListenerOptions() {}

    /** {@code file} may be null: plain HTTP, no authentication. */
    public static HttpOptions of(ServerConfig.Web web, WebConfigFile file) {
        return new HttpOptions(
                file == null ? null : file.sslContext(),
                file == null ? AccessGate.OPEN : file,
                HttpOptions.corsPattern(web.corsOrigin()),
                web.readTimeoutMillis(),
                web.idleTimeoutMillis(),
                (int) Math.min(Integer.MAX_VALUE, ByteSizes.parse(web.maxHeaderBytes())),
                ByteSizes.parse(web.maxRequestBodyBytes()),
                web.maxConnections());
    }
}
