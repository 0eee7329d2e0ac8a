package io.tessera.server.sql;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.tessera.server.http.ContentEncodings;
import io.tessera.server.http.Request;
import io.tessera.server.metrics.QueryErrorReason;
import io.tessera.server.metrics.QueryMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A ClickHouse-compatible HTTP interface, so ClickHouse clients can query Tessera's SQL: the
 * query from {@code GET /?query=...}, or from a {@code POST /} body (appended to the
 * {@code query} parameter when both are given); its format from a trailing {@code FORMAT name},
 * else the {@code default_format} parameter or {@code X-ClickHouse-Format} header, else
 * TabSeparated. The probes and catalog look-ups clients send first ({@code SELECT 1},
 * {@code SELECT version()}, {@code SELECT timeZone()}, {@code SHOW TABLES}, {@code DESCRIBE TABLE} …)
 * are answered by {@link ClickHouseMetadata}; {@code /ping} and a {@code GET /} without a query answer {@code Ok.}.
 * Failures are ClickHouse's text, {@code Code: N. DB::Exception: ...}, with the code also in the
 * {@code X-ClickHouse-Exception-Code} header.
 */
public record ClickHouseEndpoint(SqlService sql, QueryMetrics queryMetrics) {

    private static final Logger LOG = LoggerFactory.getLogger(ClickHouseEndpoint.class);

    /** The ClickHouse release whose HTTP interface and SQL dialect level this answers as, for {@code SELECT version()}. */
    public static final String VERSION = "24.8.1.1";

    public void ping(Request request) throws IOException {
        request.text(200, "Ok.\n");
    }

    public void handle(Request request) throws IOException {
        long started = System.nanoTime();
        request.setHeader("X-ClickHouse-Server-Display-Name", "tessera");
        request.setHeader("X-ClickHouse-Timezone", "UTC");
        Map<String, String> params;
        String text;
        try {
            params = QueryText.params(request.rawQuery());
            text = params.get("query");
            if (request.method().equals("POST")) {
                String body = QueryText.body(request);
                text = text == null ? body : body.isBlank() ? text : text + "\n" + body;
            } else if (text == null) {
                request.text(200, "Ok.\n");
                return;
            }
        } catch (LimitExceededException e) {
            error(request, new SqlFailure(413, 241, "MEMORY_LIMIT_EXCEEDED", 413, e.getMessage()));
            return;
        } catch (InvalidInputException e) {
            error(request, new SqlFailure(400, 36, "BAD_ARGUMENTS", 400, e.getMessage()));
            return;
        }
        request.setHeader(
                "X-ClickHouse-Query-Id",
                params.getOrDefault("query_id", UUID.randomUUID().toString()));
        if ("1".equals(params.get("compress"))) {
            error(
                    request,
                    new SqlFailure(
                            400,
                            48,
                            "NOT_IMPLEMENTED",
                            400,
                            "compress=1 (responses in ClickHouse's compressed "
                                    + "block framing) is not supported; ask for uncompressed responses or HTTP compression"));
            return;
        }
        io.tessera.sql.SqlText.Formatted split = io.tessera.sql.SqlText.splitFormat(text.strip());
        String query = split.query().strip();
        String formatName = split.format();
        while (query.endsWith(";")) {
            query = query.substring(0, query.length() - 1).strip();
        }
        if (query.isEmpty()) {
            error(request, new SqlFailure(400, 62, "SYNTAX_ERROR", 400, "Empty query"));
            return;
        }
        if (formatName == null) {
            formatName = params.get("default_format");
        }
        if (formatName == null) {
            formatName = request.header("X-ClickHouse-Format");
        }
        ClickHouseFormat format =
                formatName == null ? ClickHouseFormat.TAB_SEPARATED : ClickHouseFormat.named(formatName);
        if (format == null) {
            error(
                    request,
                    new SqlFailure(
                            400,
                            73,
                            "UNKNOWN_FORMAT",
                            400,
                            "Unknown format " + formatName + "; Tessera writes " + ClickHouseFormat.NAMES));
            return;
        }
        ClickHouseResult result;
        try {
            result = ClickHouseMetadata.answer(query, sql.catalog());
        } catch (ClickHouseMetadata.NoSystemTable e) {
            error(request, new SqlFailure(404, 60, "UNKNOWN_TABLE", 404, e.getMessage()));
            return;
        }
        long rowsRead = 0;
        if (result == null) {
            try {
                String sqlText = query;
                SqlService.Answer answer = queryMetrics.observe(
                        QueryMetrics.Endpoint.CLICKHOUSE,
                        () -> sql.run(sqlText, SqlEndpoint.accelerate(request)),
                        a -> a.result().infos(),
                        QueryErrorReason::of);
                result = ClickHouseResult.of(answer.result());
                rowsRead = answer.rowsRead();
            } catch (RuntimeException e) {
                SqlFailure failure = SqlFailure.of(e);
                if (failure.status() == 500) {
                    LOG.error("internal error answering SQL {}", query, e);
                }
                error(request, failure);
                return;
            }
        }
        String quote = params.getOrDefault("output_format_json_quote_64bit_integers", "1");
        boolean quote64 = !(quote.equals("0") || quote.equalsIgnoreCase("false"));
        byte[] body = format.write(result, quote64, (System.nanoTime() - started) / 1e9, rowsRead);
        request.setHeader("X-ClickHouse-Format", format.formatName);
        if ("1".equals(params.get("enable_http_compression"))
                && ContentEncodings.acceptsGzip(request.header("Accept-Encoding"))) {
            request.setHeader("Content-Encoding", "gzip");
            body = ContentEncodings.gzip(body);
        }
        request.respond(200, format.contentType, body);
    }

    private static void error(Request request, SqlFailure failure) throws IOException {
        String message = failure.message().endsWith(".") ? failure.message() : failure.message() + ".";
        String body = "Code: " + failure.clickHouseCode() + ". DB::Exception: " + message + " ("
                + failure.clickHouseName() + ") (version " + VERSION + ")\n";
        request.setHeader("X-ClickHouse-Exception-Code", Integer.toString(failure.clickHouseCode()));
        request.respond(failure.clickHouseStatus(), "text/plain; charset=UTF-8", body.getBytes(StandardCharsets.UTF_8));
    }
}
