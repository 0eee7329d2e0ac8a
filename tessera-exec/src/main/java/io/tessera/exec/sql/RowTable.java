package io.tessera.exec.sql;

import io.tessera.core.InvalidInputException;
import io.tessera.exec.columns.ColumnArrays;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.List;

/**
 * The table SQL nodes pass on: named, typed columns, each a {@code long[]} (BIGINT, TIMESTAMP), a
 * {@code double[]}, a {@code String[]}, or after aggregation an {@code Object[]} of boxed values
 * that may hold NULL ({@code null}).
 */
final class RowTable {

    final List<String> names;
    final List<SqlType> types;
    final Object[] columns;
    final int rows;

    RowTable(List<String> names, List<SqlType> types, Object[] columns, int rows) {
        this.names = List.copyOf(names);
        this.types = List.copyOf(types);
        this.columns = columns;
        this.rows = rows;
    }

    int index(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new InvalidInputException("no column \"" + name + "\" among " + names);
        }
        return i;
    }

    /** The value at ({@code column}, {@code row}), boxed; null for SQL NULL. */
    Object value(int column, int row) {
        return switch (columns[column]) {
            case long[] a -> a[row];
            case double[] a -> a[row];
            case String[] a -> a[row];
            case Object[] a -> a[row];
            default -> throw new IllegalStateException("column " + names.get(column) + " holds " + columns[column]);
        };
    }

    /** The rows {@code selected[0..n)}, in that order. */
    RowTable select(int[] selected, int n) {
        Object[] out = new Object[columns.length];
        for (int c = 0; c < columns.length; c++) {
            out[c] = ColumnArrays.gather(columns[c], selected, n);
        }
        return new RowTable(names, types, out, n);
    }

    /** The rows of {@code parts} (each of the same columns) one after another. */
    static RowTable concat(List<RowTable> parts) {
        RowTable first = parts.getFirst();
        int n = 0;
        for (RowTable t : parts) {
            n += t.rows;
        }
        Object[] out = new Object[first.columns.length];
        for (int c = 0; c < out.length; c++) {
            Object column = java.lang.reflect.Array.newInstance(
                    first.columns[c].getClass().getComponentType(), n);
            int at = 0;
            for (RowTable t : parts) {
                System.arraycopy(t.columns[c], 0, column, at, t.rows);
                at += t.rows;
            }
            out[c] = column;
        }
        return new RowTable(first.names, first.types, out, n);
    }

    RowTable with(String name, SqlType type, Object column) {
        List<String> n = new ArrayList<>(names);
        List<SqlType> t = new ArrayList<>(types);
        n.add(name);
        t.add(type);
        Object[] c = java.util.Arrays.copyOf(columns, columns.length + 1);
        c[columns.length] = column;
        return new RowTable(n, t, c, rows);
    }
}
