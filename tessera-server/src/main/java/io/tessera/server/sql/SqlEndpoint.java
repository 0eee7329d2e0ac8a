package io.tessera.server.sql;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tessera.core.LimitExceededException;
import io.tessera.exec.sql.SqlResult;
import io.tessera.server.http.Request;
import io.tessera.server.metrics.QueryErrorReason;
import io.tessera.server.metrics.QueryMetrics;
import io.tessera.sketch.ErrorBound;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /api/v1/sql} (and GET): the query from a JSON body {@code {"query": "..."}}, a form
 * or URL parameter {@code query}, or any other body as the SQL itself (a form body without a
 * {@code query} field too, as {@code curl -d} sends it). The answer is
 * {@code {"columns": [{"name", "type"}], "rows": [[...]], "approximate", "error_bound", "infos"}}:
 * BIGINT and TIMESTAMP (epoch milliseconds) as JSON integers, DOUBLE as numbers (NaN and the
 * infinities as the strings {@code "NaN"}, {@code "+Inf"}, {@code "-Inf"}), VARCHAR as strings,
 * NULL as null. Failures are {@code {"error", "error_type"}}: 400 for SQL that cannot be answered
 * as written, 422 for a run that fails.
 */
public record SqlEndpoint(SqlService sql, QueryMetrics queryMetrics) {

    private static final Logger LOG = LoggerFactory.getLogger(SqlEndpoint.class);

    public void handle(Request request) throws IOException {
        String query;
        try {
            query = query(request);
        } catch (LimitExceededException e) {
            error(request, 413, "too_large", e.getMessage());
            return;
        } catch (io.tessera.core.InvalidInputException e) {
            error(request, 400, "bad_request", e.getMessage());
            return;
        }
        if (query == null || query.isBlank()) {
            error(
                    request,
                    400,
                    "bad_request",
                    "no query: send {\"query\": \"SELECT ...\"}, a query parameter or a text/plain body");
            return;
        }
        SqlResult result;
        try {
            String sqlText = query;
            result = queryMetrics.observe(
                    QueryMetrics.Endpoint.SQL,
                    () -> sql.execute(sqlText, accelerate(request)),
                    SqlResult::infos,
                    QueryErrorReason::of);
        } catch (RuntimeException e) {
            SqlFailure failure = SqlFailure.of(e);
            if (failure.status() == 500) {
                LOG.error("internal error answering SQL {}", query, e);
            }
            error(
                    request,
                    failure.status(),
                    failure.status() == 400 ? "bad_sql" : failure.status() == 422 ? "execution" : "internal",
                    failure.message());
            return;
        } catch (StackOverflowError e) {
            LOG.error(
                    "SQL nested too deeply to answer: {}",
                    query.length() > 200 ? query.substring(0, 200) + "…" : query,
                    e);
            error(request, 400, "bad_sql", "the query is nested too deeply to answer");
            return;
        }
        try (OutputStream out = request.stream(200, "application/json");
                JsonGenerator g = JsonBodies.MAPPER.getFactory().createGenerator(out)) {
            write(result, g);
        }
    }

    /**
     * Tessera's own URL parameter {@code accelerate}: {@code false} answers exactly from raw data
     * even where an installed view covers the query.
     */
    static boolean accelerate(Request request) {
        String value = QueryText.params(request.rawQuery()).getOrDefault("accelerate", "true");
        return switch (value) {
            case "", "true" -> true;
            case "false" -> false;
            default ->
                throw new io.tessera.core.InvalidInputException(
                        "accelerate: expected true or false, got \"" + value + "\"");
        };
    }

    static String query(Request request) throws IOException {
        Map<String, String> url = QueryText.params(request.rawQuery());
        if (!request.method().equals("POST")) {
            return url.get("query");
        }
        String body = QueryText.body(request);
        return switch (QueryText.mediaType(request)) {
            case "application/json" -> fromJson(body);
            case "application/x-www-form-urlencoded" -> formQuery(body, url.get("query"));
            default -> body.isBlank() ? url.get("query") : body;
        };
    }

    /** A form's {@code query}; a body that is no such form is the SQL itself, as {@code curl -d 'SELECT ...'} sends it. */
    private static String formQuery(String body, String fromUrl) {
        if (body.isBlank()) {
            return fromUrl;
        }
        try {
            String q = QueryText.params(body).get("query");
            if (q != null) {
                return q;
            }
        } catch (io.tessera.core.InvalidInputException e) {
            // not a form: the SQL as it is
        }
        return body;
    }

    private static String fromJson(String body) {
        JsonNode node;
        try {
            node = JsonBodies.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new io.tessera.core.InvalidInputException("the body is not JSON: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            throw new io.tessera.core.InvalidInputException("the body must be a JSON object {\"query\": \"...\"}");
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!name.equals("query")) {
                throw new io.tessera.core.InvalidInputException(
                        "unknown field \"" + name + "\" in the request body; only \"query\" is read");
            }
        }
        JsonNode q = node.get("query");
        if (q == null || !q.isTextual()) {
            throw new io.tessera.core.InvalidInputException("\"query\" must be a string");
        }
        return q.asText();
    }

    static void write(SqlResult result, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("columns");
        for (int c = 0; c < result.columnNames().size(); c++) {
            g.writeStartObject();
            g.writeStringField("name", result.columnNames().get(c));
            g.writeStringField("type", result.columnTypes().get(c).name());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("rows");
        for (Object[] row : result.rows()) {
            g.writeStartArray();
            for (Object v : row) {
                value(v, g);
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeBooleanField("approximate", result.approximate());
        ErrorBound bound = result.errorBound();
        if (bound == null || bound.isExact()) {
            g.writeNullField("error_bound");
        } else {
            g.writeObjectFieldStart("error_bound");
            g.writeStringField("kind", bound.kind().name());
            g.writeNumberField("error", bound.error());
            g.writeNumberField("confidence", bound.confidence());
            g.writeStringField("text", bound.describe());
            g.writeEndObject();
        }
        g.writeArrayFieldStart("infos");
        for (String info : result.infos()) {
            g.writeString(info);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void value(Object v, JsonGenerator g) throws IOException {
        switch (v) {
            case null -> g.writeNull();
            case Long l -> g.writeNumber(l);
            case Double d when d.isNaN() -> g.writeString("NaN");
            case Double d when d.isInfinite() -> g.writeString(d > 0 ? "+Inf" : "-Inf");
            case Double d -> g.writeNumber(d);
            case String s -> g.writeString(s);
            case java.util.List<?> list -> {
                g.writeStartArray();
                for (Object e : list) {
                    value(e, g);
                }
                g.writeEndArray();
            }
            default -> g.writeString(v.toString());
        }
    }

    private static void error(Request request, int status, String type, String message) throws IOException {
        ObjectNode body = JsonBodies.object();
        body.put("error", message);
        body.put("error_type", type);
        JsonBodies.send(request, status, body);
    }
}
