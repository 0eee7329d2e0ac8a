package io.tessera.exec.sql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Exact {@code topK(k)(x)} per group: the k most frequent values, most frequent first, and
 * among equal counts the smaller value first (numbers by value, strings by
 * {@link String#compareTo}, the time column by time), so the answer is deterministic. A group
 * with fewer than k distinct values has them all.
 */
final class TopValues {

    private TopValues() {}

    static Object[] of(Object values, GroupIds g, int k) {
        int n = g.of.length;
        int[] valueCode = new int[n];
        int distinct = GroupIds.codes(values, n, valueCode);
        int[] firstRowOfValue = new int[distinct];
        Arrays.fill(firstRowOfValue, -1);
        for (int r = 0; r < n; r++) {
            if (firstRowOfValue[valueCode[r]] < 0) {
                firstRowOfValue[valueCode[r]] = r;
            }
        }
        // one counter per (group, value) present, numbered in order of first appearance
        LongIntMap pairs = new LongIntMap(Math.min(n, 1 << 16));
        int[] pairOfRow = new int[n];
        for (int r = 0; r < n; r++) {
            pairOfRow[r] = pairs.code((long) g.of[r] * distinct + valueCode[r]);
        }
        int pairCount = pairs.size();
        long[] count = new long[pairCount];
        int[] pairGroup = new int[pairCount];
        int[] pairValue = new int[pairCount];
        for (int r = 0; r < n; r++) {
            int p = pairOfRow[r];
            count[p]++;
            pairGroup[p] = g.of[r];
            pairValue[p] = valueCode[r];
        }
        List<List<Integer>> byGroup = new ArrayList<>(g.count);
        for (int i = 0; i < g.count; i++) {
            byGroup.add(new ArrayList<>());
        }
        for (int p = 0; p < pairCount; p++) {
            byGroup.get(pairGroup[p]).add(p);
        }
        Object[] out = new Object[g.count];
        for (int group = 0; group < g.count; group++) {
            List<Integer> candidates = byGroup.get(group);
            candidates.sort((a, b) -> {
                int c = Long.compare(count[b], count[a]);
                return c != 0 ? c : compareValues(values, firstRowOfValue[pairValue[a]], firstRowOfValue[pairValue[b]]);
            });
            List<Object> top = new ArrayList<>(Math.min(k, candidates.size()));
            for (int i = 0; i < candidates.size() && i < k; i++) {
                top.add(valueAt(values, firstRowOfValue[pairValue[candidates.get(i)]]));
            }
            out[group] = List.copyOf(top);
        }
        return out;
    }

    private static int compareValues(Object values, int a, int b) {
        return switch (values) {
            case long[] v -> Long.compare(v[a], v[b]);
            case double[] v -> Double.compare(v[a], v[b]);
            case String[] v -> v[a].compareTo(v[b]);
            default -> throw new IllegalStateException("topK of " + values.getClass());
        };
    }

    private static Object valueAt(Object values, int row) {
        return switch (values) {
            case long[] v -> v[row];
            case double[] v -> v[row];
            case String[] v -> v[row];
            default -> throw new IllegalStateException("topK of " + values.getClass());
        };
    }
}
