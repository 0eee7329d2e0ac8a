package io.tessera.exec.columns;

import java.lang.reflect.Array;
import java.util.Arrays;

/** Copies of a table column held as an array: {@code long[]}, {@code double[]} or an object array. */
public final class ColumnArrays {

    private ColumnArrays() {}

    /** A new array of the column's type holding its elements at {@code rows[0..n)}, in that order. */
    public static Object gather(Object column, int[] rows, int n) {
        switch (column) {
            case long[] a -> {
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = a[rows[i]];
                }
                return out;
            }
            case double[] a -> {
                double[] out = new double[n];
                for (int i = 0; i < n; i++) {
                    out[i] = a[rows[i]];
                }
                return out;
            }
            case Object[] a -> {
                Object[] out = (Object[]) Array.newInstance(a.getClass().getComponentType(), n);
                for (int i = 0; i < n; i++) {
                    out[i] = a[rows[i]];
                }
                return out;
            }
            default -> throw new IllegalArgumentException("not a column: " + column);
        }
    }

    /** A copy of the column's elements {@code [from, to)}, padded with zeros or nulls past its end. */
    public static Object copyOfRange(Object column, int from, int to) {
        return switch (column) {
            case long[] a -> Arrays.copyOfRange(a, from, to);
            case double[] a -> Arrays.copyOfRange(a, from, to);
            case Object[] a -> Arrays.copyOfRange(a, from, to);
            default -> throw new IllegalArgumentException("not a column: " + column);
        };
    }
}
