package io.tessera.server.config;

import io.tessera.core.InvalidInputException;

/**
 * Everything {@code tessera serve} is configured with. Values come from the YAML file, then the
 * command-line flags override them; defaults apply where neither says anything.
 *
 * @param listen        host:port of the one HTTP port; loopback unless configured
 * @param dataDir       where durable state lives; null runs in memory
 * @param storage       the raw store
 * @param remoteWrite   the remote-write receiver
 * @param query         the PromQL engine's defaults and limits
 * @param acceleration  the installed plan and its views
 * @param tables        the SQL tables rows may be posted to (see {@link TableConfigs})
 * @param web           the HTTP listener's security, limits and timeouts
 * @param log           the server's log
 */
public record ServerConfig(
        String listen,
        String dataDir,
        Storage storage,
        RemoteWrite remoteWrite,
        Query query,
        Acceleration acceleration,
        java.util.List<Table> tables,
        Web web,
        Log log) {

    /** @param level the least severe events logged: debug, info, warn or error */
    public record Log(String level) {
        public static final Log DEFAULTS = new Log("info");

        public Log {
            level = io.tessera.server.logging.LogLevel.check(level == null ? DEFAULTS.level : level);
        }
    }

    /**
     * A SQL table: its time column (epoch milliseconds) and its typed columns.
     *
     * @param dimensions  columns rows are grouped and filtered by: STRING, LONG or DOUBLE
     * @param measures    columns rows are aggregated over: LONG or DOUBLE
     */
    public record Table(
            String name,
            String timeColumn,
            java.util.List<TableColumn> dimensions,
            java.util.List<TableColumn> measures) {
        public Table {
            dimensions = dimensions == null ? java.util.List.of() : java.util.List.copyOf(dimensions);
            measures = measures == null ? java.util.List.of() : java.util.List.copyOf(measures);
        }
    }

    /** One column of a {@link Table}; the type is checked by {@link TableConfigs}. */
    public record TableColumn(String name, String type) {}

    public static final String DEFAULT_LISTEN = "127.0.0.1:9470";

    /**
     * @param retention         how long raw samples are kept (Prometheus duration)
     * @param outOfOrderWindow  how far behind a series' newest sample a sample may arrive
     * @param memoryLimit       ingest is refused above this many bytes of raw data; unset, a fraction of the
     *                          Java heap ({@link #memoryLimitBytes})
     * @param walFsync          with a data directory: {@code interval} (segments forced every second
     *                          and when cut) or {@code always} (forced before a write is acknowledged)
     * @param walSegmentSize    the size at which a log segment is cut
     * @param snapshotInterval  how often the raw store is snapshotted, which truncates the log
     * @param recentSamplesWindow how far back each metric's samples are also kept in arrival order,
     *                          which corrections at "now" read instead of every series' chunks; 0s keeps none
     * @param futureTolerance   how far ahead of the server's clock a sample may be stamped and still be accepted
     */
    public record Storage(
            String retention,
            String outOfOrderWindow,
            String memoryLimit,
            String walFsync,
            String walSegmentSize,
            String snapshotInterval,
            String recentSamplesWindow,
            String futureTolerance) {
        public static final Storage DEFAULTS =
                new Storage("15d", "0s", null, "interval", "128MiB", "15m", "15m", "10m");

        public Storage {
            ConfigValues.duration("retention", retention);
            ConfigValues.duration("out_of_order_window", outOfOrderWindow);
            ConfigValues.byteSize("memory_limit", memoryLimit);
            if (walFsync != null) {
                try {
                    io.tessera.store.wal.WalFsync.parse(walFsync);
                } catch (io.tessera.core.InvalidInputException e) {
                    throw new ConfigValueException(
                            "wal_fsync", "must be \"interval\" or \"always\", got \"" + walFsync + "\"");
                }
            }
            ConfigValues.byteSize("wal_segment_size", walSegmentSize);
            ConfigValues.duration("snapshot_interval", snapshotInterval);
            ConfigValues.duration("recent_samples_window", recentSamplesWindow);
            ConfigValues.duration("future_tolerance", futureTolerance);
        }

        /** The share of the Java heap raw data may take when {@code memory_limit} is not set. */
        public static final double DEFAULT_HEAP_FRACTION = 0.5;
        /**
         * The largest share of the Java heap {@code memory_limit} may give raw data: a quarter is
         * set aside for write requests being decoded, and the rest for queries, views and the server.
         */
        public static final double MAX_HEAP_FRACTION = 0.6;

        /**
         * The raw store's memory limit for a Java heap of at most {@code maxHeapBytes}: the configured
         * one, or {@link #DEFAULT_HEAP_FRACTION} of the heap.
         *
         * @throws InvalidInputException when the configured limit is more than {@link #MAX_HEAP_FRACTION}
         *     of the heap: the heap would run out before the limit refused anything
         */
        public long memoryLimitBytes(long maxHeapBytes) {
            if (memoryLimit == null || memoryLimit.isBlank()) {
                return (long) (maxHeapBytes * DEFAULT_HEAP_FRACTION);
            }
            long limit = io.tessera.core.ByteSizes.parse(memoryLimit);
            long most = (long) (maxHeapBytes * MAX_HEAP_FRACTION);
            if (limit > most) {
                throw new InvalidInputException(
                        "storage.memory_limit " + memoryLimit + " is more than the Java heap can hold: "
                                + "the heap is at most " + mib(maxHeapBytes) + " (-Xmx) and raw data may take at most "
                                + Math.round(MAX_HEAP_FRACTION * 100) + "% of it (" + mib(most)
                                + "); lower storage.memory_limit, "
                                + "leave it unset for " + Math.round(DEFAULT_HEAP_FRACTION * 100)
                                + "% of the heap, or raise -Xmx");
            }
            return limit;
        }

        /** How far ahead of the server's clock a sample may be stamped, in milliseconds. */
        public long futureToleranceMillis() {
            long ms = io.tessera.core.Durations.parseMillis(futureTolerance);
            if (ms < 0) {
                throw new InvalidInputException(
                        "storage.future_tolerance must not be negative, got " + futureTolerance);
            }
            return ms;
        }

        private static String mib(long bytes) {
            return (bytes >> 20) + " MiB";
        }
    }

    /** @param maxBodyBytes the largest uncompressed request body accepted */
    public record RemoteWrite(String maxBodyBytes) {
        public static final RemoteWrite DEFAULTS = new RemoteWrite("32MiB");

        public RemoteWrite {
            ConfigValues.byteSize("max_body_bytes", maxBodyBytes);
        }
    }

    /**
     * @param lookbackDelta        how far back an instant selector looks for a sample
     * @param timeout              the longest a query may run
     * @param maxSamples           samples one query may load
     * @param maxPointsPerSeries   points per series a range query may return
     * @param defaultSubqueryStep  the resolution of {@code x[1h:]}
     */
    public record Query(
            String lookbackDelta,
            String timeout,
            Long maxSamples,
            Integer maxPointsPerSeries,
            String defaultSubqueryStep) {
        public static final Query DEFAULTS = new Query("5m", "2m", 50_000_000L, 11_000, "1m");

        public Query {
            ConfigValues.duration("lookback_delta", lookbackDelta);
            ConfigValues.duration("timeout", timeout);
            ConfigValues.positive("max_samples", maxSamples);
            ConfigValues.positive(
                    "max_points_per_series", maxPointsPerSeries == null ? null : maxPointsPerSeries.longValue());
            ConfigValues.duration("default_subquery_step", defaultSubqueryStep);
        }
    }

    /**
     * @param planFile         an InstallablePlan (JSON, as {@code tessera plan} writes it) to install at start
     * @param allowedLateness  how long after a pane's end samples may still arrive before it is built
     * @param warmUp           the most time spent asking a newly installed plan's queries in the background
     *                         once its views have caught up, so that the first dashboards find the query
     *                         paths compiled; 0s: none
     */
    public record Acceleration(String planFile, String allowedLateness, String warmUp) {
        public static final Acceleration DEFAULTS = new Acceleration(null, "30s", "30s");

        public Acceleration {
            ConfigValues.duration("allowed_lateness", allowedLateness);
            ConfigValues.duration("warm_up", warmUp);
        }
    }

    /**
     * The HTTP listener.
     *
     * @param configFile          a web configuration file in Prometheus' format (TLS, basic auth, headers)
     * @param corsOrigin          a regular expression (anchored) of the origins allowed to read answers and
     *                            send writes cross-origin; null allows none
     * @param readTimeout         the longest a request's header and body may take to arrive
     * @param idleTimeout         how long a connection may wait for its next request
     * @param maxHeaderBytes      the largest request header
     * @param maxRequestBodyBytes the largest request body of any endpoint (endpoints have their own, smaller, limits)
     * @param maxConnections      connections accepted at once; more wait in the backlog
     */
    public record Web(
            String configFile,
            String corsOrigin,
            String readTimeout,
            String idleTimeout,
            String maxHeaderBytes,
            String maxRequestBodyBytes,
            Integer maxConnections) {
        public static final Web DEFAULTS = new Web(null, null, "1m", "5m", "1MiB", "64MiB", 512);

        public Web {
            if (corsOrigin != null) {
                try {
                    java.util.regex.Pattern.compile(corsOrigin);
                } catch (java.util.regex.PatternSyntaxException e) {
                    throw new ConfigValueException("cors_origin", "not a regular expression: " + e.getDescription());
                }
            }
            ConfigValues.positiveDuration("read_timeout", readTimeout);
            ConfigValues.positiveDuration("idle_timeout", idleTimeout);
            ConfigValues.byteSize("max_header_bytes", maxHeaderBytes);
            ConfigValues.byteSize("max_request_body_bytes", maxRequestBodyBytes);
            ConfigValues.positive("max_connections", maxConnections == null ? null : maxConnections.longValue());
        }

        public long readTimeoutMillis() {
            return io.tessera.core.Durations.parseMillis(readTimeout);
        }

        public long idleTimeoutMillis() {
            return io.tessera.core.Durations.parseMillis(idleTimeout);
        }
    }

    public static final ServerConfig DEFAULTS = new ServerConfig(
            DEFAULT_LISTEN,
            null,
            Storage.DEFAULTS,
            RemoteWrite.DEFAULTS,
            Query.DEFAULTS,
            Acceleration.DEFAULTS,
            null,
            Web.DEFAULTS,
            Log.DEFAULTS);

    public ServerConfig {
        listen = listen == null ? DEFAULT_LISTEN : listen;
        storage = storage == null
                ? Storage.DEFAULTS
                : new Storage(
                        or(storage.retention(), Storage.DEFAULTS.retention()),
                        or(storage.outOfOrderWindow(), Storage.DEFAULTS.outOfOrderWindow()),
                        storage.memoryLimit(),
                        or(storage.walFsync(), Storage.DEFAULTS.walFsync()),
                        or(storage.walSegmentSize(), Storage.DEFAULTS.walSegmentSize()),
                        or(storage.snapshotInterval(), Storage.DEFAULTS.snapshotInterval()),
                        or(storage.recentSamplesWindow(), Storage.DEFAULTS.recentSamplesWindow()),
                        or(storage.futureTolerance(), Storage.DEFAULTS.futureTolerance()));
        remoteWrite = remoteWrite == null
                ? RemoteWrite.DEFAULTS
                : new RemoteWrite(or(remoteWrite.maxBodyBytes(), RemoteWrite.DEFAULTS.maxBodyBytes()));
        Query q = Query.DEFAULTS;
        query = query == null
                ? q
                : new Query(
                        or(query.lookbackDelta(), q.lookbackDelta()),
                        or(query.timeout(), q.timeout()),
                        query.maxSamples() == null ? q.maxSamples() : query.maxSamples(),
                        query.maxPointsPerSeries() == null ? q.maxPointsPerSeries() : query.maxPointsPerSeries(),
                        or(query.defaultSubqueryStep(), q.defaultSubqueryStep()));
        acceleration = acceleration == null
                ? Acceleration.DEFAULTS
                : new Acceleration(
                        acceleration.planFile(),
                        or(acceleration.allowedLateness(), Acceleration.DEFAULTS.allowedLateness()),
                        or(acceleration.warmUp(), Acceleration.DEFAULTS.warmUp()));
        tables = TableConfigs.validate(tables);
        log = log == null ? Log.DEFAULTS : log;
        Web w = Web.DEFAULTS;
        web = web == null
                ? w
                : new Web(
                        web.configFile(),
                        web.corsOrigin(),
                        or(web.readTimeout(), w.readTimeout()),
                        or(web.idleTimeout(), w.idleTimeout()),
                        or(web.maxHeaderBytes(), w.maxHeaderBytes()),
                        or(web.maxRequestBodyBytes(), w.maxRequestBodyBytes()),
                        web.maxConnections() == null ? w.maxConnections() : web.maxConnections());
    }

    /** The write-ahead log options this configuration asks for. */
    public io.tessera.store.wal.WalOptions walOptions() {
        return io.tessera.store.wal.WalOptions.DEFAULTS
                .withFsync(io.tessera.store.wal.WalFsync.parse(storage.walFsync()))
                .withSegmentBytes(io.tessera.core.ByteSizes.parse(storage.walSegmentSize()));
    }

    public long snapshotIntervalMillis() {
        long ms = io.tessera.core.Durations.parseMillis(storage.snapshotInterval());
        if (ms <= 0) {
            throw new InvalidInputException(
                    "storage.snapshot_interval must be positive, got " + storage.snapshotInterval());
        }
        return ms;
    }

    /** The engine options this configuration asks for. */
    public io.tessera.exec.PromqlEngine.Options engineOptions() {
        return new io.tessera.exec.PromqlEngine.Options(
                io.tessera.core.Durations.parseMillis(query.lookbackDelta()),
                io.tessera.core.Durations.parseMillis(query.defaultSubqueryStep()),
                new io.tessera.exec.context.QueryLimits(
                        query.maxSamples(),
                        query.maxPointsPerSeries(),
                        io.tessera.core.Durations.parseMillis(query.timeout())));
    }

    private static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }

    public ServerConfig withListen(String newListen) {
        return new ServerConfig(newListen, dataDir, storage, remoteWrite, query, acceleration, tables, web, log);
    }

    public ServerConfig withWebConfigFile(String file) {
        return new ServerConfig(
                listen,
                dataDir,
                storage,
                remoteWrite,
                query,
                acceleration,
                tables,
                new Web(
                        file,
                        web.corsOrigin(),
                        web.readTimeout(),
                        web.idleTimeout(),
                        web.maxHeaderBytes(),
                        web.maxRequestBodyBytes(),
                        web.maxConnections()),
                log);
    }

    public ServerConfig withWeb(Web newWeb) {
        return new ServerConfig(listen, dataDir, storage, remoteWrite, query, acceleration, tables, newWeb, log);
    }

    public ServerConfig withDataDir(String newDataDir) {
        return new ServerConfig(listen, newDataDir, storage, remoteWrite, query, acceleration, tables, web, log);
    }

    /** The declared tables as the store and the SQL engine know them. */
    public io.tessera.core.TableCatalog tableCatalog() {
        return TableConfigs.catalog(tables);
    }

    public ServerConfig withTables(java.util.List<Table> newTables) {
        return new ServerConfig(listen, dataDir, storage, remoteWrite, query, acceleration, newTables, web, log);
    }

    public ServerConfig withLogLevel(String level) {
        return new ServerConfig(
                listen, dataDir, storage, remoteWrite, query, acceleration, tables, web, new Log(level));
    }

    /** The host part of {@link #listen()}. */
    public String host() {
        return listen.substring(0, separator());
    }

    public int port() {
        try {
            int port = Integer.parseInt(listen.substring(separator() + 1));
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new InvalidInputException(
                    "listen address \"" + listen + "\": the port must be a number from 0 to 65535");
        }
    }

    private int separator() {
        int i = listen.lastIndexOf(':');
        if (i <= 0) {
            throw new InvalidInputException("listen address \"" + listen + "\" must be HOST:PORT");
        }
        return i;
    }
}
