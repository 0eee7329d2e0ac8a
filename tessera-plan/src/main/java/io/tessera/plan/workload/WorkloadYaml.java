package io.tessera.plan.workload;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tessera.core.Durations;
import io.tessera.core.InvalidInputException;
import io.tessera.core.TableCatalog;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.promql.ParseException;
import io.tessera.promql.Parser;
import io.tessera.sql.SqlFrontend;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToLongBiFunction;

/** Reads a workload file strictly: every key known, every duration a Prometheus duration. */
final class WorkloadYaml {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> TOP = Set.of(
            "queries", "series", "scrape_interval", "lookback", "ingestion", "sql_rows_per_second", "sql_groups");
    private static final Set<String> QUERY = Set.of("query", "type", "range", "step", "every", "accuracy", "aligned");
    private static final Set<String> SQL_QUERY = Set.of("sql", "every", "accuracy");
    private static final Set<String> ACCURACY = Set.of("quantile", "distinct");

    private WorkloadYaml() {}

    static Workload parse(String yaml, TableCatalog catalog) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JacksonException e) {
            throw new InvalidInputException("workload: not valid YAML: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new InvalidInputException("workload: expected a mapping with a 'queries' list");
        }
        onlyKeys(root, TOP, "workload");
        JsonNode queries = root.get("queries");
        if (queries == null || !queries.isArray() || queries.isEmpty()) {
            throw new InvalidInputException("workload.queries: expected a non-empty list of queries");
        }
        List<WorkloadQuery> parsed = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            JsonNode q = queries.get(i);
            String path = "workload.queries[" + i + "]";
            parsed.add(q != null && q.isObject() && q.has("sql") ? sql(q, path, catalog) : query(q, path));
        }
        long series = optional(root, "series", WorkloadYaml::positiveLong, Workload.DEFAULT_SERIES);
        long scrape = optional(root, "scrape_interval", WorkloadYaml::duration, Workload.DEFAULT_SCRAPE_INTERVAL_MS);
        long lookback = optional(root, "lookback", WorkloadYaml::duration, PromqlLowering.DEFAULT_LOOKBACK_MS);
        boolean ingestion = true;
        if (root.has("ingestion")) {
            if (!root.get("ingestion").isBoolean()) {
                throw new InvalidInputException("workload.ingestion: expected true or false");
            }
            ingestion = root.get("ingestion").booleanValue();
        }
        long rows =
                optional(root, "sql_rows_per_second", WorkloadYaml::positiveLong, Workload.DEFAULT_SQL_ROWS_PER_SECOND);
        long groups = optional(root, "sql_groups", WorkloadYaml::positiveLong, Workload.DEFAULT_SQL_GROUPS);
        return new Workload(parsed, series, scrape, lookback, ingestion, catalog, rows, groups);
    }

    /** A SQL entry: the text checked by the SQL frontend (names resolved in {@code catalog}), every, accuracy. */
    private static WorkloadQuery sql(JsonNode node, String path, TableCatalog catalog) {
        if (node.has("query")) {
            throw new InvalidInputException(path + ": an entry has either 'query' (PromQL) or 'sql', not both");
        }
        onlyKeys(node, SQL_QUERY, path);
        JsonNode text = node.get("sql");
        if (!text.isTextual() || text.textValue().isBlank()) {
            throw new InvalidInputException(path + ".sql: expected a SQL query");
        }
        try {
            SqlFrontend.parse(text.textValue(), catalog, 0);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(path + ".sql: " + e.getMessage());
        }
        long every = node.has("every") ? duration(node.get("every"), path + ".every") : 0;
        AccuracyTarget accuracy =
                node.has("accuracy") ? accuracy(node.get("accuracy"), path + ".accuracy") : AccuracyTarget.DEFAULT;
        return WorkloadQuery.sql(text.textValue(), every, accuracy);
    }

    private static WorkloadQuery query(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new InvalidInputException(path + ": expected a mapping with a 'query' or a 'sql'");
        }
        onlyKeys(node, QUERY, path);
        JsonNode text = node.get("query");
        if (text == null || !text.isTextual() || text.textValue().isBlank()) {
            throw new InvalidInputException(path + ".query: expected a PromQL query");
        }
        try {
            Parser.parse(text.textValue());
        } catch (ParseException e) {
            throw new InvalidInputException(path + ".query: " + e.getMessage());
        }
        WorkloadQuery.Type type = WorkloadQuery.Type.INSTANT;
        if (node.has("type")) {
            String t = node.get("type").asText("");
            type = switch (t.toLowerCase(Locale.ROOT)) {
                case "instant" -> WorkloadQuery.Type.INSTANT;
                case "range" -> WorkloadQuery.Type.RANGE;
                default -> throw new InvalidInputException(path + ".type: expected instant or range, got '" + t + "'");
            };
        }
        long range = 0;
        long step = 0;
        if (type == WorkloadQuery.Type.RANGE) {
            range = required(node, "range", path);
            step = required(node, "step", path);
        } else if (node.has("range") || node.has("step")) {
            throw new InvalidInputException(path + ": range and step belong to a range query (type: range)");
        }
        long every = node.has("every") ? duration(node.get("every"), path + ".every") : 0;
        AccuracyTarget accuracy =
                node.has("accuracy") ? accuracy(node.get("accuracy"), path + ".accuracy") : AccuracyTarget.DEFAULT;
        boolean aligned = type == WorkloadQuery.Type.RANGE;
        if (node.has("aligned")) {
            if (!node.get("aligned").isBoolean()) {
                throw new InvalidInputException(path + ".aligned: expected true or false");
            }
            aligned = node.get("aligned").booleanValue();
        }
        try {
            return new WorkloadQuery(
                    text.textValue(), type, range, step, every, accuracy, aligned, WorkloadQuery.Language.PROMQL);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(path + ": " + e.getMessage(), e);
        }
    }

    private static AccuracyTarget accuracy(JsonNode node, String path) {
        if (!node.isObject()) {
            throw new InvalidInputException(path + ": expected a mapping with quantile and/or distinct");
        }
        onlyKeys(node, ACCURACY, path);
        double q = node.has("quantile")
                ? fraction(node.get("quantile"), path + ".quantile")
                : AccuracyTarget.DEFAULT.quantileRankError();
        double d = node.has("distinct")
                ? fraction(node.get("distinct"), path + ".distinct")
                : AccuracyTarget.DEFAULT.distinctRelativeError();
        return new AccuracyTarget(q, d);
    }

    private static long required(JsonNode node, String key, String path) {
        if (!node.has(key)) {
            throw new InvalidInputException(path + ": a range query needs '" + key + "'");
        }
        return duration(node.get(key), path + "." + key);
    }

    /** A number the workload may give under {@code key}, read by {@code read}; {@code absent} when it does not. */
    private static long optional(JsonNode root, String key, ToLongBiFunction<JsonNode, String> read, long absent) {
        return root.has(key) ? read.applyAsLong(root.get(key), "workload." + key) : absent;
    }

    private static void onlyKeys(JsonNode node, Set<String> known, String path) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                throw new InvalidInputException(path + ": unknown key '" + key + "' (known: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    private static long duration(JsonNode node, String path) {
        if (!node.isTextual()) {
            throw new InvalidInputException(path + ": expected a duration such as 30s or 1h, got " + node);
        }
        long ms;
        try {
            ms = Durations.parseMillis(node.textValue());
        } catch (InvalidInputException e) {
            throw new InvalidInputException(path + ": " + e.getMessage());
        }
        if (ms <= 0) {
            throw new InvalidInputException(path + ": a duration must be positive");
        }
        return ms;
    }

    private static long positiveLong(JsonNode node, String path) {
        if (!node.canConvertToLong() || !node.isIntegralNumber() || node.longValue() <= 0) {
            throw new InvalidInputException(path + ": expected a positive integer, got " + node);
        }
        return node.longValue();
    }

    private static double fraction(JsonNode node, String path) {
        if (!node.isNumber() || !(node.doubleValue() >= 0 && node.doubleValue() < 1)) {
            throw new InvalidInputException(path + ": expected a fraction in [0, 1), e.g. 0.01, got " + node);
        }
        return node.doubleValue();
    }
}
