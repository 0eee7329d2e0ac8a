package io.tessera.plan;

import io.tessera.sql.SqlPredicate;

/** Keeps the rows that satisfy {@code predicate}, whose columns name columns of the input (WHERE, HAVING). */
public record RowFilter(int input, SqlPredicate predicate) implements SqlNode {}
