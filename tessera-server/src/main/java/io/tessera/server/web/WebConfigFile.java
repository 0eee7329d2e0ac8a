package io.tessera.server.web;

import io.tessera.core.InvalidInputException;
import io.tessera.server.config.YamlFiles;
import io.tessera.server.http.AccessGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A web configuration file in force: read at start (where any error stops the start), then read
 * again when a request or a new TLS connection finds the file changed, and on SIGHUP. A file
 * that no longer reads keeps the configuration in force, with the error logged: the listener
 * never falls open. TLS is on or off for the life of the listener; its certificate, key, client
 * CA and policy are reloaded.
 */
public final class WebConfigFile implements AccessGate, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WebConfigFile.class);

    private record State(WebConfig config, BasicAuth auth, TlsSetup tls, Object fileKey, long modified, long size) {}

    private final Path file;
    private volatile State state;
    private final SSLContext sslContext;

    private WebConfigFile(Path file, State initial) {
        this.file = file;
        this.state = initial;
        this.sslContext = initial.tls() == null
                ? null
                : new ReloadingSslContext(() -> current().tls());
        Hangups.register(this);
    }

    /** Reads {@code file}; an {@link InvalidInputException} names the file and key of any error. */
    public static WebConfigFile open(Path file) {
        return new WebConfigFile(file, read(file, null));
    }

    /** The listener's SSL context, or null when the file configures no TLS. */
    public SSLContext sslContext() {
        return sslContext;
    }

    public WebConfig config() {
        return current().config();
    }

    @Override
    public Map<String, String> responseHeaders() {
        return current().config().httpServerConfig().headers();
    }

    @Override
    public Verdict admit(String authorization) {
        return current().auth().admit(authorization);
    }

    @Override
    public boolean verify(String authorization) {
        return current().auth().verify(authorization);
    }

    /** Reads the file again now, whether or not it looks changed (SIGHUP). */
    void reload() {
        State previous = state;
        try {
            state = read(file, previous);
            LOG.info("reloaded web configuration {}", file);
        } catch (InvalidInputException e) {
            LOG.error("web configuration {} not reloaded, the previous one stays in force: {}", file, e.getMessage());
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                state = new State(
                        previous.config(),
                        previous.auth(),
                        previous.tls(),
                        a.fileKey(),
                        a.lastModifiedTime().toMillis(),
                        a.size());
            } catch (IOException gone) {
                // tried again on the next request
            }
        }
    }

    private State current() {
        State s = state;
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (a.lastModifiedTime().toMillis() == s.modified()
                    && a.size() == s.size()
                    && Objects.equals(a.fileKey(), s.fileKey())) {
                return s;
            }
        } catch (IOException e) {
            return s;
        }
        synchronized (this) {
            if (state == s) {
                reload();
            }
            return state;
        }
    }

    private static State read(Path file, State previous) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new InvalidInputException("web config file " + file + " does not exist");
        }
        WebConfig parsed = YamlFiles.read(file, WebConfig.class, "web config file");
        WebConfig config = (parsed == null ? WebConfig.NONE : parsed)
                .resolvedAgainst(file.toAbsolutePath().getParent());
        TlsSetup tls;
        try {
            tls = config.tlsServerConfig() == null ? null : TlsSetup.of(config.tlsServerConfig());
            for (Map.Entry<String, String> user : config.basicAuthUsers().entrySet()) {
                if (!user.getValue().matches("\\$2[abxy]?\\$\\d\\d\\$[./A-Za-z0-9]{53}")) {
                    throw new InvalidInputException("basic_auth_users." + user.getKey() + ": not a bcrypt hash");
                }
            }
        } catch (InvalidInputException e) {
            throw new InvalidInputException("web config file " + file + ": " + e.getMessage(), e);
        }
        if (previous != null && (previous.tls() == null) != (tls == null)) {
            LOG.warn(
                    "web configuration {}: TLS cannot be turned {} while running; restart to do so",
                    file,
                    tls == null ? "off" : "on");
            tls = previous.tls();
        }
        return new State(
                config,
                new BasicAuth(config.basicAuthUsers()),
                tls,
                attributes.fileKey(),
                attributes.lastModifiedTime().toMillis(),
                attributes.size());
    }

    @Override
    public void close() {
        Hangups.unregister(this);
    }
}
