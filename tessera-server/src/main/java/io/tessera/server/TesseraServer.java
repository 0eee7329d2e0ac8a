package io.tessera.server;

import io.tessera.core.ByteSizes;
import io.tessera.core.Durations;
import io.tessera.exec.QueryAccelerator;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.views.DemandingDataStore;
import io.tessera.ingest.views.ViewMaintainer;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.server.api.IngestEndpoints;
import io.tessera.server.api.PlanEndpoints;
import io.tessera.server.api.PrometheusApi;
import io.tessera.server.config.ServerConfig;
import io.tessera.server.durability.StartupService;
import io.tessera.server.durability.ViewDurability;
import io.tessera.server.http.HttpOptions;
import io.tessera.server.http.HttpService;
import io.tessera.server.metrics.MetricsRegistry;
import io.tessera.server.metrics.QueryMetrics;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.raw.StoreStats;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.wal.DataDirInUseException;
import io.tessera.store.wal.DataDirLock;
import io.tessera.store.wal.DurableRawStore;
import io.tessera.store.wal.RecoveryProgress;
import io.tessera.store.wal.RecoveryReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One running Tessera: its stores, its ingestion and its HTTP port, wired from a config. */
public final class TesseraServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TesseraServer.class);

    private static final Set<String> GET = Set.of("GET", "HEAD");
    private static final Set<String> POST = Set.of("POST");

    private static final int MAX_PANES_PER_TICK = 10_000;

    private final ServerConfig config;
    private final MetricsRegistry metrics = new MetricsRegistry();
    private final HttpService http;
    private final RawStore rawStore;
    private final DurableRawStore durable;
    private final PrometheusApi api;
    private final PlanWarmUp warmUp;
    private final ScheduledExecutorService housekeeping;
    private volatile boolean ready;
    private volatile StoreStats stats;
    private final SummaryStore summaries;
    private final StoreDataStore data;
    private final ViewMaintainer maintainer;
    private final java.util.concurrent.atomic.LongAdder maintenanceFailures;
    private volatile QueryAccelerator accelerator = QueryAccelerator.NONE;
    private volatile InstallablePlan installed;
    private volatile List<io.tessera.exec.sql.SqlView> sqlViews = List.of();
    private final ViewDurability viewFiles;
    private final io.tessera.store.table.TableStore tables;
    private final io.tessera.store.wal.DurableTables durableTables;
    private final DataDirLock dataDirLock;
    private final io.tessera.server.web.WebConfigFile webFile;

    private TesseraServer(
            ServerConfig config,
            io.tessera.server.web.WebConfigFile webFile,
            HttpOptions listener,
            DataDirLock dataDirLock,
            RecoveryProgress progress,
            int port)
            throws IOException {
        this.config = config;
        this.dataDirLock = dataDirLock;
        long futureToleranceMs = config.storage().futureToleranceMillis();
        this.webFile = webFile;
        RawStoreConfig rawConfig = RawStoreConfig.defaults()
                .withRetention(Durations.parseMillis(config.storage().retention()))
                .withOutOfOrderWindow(Durations.parseMillis(config.storage().outOfOrderWindow()))
                .withMemoryLimit(
                        config.storage().memoryLimitBytes(Runtime.getRuntime().maxMemory()));
        rawConfig = rawConfig.withRecentSamples(
                Durations.parseMillis(config.storage().recentSamplesWindow()), rawConfig.recentLimit());
        if (config.dataDir() == null) {
            this.durable = null;
            this.viewFiles = null;
            this.rawStore = new RawStore(rawConfig);
        } else {
            config.snapshotIntervalMillis();
            this.viewFiles = ViewDurability.open(Path.of(config.dataDir()));
            this.durable = DurableRawStore.open(
                    Path.of(config.dataDir()), rawConfig, config.walOptions(), viewFiles.replayListener(), progress);
            this.rawStore = durable.store();
            registerDurabilityMetrics(durable.recovery());
        }
        long maxBody = ByteSizes.parse(config.remoteWrite().maxBodyBytes());
        IngestOptions ingestOptions =
                IngestOptions.DEFAULTS.withMaxUncompressedBytes((int) Math.min(Integer.MAX_VALUE - 64, maxBody));
        this.summaries = new SummaryStore();
        this.tables = new io.tessera.store.table.TableStore(
                config.tableCatalog(),
                io.tessera.store.table.TableStoreConfig.defaults()
                        .withRetention(rawConfig.retentionMillis())
                        .withMemoryLimit(rawConfig.memoryLimitBytes()));
        this.durableTables = config.dataDir() == null
                ? null
                : io.tessera.store.wal.DurableTables.open(Path.of(config.dataDir()), tables, config.walOptions());
        if (durableTables != null && durableTables.recovery().tornTail() != null) {
            LOG.warn("table log: cut a torn tail: {}", durableTables.recovery().tornTail());
        }
        if (durableTables != null) {
            for (String damage : durableTables.recovery().damaged()) {
                LOG.warn("table log: damaged log skipped, everything else kept: {}", damage);
            }
        }
        if (durableTables != null) {
            metrics.gauge("tessera_table_wal_bytes", "Bytes of table log segments on disk.", durableTables::walBytes);
            metrics.gauge("tessera_table_wal_segments", "Table log segments on disk.", durableTables::walSegments);
        }
        if (durableTables != null && durableTables.recovery().skippedRecords() > 0) {
            LOG.warn(
                    "table log: skipped {} records of tables that are no longer declared or whose columns changed",
                    durableTables.recovery().skippedRecords());
        }
        this.data = new StoreDataStore(rawStore, summaries, tables);
        long lateness = Durations.parseMillis(config.acceleration().allowedLateness());
        this.maintainer = new ViewMaintainer(summaries, data, lateness);
        IngestEndpoints.Limits ingestLimits = new IngestEndpoints.Limits(
                futureToleranceMs,
                (long) (Runtime.getRuntime().maxMemory() * IngestEndpoints.DECODE_HEAP_FRACTION),
                rawStore::memoryHeadroomBytes,
                System::currentTimeMillis);
        IngestEndpoints ingest = durable == null
                ? new IngestEndpoints(rawStore::append, ingestOptions, metrics, maintainer::accepted, ingestLimits)
                : new IngestEndpoints(
                        request -> viewFiles.append(durable, request),
                        ingestOptions,
                        metrics,
                        request -> {},
                        ingestLimits);
        if (viewFiles != null) {
            viewFiles.registerMetrics(metrics);
        }
        this.maintenanceFailures = ViewMetrics.register(metrics, maintainer, () -> accelerator);
        this.stats = rawStore.stats();
        metrics.gauge("tessera_raw_series", "Series in the raw store.", () -> stats.seriesCount());
        metrics.gauge("tessera_raw_samples", "Samples in the raw store.", () -> stats.sampleCount());
        metrics.gauge(
                "tessera_raw_chunk_bytes",
                "Bytes of compressed sample chunks in the raw store.",
                () -> stats.chunkBytes());
        metrics.gauge(
                "tessera_raw_memory_bytes",
                "Estimated memory of the raw store, checked against the memory limit.",
                () -> stats.memoryBytes());
        metrics.gauge(
                "tessera_raw_bytes_per_sample",
                "Estimated memory of the raw store per sample (tessera_raw_memory_bytes over tessera_raw_samples),"
                        + " 0 while it is empty.",
                () -> stats.sampleCount() == 0 ? 0 : (double) stats.memoryBytes() / stats.sampleCount());
        long memoryLimit = rawConfig.memoryLimitBytes();
        metrics.gauge(
                "tessera_raw_memory_limit_bytes",
                "The raw store's memory limit (storage.memory_limit), above which ingest is refused.",
                () -> memoryLimit);
        metrics.gauge(
                "tessera_raw_recent_samples_bytes",
                "Bytes of the recent-samples logs (part of the raw store's memory).",
                () -> rawStore.recentSamples().bytes());
        metrics.counter(
                "tessera_raw_recent_span_reads_total",
                "Span reads the recent-samples logs answered instead of the chunks.",
                () -> rawStore.recentSamples().reads());
        metrics.counter(
                "tessera_raw_span_reads_reused_total",
                "Span reads answered again from an identical one with no write in between (panels of one refresh).",
                rawStore::spanReadsReused);
        this.housekeeping = Executors.newSingleThreadScheduledExecutor(
                r -> Thread.ofPlatform().daemon().name("tessera-housekeeping").unstarted(r));
        this.http = new HttpService(config.host(), port, listener);
        http.route("/api/v1/write", POST, ingest::remoteWrite).writes("/api/v1/write", "application/x-protobuf");
        http.route("/api/v1/import/prometheus", POST, ingest::importText).writes("/api/v1/import/prometheus");
        io.tessera.server.sql.TableRowsEndpoint rows = new io.tessera.server.sql.TableRowsEndpoint(
                tables,
                durableTables == null
                        ? (table, decoded) -> SqlViewWiring.appended(
                                maintainer, tables, table, decoded.rows(), tables.append(table, decoded.rows()))
                        : (table, decoded) -> SqlViewWiring.appended(
                                maintainer, tables, table, decoded.rows(), durableTables.append(table, decoded.rows())),
                maxBody,
                metrics);
        http.prefix(io.tessera.server.sql.TableRowsEndpoint.PREFIX, POST, rows::handle)
                .writes(io.tessera.server.sql.TableRowsEndpoint.PREFIX);
        QueryMetrics queryMetrics = new QueryMetrics(metrics);
        this.api = new PrometheusApi(
                rawStore,
                new DemandingDataStore(data, maintainer),
                () -> accelerator,
                config.engineOptions(),
                TesseraVersion.version(),
                config.storage().retention(),
                queryMetrics);
        api.register(http);
        this.warmUp = new PlanWarmUp(
                api::answerDiscarding,
                () -> {
                    long watermark = maintainer.watermark();
                    return watermark == Long.MIN_VALUE ? Long.MIN_VALUE : watermark + lateness;
                },
                Durations.parseMillis(config.acceleration().warmUp()));
        warmUp.registerMetrics(metrics);
        io.tessera.server.sql.SqlService sql = new io.tessera.server.sql.SqlService(
                new DemandingDataStore(data, maintainer),
                config.tableCatalog(),
                config.engineOptions(),
                () -> sqlViews,
                metric -> !rawStore.labelValues(
                                io.tessera.core.Labels.METRIC_NAME,
                                List.of(io.tessera.core.LabelMatcher.equal(io.tessera.core.Labels.METRIC_NAME, metric)),
                                io.tessera.store.raw.RawStore.ALL_TIME)
                        .isEmpty());
        http.route(
                "/api/v1/sql", Set.of("GET", "POST"), new io.tessera.server.sql.SqlEndpoint(sql, queryMetrics)::handle);
        io.tessera.server.sql.ClickHouseEndpoint clickHouse =
                new io.tessera.server.sql.ClickHouseEndpoint(sql, queryMetrics);
        http.route("/", Set.of("GET", "HEAD", "POST"), clickHouse::handle);
        http.route("/ping", GET, clickHouse::ping);
        PlanEndpoints plans = new PlanEndpoints(this::installedPlan, this::install, rawConfig.retentionMillis());
        http.route("/api/v1/plan", Set.of("GET", "POST"), plans::handle)
                .writes("/api/v1/plan", PlanEndpoints.CONTENT_TYPE);
        http.route("/-/healthy", GET, r -> r.text(200, "Tessera is Healthy.\n"));
        http.route("/-/ready", GET, r -> {
            Throwable walFailure = durable == null ? null : durable.walFailure();
            Throwable tableWalFailure = durableTables == null ? null : durableTables.walFailure();
            if (ready && walFailure == null && tableWalFailure == null) {
                r.text(200, "Tessera is Ready.\n");
            } else if (walFailure != null || tableWalFailure != null) {
                r.text(
                        503,
                        "Service Unavailable: the " + (walFailure != null ? "" : "table ")
                                + "write-ahead log cannot write (" + (walFailure != null ? walFailure : tableWalFailure)
                                + "); writes are refused until it can, it retries every second\n");
            } else {
                r.text(503, "Service Unavailable\n");
            }
        });
        http.route("/metrics", GET, r -> {
            stats = rawStore.stats();
            metrics.respond(r);
        });
    }

    private void registerDurabilityMetrics(RecoveryReport recovery) {
        if (recovery.tornRecords() > 0 || !recovery.damaged().isEmpty()) {
            LOG.warn("recovered {}", recovery.describe());
        }
        metrics.gauge("tessera_wal_bytes", "Bytes of write-ahead log segments on disk.", durable::walBytes);
        metrics.gauge("tessera_wal_segments", "Write-ahead log segments on disk.", durable::walSegments);
        metrics.gauge(
                "tessera_snapshot_last_timestamp_seconds",
                "When the last snapshot of the raw store was taken, 0 if never.",
                () -> durable.lastSnapshotMillis() / 1000.0);
        metrics.gauge(
                "tessera_snapshot_last_duration_seconds",
                "How long the last snapshot taken by this process took.",
                () -> durable.lastSnapshotDurationNanos() / 1e9);
        metrics.gauge(
                "tessera_recovery_duration_seconds",
                "How long start-up recovery took.",
                () -> recovery.durationNanos() / 1e9);
        metrics.counter(
                        "tessera_wal_torn_records_total",
                        "Torn records cut from the end of the write-ahead log at start-up.")
                .add(recovery.tornRecords());
        metrics.counter(
                        "tessera_wal_damaged_bytes_total",
                        "Bytes of damaged write-ahead log skipped at start-up (their records are lost).")
                .add(recovery.droppedBytes());
    }

    /**
     * Starts a server. With a data directory: takes the directory's lock (a second server on the
     * same directory is refused with {@link DataDirInUseException}), opens the HTTP port at once
     * for {@code /-/healthy} and a {@code /-/ready} that answers 503 with recovery's progress, and
     * hands the port to the full API once recovery is done.
     */
    public static TesseraServer start(ServerConfig config) {
        DataDirLock lock = null;
        StartupService startup = null;
        io.tessera.server.web.WebConfigFile webFile = null;
        try {
            RecoveryProgress progress = new RecoveryProgress();
            int port = config.port();
            webFile = config.web().configFile() == null
                    ? null
                    : io.tessera.server.web.WebConfigFile.open(
                            Path.of(config.web().configFile()));
            HttpOptions listener = io.tessera.server.web.ListenerOptions.of(config.web(), webFile);
            if (config.dataDir() != null) {
                try {
                    lock = DataDirLock.acquire(Path.of(config.dataDir()));
                } catch (IOException e) {
                    throw new UncheckedIOException(
                            "cannot lock the data directory " + config.dataDir() + ": " + e.getMessage(), e);
                }
                startup = StartupService.start(config.host(), config.port(), listener, progress);
                port = startup.port();
                LOG.info(
                        "recovering the data directory {}; meanwhile port {} answers /-/healthy, and 503 with the progress on"
                                + " /-/ready and every other path",
                        config.dataDir(),
                        port);
            }
            TesseraServer server = new TesseraServer(config, webFile, listener, lock, progress, port);
            if (config.acceleration().planFile() != null) {
                InstallablePlan plan = readPlanFile(config.acceleration().planFile());
                try {
                    io.tessera.server.api.PlanBounds.check(
                            plan, server.rawStore.config().retentionMillis());
                } catch (io.tessera.core.InvalidInputException e) {
                    throw new io.tessera.core.InvalidInputException(
                            "acceleration.plan_file: " + config.acceleration().planFile() + ": " + e.getMessage(), e);
                }
                server.install(plan);
            } else if (server.viewFiles != null && server.viewFiles.savedPlan() != null) {
                server.install(InstallablePlanCodec.fromJson(server.viewFiles.savedPlan()));
            }
            if (server.viewFiles != null) {
                progress.stage("loading the saved views");
                InstallablePlan plan = server.installed;
                server.viewFiles.recover(
                        server.durable,
                        server.maintainer,
                        server.summaries,
                        plan == null ? List.of() : SqlViewWiring.restoredViews(plan));
            }
            SqlViewWiring.seedTableTimes(server.maintainer, server.tables);
            progress.done();
            if (startup != null) {
                startup.close();
                startup = null;
            }
            server.http.start();
            server.housekeeping.scheduleWithFixedDelay(server::applyRetention, 1, 1, TimeUnit.MINUTES);
            server.housekeeping.scheduleWithFixedDelay(server::maintainViews, 1, 1, TimeUnit.SECONDS);
            if (server.durable != null) {
                server.applyRetention();
                long every = config.snapshotIntervalMillis();
                server.housekeeping.scheduleWithFixedDelay(server::snapshot, every, every, TimeUnit.MILLISECONDS);
            }
            server.ready = true;
            return server;
        } catch (IOException e) {
            closeQuietly(startup, webFile, lock);
            throw new UncheckedIOException("cannot start: " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            closeQuietly(startup, webFile, lock);
            throw e;
        }
    }

    private static void closeQuietly(
            StartupService startup, io.tessera.server.web.WebConfigFile webFile, DataDirLock lock) {
        if (startup != null) {
            startup.close();
        }
        if (webFile != null) {
            webFile.close();
        }
        if (lock != null) {
            try {
                lock.close();
            } catch (IOException e) {
                LOG.warn("cannot release the data directory's lock: {}", e.toString());
            }
        }
    }

    /** The plan of {@code acceleration.plan_file}; an error names the key and the file. */
    private static InstallablePlan readPlanFile(String file) {
        String json;
        try {
            json = java.nio.file.Files.readString(Path.of(file));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new io.tessera.core.InvalidInputException("acceleration.plan_file: " + file + " does not exist");
        } catch (IOException e) {
            throw new io.tessera.core.InvalidInputException(
                    "acceleration.plan_file: " + file + " cannot be read: " + e.getMessage(), e);
        }
        try {
            return InstallablePlanCodec.fromJson(json);
        } catch (RuntimeException e) {
            throw new io.tessera.core.InvalidInputException(
                    "acceleration.plan_file: " + file + ": " + e.getMessage(), e);
        }
    }

    /** Runs the due ingestion runs; more remain for the next tick when there are many. */
    private void maintainViews() {
        try {
            if (maintainer.runOnce(MAX_PANES_PER_TICK) < MAX_PANES_PER_TICK) {
                warmUp.caughtUp();
            }
        } catch (RuntimeException e) {
            maintenanceFailures.increment();
            LOG.error("ingestion run failed; it is tried again in a second", e);
        }
    }

    /**
     * Installs a plan: its views are maintained from now on (views it shares with the previous
     * plan keep their panes) and queries are rewritten by {@code rewriter} to read them.
     */
    public void install(PhysicalDag dag, List<MaterializedView> views, QueryAccelerator rewriter) {
        List<String> dropped = maintainer.install(dag, views);
        accelerator = rewriter;
        if (viewFiles != null && !dropped.isEmpty()) {
            viewFiles.viewsDropped(dropped);
        }
    }

    /** Installs {@code plan}: its views, and queries rewritten to read them wherever they cover. */
    public synchronized void install(InstallablePlan plan) {
        List<MaterializedView> views = plan.materializedViews();
        List<io.tessera.exec.sql.SqlView> sql = SqlViewWiring.sqlViews(plan, config.tableCatalog());
        java.util.Map<String, Long> lengths = ViewMatcher.definitionLengths(plan.dag(), views);
        install(
                plan.dag(),
                views,
                QueryAccelerator.keepingCorrections(
                        dag -> ViewMatcher.rewrite(dag, dag.roots().getFirst(), views, lengths)));
        sqlViews = sql;
        installed = plan;
        warmUp.start(plan.queryTexts());
        if (viewFiles != null) {
            viewFiles.planInstalled(plan);
        }
        LOG.info(
                "installed a plan of {} queries and {} views", plan.queryTexts().size(), views.size());
    }

    public InstallablePlan installedPlan() {
        return installed;
    }

    /** Builds every pane that is due now (tests call it instead of waiting for the timer). */
    public int runIngestionRuns() {
        return maintainer.runOnce(Integer.MAX_VALUE);
    }

    public ViewMaintainer maintainer() {
        return maintainer;
    }

    private void applyRetention() {
        try {
            maintainer.applyRetention();
            rawStore.applyRetention(System.currentTimeMillis());
            long now = System.currentTimeMillis();
            tables.applyRetention(now);
            if (durableTables != null) {
                durableTables.applyRetention(now - tables.config().retentionMillis());
            }
        } catch (RuntimeException e) {
            LOG.error("retention sweep failed; it runs again in a minute", e);
        }
    }

    private void snapshot() {
        try {
            DurableRawStore.SnapshotInfo info = viewFiles.snapshot(durable);
            if (!info.skipped()) {
                LOG.info(
                        "snapshot {}: {} series, {} samples, {} bytes, covers the log to {}, in {} ms",
                        info.number(),
                        info.series(),
                        info.samples(),
                        info.bytes(),
                        info.position(),
                        info.durationNanos() / 1_000_000);
            }
        } catch (RuntimeException e) {
            LOG.error(
                    "snapshot failed; the log keeps everything since the last one and the next snapshot tries again",
                    e);
        }
    }

    /** The recovery this server started with, or null when it runs in memory. */
    public RecoveryReport recovery() {
        return durable == null ? null : durable.recovery();
    }

    public String address() {
        return http.host() + ":" + http.port();
    }

    /** The listener's base URL: https when the web configuration turns TLS on. */
    public String baseUrl() {
        return (http.tls() ? "https://" : "http://") + address();
    }

    public int port() {
        return http.port();
    }

    public ServerConfig config() {
        return config;
    }

    public RawStore rawStore() {
        return rawStore;
    }

    /** The SQL tables' rows. */
    public io.tessera.store.table.TableStore tables() {
        return tables;
    }

    public MetricsRegistry metrics() {
        return metrics;
    }

    @Override
    public void close() {
        ready = false;
        warmUp.close();
        api.close();
        http.close();
        if (webFile != null) {
            webFile.close();
        }
        housekeeping.shutdown();
        try {
            housekeeping.awaitTermination(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (durable != null) {
            snapshot();
            durable.close();
        }
        if (durableTables != null) {
            durableTables.close();
        }
        if (dataDirLock != null) {
            closeQuietly(null, null, dataDirLock);
        }
    }
}
