package io.tessera.core;

import java.util.Arrays;
import java.util.Collection;
import java.util.Map;

/**
 * An immutable label set sorted by name, with its hash computed once. Labels with an empty
 * value are absent, as in Prometheus: {@code get} of a missing name returns "".
 */
public final class Labels implements Comparable<Labels> {

    public static final String METRIC_NAME = "__name__";
    public static final Labels EMPTY = new Labels(new String[0], new String[0]);

    private final String[] names;
    private final String[] values;
    private final int hash;
    /** A rendering of this set kept by the one part that renders it (the HTTP API's JSON); a benign race, like String's hash. */
    private Object rendering;
    /**
     * {@link #withoutMetricName()}, kept once asked: a series' labels come from the store as the
     * same object run after run, so its nameless set is then too (a benign race, like the rendering).
     */
    private Labels nameless;

    private Labels(String[] names, String[] values) {
        this.names = names;
        this.values = values;
        int h = 1;
        for (int i = 0; i < names.length; i++) {
            h = 31 * (31 * h + names[i].hashCode()) + values[i].hashCode();
        }
        this.hash = h;
    }

    /** What {@link #keepRendering} kept, or null. */
    public Object rendering() {
        return rendering;
    }

    /** Keeps one derived rendering of this set with it, so that a set kept by a view is rendered once. */
    public void keepRendering(Object rendered) {
        this.rendering = rendered;
    }

    /** Labels from alternating names and values; a repeated name is an error. */
    public static Labels of(String... nameValuePairs) {
        if (nameValuePairs.length % 2 != 0) {
            throw new InvalidInputException("labels need name/value pairs, got an odd count " + nameValuePairs.length);
        }
        int n = nameValuePairs.length / 2;
        String[] names = new String[n];
        String[] values = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = nameValuePairs[2 * i];
            values[i] = nameValuePairs[2 * i + 1];
        }
        return fromArrays(names, values, n);
    }

    public static Labels of(Map<String, String> map) {
        String[] names = new String[map.size()];
        String[] values = new String[map.size()];
        int i = 0;
        for (Map.Entry<String, String> e : map.entrySet()) {
            names[i] = e.getKey();
            values[i] = e.getValue();
            i++;
        }
        return fromArrays(names, values, i);
    }

    /**
     * Labels from the first {@code n} entries of two parallel arrays, which this call may
     * reorder. A repeated name is an error; empty values are dropped.
     */
    public static Labels fromArrays(String[] names, String[] values, int n) {
        sortByName(names, values, n);
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (names[i] == null || values[i] == null) {
                throw new InvalidInputException("label name and value must not be null");
            }
            if (i > 0 && names[i].equals(names[i - 1])) {
                throw new InvalidInputException("duplicate label name \"" + names[i] + "\"");
            }
            if (!values[i].isEmpty()) {
                kept++;
            }
        }
        String[] ns = new String[kept];
        String[] vs = new String[kept];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (!values[i].isEmpty()) {
                ns[j] = names[i];
                vs[j] = values[i];
                j++;
            }
        }
        return kept == 0 ? EMPTY : new Labels(ns, vs);
    }

    private static void sortByName(String[] names, String[] values, int n) {
        for (int i = 1; i < n; i++) {
            String name = names[i];
            String value = values[i];
            int j = i - 1;
            while (j >= 0 && names[j].compareTo(name) > 0) {
                names[j + 1] = names[j];
                values[j + 1] = values[j];
                j--;
            }
            names[j + 1] = name;
            values[j + 1] = value;
        }
    }

    public int size() {
        return names.length;
    }

    public String name(int i) {
        return names[i];
    }

    public String value(int i) {
        return values[i];
    }

    /** The value of {@code name}, or "" when the label is absent. */
    public String get(String name) {
        int i = indexOf(name);
        return i < 0 ? "" : values[i];
    }

    public boolean has(String name) {
        return indexOf(name) >= 0;
    }

    public String metricName() {
        return get(METRIC_NAME);
    }

    private int indexOf(String name) {
        return Arrays.binarySearch(names, name);
    }

    /** These labels with {@code name} set to {@code value} (removed when the value is empty). */
    public Labels with(String name, String value) {
        int i = indexOf(name);
        int n = i >= 0 ? names.length : names.length + 1;
        String[] ns = Arrays.copyOf(names, n);
        String[] vs = Arrays.copyOf(values, n);
        ns[i >= 0 ? i : n - 1] = name;
        vs[i >= 0 ? i : n - 1] = value;
        return fromArrays(ns, vs, n);
    }

    /** These labels without the given names. */
    public Labels without(Collection<String> drop) {
        return filter(drop, false);
    }

    /** Only the labels with the given names. */
    public Labels keep(Collection<String> keep) {
        return filter(keep, true);
    }

    public Labels withoutMetricName() {
        Labels n = nameless;
        if (n == null) {
            n = has(METRIC_NAME) ? without(java.util.List.of(METRIC_NAME)) : this;
            nameless = n;
        }
        return n;
    }

    private Labels filter(Collection<String> set, boolean keepMembers) {
        int kept = 0;
        boolean[] mask = new boolean[names.length];
        for (int i = 0; i < names.length; i++) {
            mask[i] = set.contains(names[i]) == keepMembers;
            if (mask[i]) {
                kept++;
            }
        }
        if (kept == names.length) {
            return this;
        }
        String[] ns = new String[kept];
        String[] vs = new String[kept];
        int j = 0;
        for (int i = 0; i < names.length; i++) {
            if (mask[i]) {
                ns[j] = names[i];
                vs[j] = values[i];
                j++;
            }
        }
        return kept == 0 ? EMPTY : new Labels(ns, vs);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Labels other
                && other.hash == hash
                && Arrays.equals(names, other.names)
                && Arrays.equals(values, other.values);
    }

    /** Prometheus' order: label by label, name first, then value; a prefix sorts first. */
    @Override
    public int compareTo(Labels o) {
        int n = Math.min(names.length, o.names.length);
        for (int i = 0; i < n; i++) {
            int c = names[i].compareTo(o.names[i]);
            if (c != 0) {
                return c;
            }
            c = values[i].compareTo(o.values[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(names.length, o.names.length);
    }

    /** The Prometheus text form, {@code name{a="b", c="d"}}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        String metric = metricName();
        sb.append(metric);
        sb.append('{');
        boolean first = true;
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(METRIC_NAME)) {
                continue;
            }
            if (!first) {
                sb.append(", ");
            }
            first = false;
            sb.append(names[i]).append("=\"");
            escapeTo(values[i], sb);
            sb.append('"');
        }
        return sb.append('}').toString();
    }

    private static void escapeTo(String v, StringBuilder sb) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                default -> sb.append(c);
            }
        }
    }
}
