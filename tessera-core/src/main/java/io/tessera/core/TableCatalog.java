package io.tessera.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL tables a deployment declares, by name. A name that is no table here may still be a
 * time-series metric, which SQL reads as the table {@code (ts, value, <labels>)}.
 */
public record TableCatalog(Map<String, TableSchema> tables) {

    public static final TableCatalog EMPTY = new TableCatalog(Map.of());

    public TableCatalog {
        for (Map.Entry<String, TableSchema> e : tables.entrySet()) {
            if (!e.getKey().equals(e.getValue().name())) {
                throw new InvalidInputException("catalog key \"" + e.getKey() + "\" names table \""
                        + e.getValue().name() + "\"");
            }
        }
        tables = Map.copyOf(tables);
    }

    public static TableCatalog of(List<TableSchema> tables) {
        Map<String, TableSchema> byName = new LinkedHashMap<>();
        for (TableSchema t : tables) {
            if (byName.putIfAbsent(t.name(), t) != null) {
                throw new InvalidInputException("table \"" + t.name() + "\" is declared twice");
            }
        }
        return new TableCatalog(byName);
    }

    public static TableCatalog of(TableSchema... tables) {
        return of(List.of(tables));
    }

    public Optional<TableSchema> find(String name) {
        return Optional.ofNullable(tables.get(name));
    }
}
