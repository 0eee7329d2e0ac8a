package io.tessera.server.web;

import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGHUP reloads every open web configuration file, as it reloads Prometheus' configuration.
 * Where the JVM does not let the signal be handled, files are still reloaded when they change.
 */
final class Hangups {

    private static final Logger LOG = LoggerFactory.getLogger(Hangups.class);
    private static final Set<WebConfigFile> OPEN = new CopyOnWriteArraySet<>();
    private static boolean installed;

    private Hangups() {}

    static synchronized void register(WebConfigFile file) {
        OPEN.add(file);
        if (!installed) {
            installed = true;
            try {
                sun.misc.Signal.handle(new sun.misc.Signal("HUP"), signal -> OPEN.forEach(WebConfigFile::reload));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                LOG.warn(
                        "SIGHUP cannot be handled here ({}); web configuration files are reloaded when they change",
                        e.getMessage());
            }
        }
    }

    static void unregister(WebConfigFile file) {
        OPEN.remove(file);
    }
}
