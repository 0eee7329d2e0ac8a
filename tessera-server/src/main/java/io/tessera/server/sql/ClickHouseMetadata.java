package io.tessera.server.sql;

import io.tessera.core.Column;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What ClickHouse clients ask before their queries, answered from the catalog: {@code SELECT 1},
 * {@code SELECT version()}, {@code SELECT timeZone()} (always UTC), {@code SELECT currentDatabase()},
 * {@code SHOW DATABASES} (one database, {@code default}), {@code SHOW TABLES [FROM default]} (the
 * declared tables) and {@code DESCRIBE [TABLE] t} (its columns with their ClickHouse types). A
 * query reading a {@code system.*} table is an unknown table, with a message naming these.
 */
final class ClickHouseMetadata {

    static final String DATABASE = "default";

    private static final Pattern SCALAR = Pattern.compile(
            "(?i)select\\s+(1|version\\(\\)|timezone\\(\\)|currentdatabase\\(\\)" + "|currentuser\\(\\))\\s*");
    private static final Pattern SHOW_TABLES =
            Pattern.compile("(?i)show\\s+tables(?:\\s+(?:from|in)\\s+[`\"]?(\\w+)[`\"]?)?\\s*");
    private static final Pattern DESCRIBE = Pattern.compile(
            "(?i)(?:describe|desc)(?:\\s+table)?\\s+(?:[`\"]?(\\w+)[`\"]?\\.)?[`\"]?([\\w.:-]+?)[`\"]?\\s*");
    private static final Pattern SYSTEM_TABLE = Pattern.compile("(?i)\\bfrom\\s+[`\"]?system[`\"]?\\.[`\"]?(\\w+)");

    /** Thrown for a query on a {@code system.*} table. */
    static final class NoSystemTable extends RuntimeException {
        NoSystemTable(String message) {
            super(message);
        }
    }

    private ClickHouseMetadata() {}

    /** The answer when {@code query} is one of the look-ups above, else null (the query runs as SQL). */
    static ClickHouseResult answer(String query, TableCatalog catalog) {
        String q = query.strip();
        Matcher m = SCALAR.matcher(q);
        if (m.matches()) {
            String name = m.group(1);
            return switch (name.toLowerCase(Locale.ROOT)) {
                case "1" -> ClickHouseResult.single("1", ClickHouseResult.Kind.UINT8, 1L);
                case "version()" ->
                    ClickHouseResult.single(name, ClickHouseResult.Kind.STRING, ClickHouseEndpoint.VERSION);
                case "timezone()" -> ClickHouseResult.single(name, ClickHouseResult.Kind.STRING, "UTC");
                case "currentuser()" -> ClickHouseResult.single(name, ClickHouseResult.Kind.STRING, "default");
                default -> ClickHouseResult.single(name, ClickHouseResult.Kind.STRING, DATABASE);
            };
        }
        if (q.matches("(?i)show\\s+databases\\s*")) {
            return strings(List.of("name"), List.of(List.of(DATABASE)));
        }
        m = SHOW_TABLES.matcher(q);
        if (m.matches()) {
            List<List<String>> rows = new ArrayList<>();
            if (m.group(1) == null || m.group(1).equals(DATABASE)) {
                List<String> names = new ArrayList<>(catalog.tables().keySet());
                Collections.sort(names);
                for (String n : names) {
                    rows.add(List.of(n));
                }
            }
            return strings(List.of("name"), rows);
        }
        m = DESCRIBE.matcher(q);
        if (m.matches() && (m.group(1) == null || m.group(1).equals(DATABASE))) {
            TableSchema t = catalog.find(m.group(2)).orElse(null);
            if (t != null) {
                List<List<String>> rows = new ArrayList<>();
                for (Column c : t.rowSchema().columns()) {
                    rows.add(List.of(c.name(), typeOf(t, c), "", "", "", "", ""));
                }
                return strings(
                        List.of(
                                "name",
                                "type",
                                "default_type",
                                "default_expression",
                                "comment",
                                "codec_expression",
                                "ttl_expression"),
                        rows);
            }
        }
        m = SYSTEM_TABLE.matcher(q);
        if (m.find()) {
            throw new NoSystemTable(
                    "Table system." + m.group(1) + " does not exist: Tessera keeps no system tables; it answers "
                            + "SHOW DATABASES, SHOW TABLES and DESCRIBE TABLE for its catalog");
        }
        return null;
    }

    /** A column's type as the ClickHouse formats name it. */
    static String typeOf(TableSchema table, Column c) {
        if (c.name().equals(table.timeColumn())) {
            return ClickHouseResult.Kind.DATETIME64.type;
        }
        return switch (c.type()) {
            case LONG -> ClickHouseResult.Kind.INT64.type;
            case DOUBLE -> ClickHouseResult.Kind.FLOAT64.type;
            default -> ClickHouseResult.Kind.STRING.type;
        };
    }

    private static ClickHouseResult strings(List<String> names, List<List<String>> rows) {
        List<Object[]> out = new ArrayList<>(rows.size());
        for (List<String> r : rows) {
            out.add(r.toArray());
        }
        List<ClickHouseResult.Kind> kinds = Collections.nCopies(names.size(), ClickHouseResult.Kind.STRING);
        return new ClickHouseResult(names, kinds, Collections.nCopies(names.size(), false), out);
    }
}
