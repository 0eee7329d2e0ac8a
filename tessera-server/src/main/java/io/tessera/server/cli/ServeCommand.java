package io.tessera.server.cli;

import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import io.tessera.server.config.ServerConfig;
import io.tessera.server.logging.LogLevel;
import io.tessera.store.wal.CorruptionException;
import io.tessera.store.wal.DataDirInUseException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tessera serve}: run the server until interrupted. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run the Tessera server: remote write in, PromQL out, on one HTTP port.")
public final class ServeCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

    @Option(names = "--config", paramLabel = "FILE", description = "YAML configuration file; flags override it.")
    Path config;

    @Option(names = "--listen", paramLabel = "HOST:PORT", description = "Address of the HTTP port (default ${DEFAULT-VALUE} unless configured).",
            defaultValue = Option.NULL_VALUE)
    String listen;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Directory for durable state; without it Tessera keeps everything in memory.")
    Path dataDir;

    @Option(names = "--log.level", paramLabel = "LEVEL", description = "Only log events at this level or above: debug, info, warn, error (default info unless configured).")
    String logLevel;

    @Override
    public Integer call() throws Exception {
        ServerConfig cfg = config == null ? ServerConfig.DEFAULTS : ConfigLoader.load(config);
        if (listen != null) {
            cfg = cfg.withListen(listen);
        }
        if (dataDir != null) {
            cfg = cfg.withDataDir(dataDir.toString());
        }
        if (logLevel != null) {
            cfg = cfg.withLogLevel(logLevel);
        }
        LogLevel.apply(cfg.log().level());
        LOG.debug("configuration: {}", cfg);
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        TesseraServer started;
        try {
            started = TesseraServer.start(cfg);
        } catch (CorruptionException | DataDirInUseException | io.tessera.core.InvalidInputException e) {
            System.err.println("tessera: cannot start: " + e.getMessage());
            return 2;
        } catch (java.io.UncheckedIOException e) {
            System.err.println("tessera: cannot start: " + e.getMessage());
            return 1;
        }
        try (TesseraServer server = started) {
            // The JVM halts once shutdown hooks return, so the hook waits for the log to be flushed and closed.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stopped.countDown();
                try {
                    closed.await(3, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "tessera-shutdown"));
            if (server.recovery() != null) {
                System.out.println("data directory " + cfg.dataDir() + ": recovered " + server.recovery().describe());
            }
            System.out.println("tessera " + TesseraVersion.version() + " listening on http://" + server.address());
            if (cfg.dataDir() == null) {
                System.out.println("no --data-dir: running in memory, nothing survives a restart");
            }
            stopped.await();
        } finally {
            closed.countDown();
        }
        return 0;
    }
}
