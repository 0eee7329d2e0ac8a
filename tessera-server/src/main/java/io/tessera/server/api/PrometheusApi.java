package io.tessera.server.api;

import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryAccelerator;
import io.tessera.exec.QueryResult;
import io.tessera.server.http.HttpService;
import io.tessera.server.http.Request;
import io.tessera.server.metrics.QueryErrorReason;
import io.tessera.server.metrics.QueryMetrics;
import io.tessera.spi.DataStore;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.RawStore;
import java.io.IOException;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Prometheus' HTTP query API under {@code /api/v1}: the queries, the metadata endpoints, status,
 * and a JSON 404 for anything else there. Queries run on the raw store through the engine.
 */
public final class PrometheusApi implements AutoCloseable {

    private static final Set<String> GET = Set.of("GET", "OPTIONS");
    private static final Set<String> GET_POST = Set.of("GET", "POST", "OPTIONS");

    private final QueryEndpoints queries;
    private final MetadataEndpoints metadata;
    private final StatusEndpoints status;
    private final QueryMetrics queryMetrics;

    public PrometheusApi(RawStore store, PromqlEngine.Options options, String tesseraVersion, String storageRetention) {
        this(
                store,
                new StoreDataStore(store),
                () -> QueryAccelerator.NONE,
                options,
                tesseraVersion,
                storageRetention,
                QueryMetrics.unscraped());
    }

    /**
     * Queries read {@code data} and use the views the current {@code accelerator} rewrites them to;
     * each query and range query is recorded in {@code queryMetrics}.
     */
    public PrometheusApi(
            RawStore store,
            DataStore data,
            Supplier<QueryAccelerator> accelerator,
            PromqlEngine.Options options,
            String tesseraVersion,
            String storageRetention,
            QueryMetrics queryMetrics) {
        this.queryMetrics = queryMetrics;
        this.queries = new QueryEndpoints(data, options, System::currentTimeMillis, accelerator);
        this.metadata = new MetadataEndpoints(store);
        this.status = new StatusEndpoints(tesseraVersion, storageRetention);
    }

    public void register(HttpService http) {
        http.route("/api/v1/query", GET_POST, ApiHandler.of(observed(QueryMetrics.Endpoint.QUERY, queries::instant)));
        http.route(
                "/api/v1/query_range",
                GET_POST,
                ApiHandler.of(observed(QueryMetrics.Endpoint.QUERY_RANGE, queries::range)));
        http.route("/api/v1/format_query", GET_POST, ApiHandler.of(queries::format));
        http.route("/api/v1/query_exemplars", GET_POST, ApiHandler.of(queries::exemplars));
        http.route("/api/v1/series", GET_POST, ApiHandler.of(metadata::series));
        http.route("/api/v1/labels", GET_POST, ApiHandler.of(metadata::labelNames));
        http.prefix(MetadataEndpoints.LABEL_PATH, GET, ApiHandler.of((request, form) -> {
            if (MetadataEndpoints.isLabelValuesPath(request.path())) {
                metadata.labelValues(request, form);
            } else {
                status.notFound(request, form);
            }
        }));
        http.route("/api/v1/metadata", GET, ApiHandler.of(metadata::metadata));
        http.route("/api/v1/status/buildinfo", GET, ApiHandler.of(status::buildInfo));
        http.route("/api/v1/status/runtimeinfo", GET, ApiHandler.of(status::runtimeInfo));
        http.route("/api/v1/rules", GET, ApiHandler.of(status::rules));
        http.route("/api/v1/alerts", GET, ApiHandler.of(status::alerts));
        http.prefix("/api/v1/", HttpService.ANY_METHOD, ApiHandler.of(status::notFound));
    }

    @FunctionalInterface
    private interface QueryEndpoint {
        QueryResult answer(Request request, FormValues form) throws IOException;
    }

    /** {@code endpoint} with each request recorded: an API error by its Prometheus error type, any other failure by its kind. */
    private ApiHandler.Endpoint observed(QueryMetrics.Endpoint endpoint, QueryEndpoint answer) {
        return (request, form) -> queryMetrics.observe(
                endpoint,
                () -> answer.answer(request, form),
                QueryResult::infos,
                e -> e instanceof ApiException api ? api.type().wireName() : QueryErrorReason.of(e));
    }

    /**
     * Answers {@code query} at {@code timeMs} as {@code GET /api/v1/query} would, and discards the
     * encoded answer; not recorded in the query metrics. For warming the query paths up.
     */
    public void answerDiscarding(String query, long timeMs) throws IOException {
        queries.answerDiscarding(query, timeMs);
    }

    /** Cancels every query still running. */
    @Override
    public void close() {
        queries.close();
    }
}
