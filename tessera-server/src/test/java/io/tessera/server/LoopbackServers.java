package io.tessera.server;

import io.tessera.server.config.ConfigLoader;
import io.tessera.server.config.ServerConfig;

/** Servers for tests, listening on a free loopback port. */
public final class LoopbackServers {

    private LoopbackServers() {}

    /** {@code moreYaml} (top-level sections) after a {@code listen} on a free loopback port. */
    public static ServerConfig config(String moreYaml) {
        return ConfigLoader.parse("listen: 127.0.0.1:0\n" + moreYaml);
    }

    /** A started server configured by {@code moreYaml} on a free loopback port. */
    public static TesseraServer start(String moreYaml) {
        return TesseraServer.start(config(moreYaml));
    }
}
