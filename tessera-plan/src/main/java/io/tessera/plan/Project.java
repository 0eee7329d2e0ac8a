package io.tessera.plan;

import io.tessera.sql.SqlType;
import java.util.List;

/** The result of a SQL query: input column {@code columns[i]} as output column {@code names[i]} of type {@code types[i]}. */
public record Project(int input, List<String> columns, List<String> names, List<SqlType> types) implements SqlNode {

    public Project {
        columns = List.copyOf(columns);
        names = List.copyOf(names);
        types = List.copyOf(types);
        if (columns.size() != names.size() || columns.size() != types.size()) {
            throw new IllegalArgumentException("a projection needs one name and one type per column");
        }
    }
}
