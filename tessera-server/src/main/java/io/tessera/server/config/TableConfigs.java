package io.tessera.server.config;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules for {@code tables:} in the config. Table and column names are SQL identifiers
 * ({@code [A-Za-z_][A-Za-z0-9_]*}) compared case-insensitively, as unquoted SQL compares them;
 * a table names a time column and typed columns, each column once; dimensions are STRING, LONG
 * or DOUBLE and measures LONG or DOUBLE. Every error names the key it is about.
 */
final class TableConfigs {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    static final List<String> DIMENSION_TYPES = List.of("STRING", "LONG", "DOUBLE");
    static final List<String> MEASURE_TYPES = List.of("LONG", "DOUBLE");

    private TableConfigs() {}

    /** The tables, checked, with column types in upper case; null is no tables. */
    static List<ServerConfig.Table> validate(List<ServerConfig.Table> tables) {
        if (tables == null) {
            return List.of();
        }
        Set<String> names = new HashSet<>();
        ServerConfig.Table[] checked = new ServerConfig.Table[tables.size()];
        for (int t = 0; t < tables.size(); t++) {
            ServerConfig.Table table = tables.get(t);
            String key = "tables[" + t + "]";
            if (table == null) {
                throw new InvalidInputException(key + ": a table needs name, time_column and columns");
            }
            identifier(key + ".name", table.name());
            key = key + " (" + table.name() + ")";
            if (!names.add(table.name().toLowerCase(Locale.ROOT))) {
                throw new InvalidInputException(key + ".name: table \"" + table.name() + "\" is declared twice");
            }
            identifier(key + ".time_column", table.timeColumn());
            Set<String> columns = new HashSet<>();
            columns.add(table.timeColumn().toLowerCase(Locale.ROOT));
            List<ServerConfig.TableColumn> dimensions =
                    columns(key + ".dimensions", table.dimensions(), DIMENSION_TYPES, columns);
            List<ServerConfig.TableColumn> measures =
                    columns(key + ".measures", table.measures(), MEASURE_TYPES, columns);
            checked[t] = new ServerConfig.Table(table.name(), table.timeColumn(), dimensions, measures);
        }
        return List.of(checked);
    }

    private static List<ServerConfig.TableColumn> columns(
            String key, List<ServerConfig.TableColumn> list, List<String> types, Set<String> seen) {
        ServerConfig.TableColumn[] checked = new ServerConfig.TableColumn[list.size()];
        for (int c = 0; c < list.size(); c++) {
            ServerConfig.TableColumn column = list.get(c);
            String at = key + "[" + c + "]";
            if (column == null) {
                throw new InvalidInputException(at + ": a column needs name and type");
            }
            identifier(at + ".name", column.name());
            at = at + " (" + column.name() + ")";
            if (!seen.add(column.name().toLowerCase(Locale.ROOT))) {
                throw new InvalidInputException(
                        at + ".name: column \"" + column.name() + "\" is declared twice in the table");
            }
            if (column.type() == null) {
                throw new InvalidInputException(at + ".type: missing; one of " + String.join(", ", types));
            }
            String type = column.type().trim().toUpperCase(Locale.ROOT);
            if (!types.contains(type)) {
                throw new InvalidInputException(
                        at + ".type: \"" + column.type() + "\" is not one of " + String.join(", ", types));
            }
            checked[c] = new ServerConfig.TableColumn(column.name(), type);
        }
        return List.of(checked);
    }

    private static void identifier(String key, String name) {
        if (name == null) {
            throw new InvalidInputException(key + ": missing");
        }
        if (!IDENTIFIER.matcher(name).matches()) {
            throw new InvalidInputException(
                    key + ": \"" + name + "\" is not a SQL identifier ([A-Za-z_][A-Za-z0-9_]*)");
        }
    }

    static TableCatalog catalog(List<ServerConfig.Table> tables) {
        List<TableSchema> schemas = new ArrayList<>(tables.size());
        for (ServerConfig.Table t : tables) {
            schemas.add(new TableSchema(t.name(), t.timeColumn(), columns(t.dimensions()), columns(t.measures())));
        }
        return TableCatalog.of(schemas);
    }

    private static List<Column> columns(List<ServerConfig.TableColumn> columns) {
        List<Column> out = new ArrayList<>(columns.size());
        for (ServerConfig.TableColumn c : columns) {
            out.add(new Column(c.name(), ColumnType.valueOf(c.type())));
        }
        return out;
    }
}
