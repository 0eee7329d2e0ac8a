package io.tessera.core;

/** A named, typed column of a schema. */
public record Column(String name, ColumnType type) {

    public Column {
        if (name == null || name.isEmpty()) {
            throw new InvalidInputException("a column needs a name");
        }
    }
}
