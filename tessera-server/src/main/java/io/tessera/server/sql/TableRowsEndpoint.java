package io.tessera.server.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.tessera.core.TableSchema;
import io.tessera.ingest.rows.DecodedRows;
import io.tessera.ingest.rows.RowDecoder;
import io.tessera.ingest.rows.RowFormat;
import io.tessera.ingest.rows.RowFormatException;
import io.tessera.server.http.Request;
import io.tessera.server.metrics.MetricsRegistry;
import io.tessera.store.table.RowRejectedException;
import io.tessera.store.table.TableStore;
import io.tessera.store.table.UnknownTableException;
import io.tessera.store.wal.WalFailedException;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code POST /api/v1/tables/<name>/rows}: JSON lines or CSV by Content-Type, decoded and
 * validated whole, then appended all or nothing. Answers 200 {@code {"table", "rows"}}; 400 with
 * the line and column for a bad body, 404 for an unknown table, 413 for a body over the limit,
 * 415 for another Content-Type, 503 when memory or the log refuses. Errors are
 * {@code {"error", "line"?, "column"?}}.
 */
public final class TableRowsEndpoint {

    public static final String PREFIX = "/api/v1/tables/";

    /** Applies decoded rows to a table, all or nothing (and durably, when the deployment logs them). */
    @FunctionalInterface
    public interface RowSink {
        int append(String table, DecodedRows rows);
    }

    private final TableStore tables;
    private final RowSink sink;
    private final long maxBodyBytes;
    private final LongAdder accepted;
    private final LongAdder rejected;
    private final LongAdder rows;

    public TableRowsEndpoint(TableStore tables, RowSink sink, long maxBodyBytes, MetricsRegistry metrics) {
        this.tables = tables;
        this.sink = sink;
        this.maxBodyBytes = maxBodyBytes;
        String requests = "tessera_table_requests_total";
        String help = "Row requests to SQL tables by outcome.";
        accepted = metrics.counter(requests, help, "result", "accepted");
        rejected = metrics.counter(requests, help, "result", "rejected");
        rows = metrics.counter("tessera_table_rows_total", "Rows appended to SQL tables.");
        metrics.gauge(
                "tessera_table_memory_bytes",
                "Estimated memory of the SQL tables, checked against the memory limit.",
                () -> tables.memoryBytes());
    }

    public void handle(Request request) throws IOException {
        String rest = request.path().substring(PREFIX.length());
        int slash = rest.indexOf('/');
        if (slash <= 0 || !rest.substring(slash).equals("/rows")) {
            JsonBodies.error(request, 404, "not found: rows are posted to " + PREFIX + "<table>/rows");
            return;
        }
        String name = rest.substring(0, slash);
        TableSchema table;
        try {
            table = tables.schema(name);
        } catch (UnknownTableException e) {
            fail(request, 404, e.getMessage());
            return;
        }
        RowFormat format;
        try {
            format = RowFormat.of(request.header("Content-Type"));
        } catch (InvalidInputException e) {
            fail(request, 415, e.getMessage());
            return;
        }
        if (format == null) {
            fail(
                    request,
                    415,
                    "Content-Type "
                            + (request.header("Content-Type") == null
                                    ? "missing"
                                    : "\"" + request.header("Content-Type") + "\"")
                            + ": rows are one of " + RowFormat.ACCEPTED);
            return;
        }
        byte[] body;
        try {
            body = request.decodedBody(maxBodyBytes);
        } catch (LimitExceededException e) {
            fail(request, 413, e.getMessage());
            return;
        } catch (InvalidInputException e) {
            fail(request, 400, e.getMessage());
            return;
        }
        DecodedRows decoded;
        try {
            decoded = RowDecoder.decode(table, format, body);
        } catch (RowFormatException e) {
            rejected.increment();
            ObjectNode error = JsonBodies.object();
            error.put("error", e.getMessage());
            RowFormatException.Detail detail = e.detail();
            error.put("line", detail.line());
            if (detail.column() != null) {
                error.put("column", detail.column());
            }
            JsonBodies.send(request, 400, error);
            return;
        }
        int appended;
        try {
            appended = sink.append(name, decoded);
        } catch (RowRejectedException e) {
            rejected.increment();
            ObjectNode error = JsonBodies.object();
            int line = decoded.lines()[e.row()];
            error.put("error", "line " + line + ": " + e.getMessage());
            error.put("line", line);
            JsonBodies.send(request, 400, error);
            return;
        } catch (LimitExceededException | WalFailedException e) {
            request.setHeader("Retry-After", "30");
            fail(request, 503, e.getMessage());
            return;
        }
        accepted.increment();
        rows.add(appended);
        ObjectNode ok = JsonBodies.object();
        ok.put("table", name);
        ok.put("rows", appended);
        JsonBodies.send(request, 200, ok);
    }

    private void fail(Request request, int status, String message) throws IOException {
        rejected.increment();
        JsonBodies.error(request, status, message);
    }
}
