package io.tessera.server.cli;

import io.tessera.core.InvalidInputException;
import io.tessera.server.TesseraServer;
import io.tessera.server.TesseraVersion;
import io.tessera.server.config.ConfigLoader;
import io.tessera.server.config.ServerConfig;
import io.tessera.server.logging.LogLevel;
import io.tessera.store.wal.CorruptionException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tessera serve}: run the server until interrupted. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Run the Tessera server: remote write in, PromQL out, on one HTTP port.")
public final class ServeCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

    /** The exit code of a server that could not start. */
    static final int CANNOT_START = 2;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "YAML configuration file; flags override it.")
    Path config;

    @Option(
            names = "--listen",
            paramLabel = "HOST:PORT",
            description = "Address of the HTTP port (default: " + ServerConfig.DEFAULT_LISTEN
                    + ", or the config file's listen).")
    String listen;

    @Option(
            names = "--data-dir",
            paramLabel = "DIR",
            description = "Directory for durable state; without it Tessera keeps everything in memory.")
    Path dataDir;

    @Option(
            names = "--log.level",
            paramLabel = "LEVEL",
            description =
                    "Only log events at this level or above: debug, info, warn, error (default info unless configured).")
    String logLevel;

    @Option(
            names = "--web.config.file",
            paramLabel = "FILE",
            description = "Web configuration file in Prometheus' format: TLS, basic auth, response headers "
                    + "(default: none, or the config file's web.config_file). Reloaded when it changes and on SIGHUP.")
    Path webConfigFile;

    @Override
    public Integer call() throws Exception {
        TesseraServer started;
        ServerConfig cfg;
        try {
            cfg = config == null ? ServerConfig.DEFAULTS : ConfigLoader.load(config);
            if (listen != null) {
                cfg = cfg.withListen(listen);
            }
            if (dataDir != null) {
                cfg = cfg.withDataDir(dataDir.toString());
            }
            if (webConfigFile != null) {
                cfg = cfg.withWebConfigFile(webConfigFile.toString());
            }
            if (logLevel != null) {
                cfg = cfg.withLogLevel(logLevel);
            }
            LogLevel.apply(cfg.log().level());
            LOG.debug("configuration: {}", cfg);
            cfg.port();
            started = TesseraServer.start(cfg);
        } catch (RuntimeException e) {
            return cannotStart(e, spec.commandLine().getErr());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        try (TesseraServer server = started) {
            // the hook waits for the log to be flushed and closed
            ShutdownHooks.stopThenAwait("tessera-shutdown", stopped::countDown, closed, 3, TimeUnit.MINUTES);
            if (server.recovery() != null) {
                System.out.println("data directory " + cfg.dataDir() + ": recovered "
                        + server.recovery().describe());
            }
            System.out.println("tessera " + TesseraVersion.version() + " listening on " + server.baseUrl());
            if (cfg.dataDir() == null) {
                System.out.println("no --data-dir: running in memory, nothing survives a restart");
            }
            stopped.await();
        } finally {
            closed.countDown();
        }
        return 0;
    }

    /**
     * One line on {@code err} saying why the server did not start, naming the file, key or
     * address at fault; the stack trace goes to the debug log only.
     */
    static int cannotStart(RuntimeException e, PrintWriter err) {
        LOG.debug("start-up failed", e);
        String message = switch (e) {
            case InvalidInputException invalid -> invalid.getMessage();
            case UncheckedIOException io -> io.getMessage();
            case CorruptionException corrupt -> "cannot start: " + corrupt.getMessage();
            default ->
                "cannot start: "
                        + (e.getMessage() == null
                                ? "unexpected failure (run with debug logging for details)"
                                : e.getMessage());
        };
        err.println("tessera: " + message.lines().findFirst().orElse(message));
        err.flush();
        return CANNOT_START;
    }
}
