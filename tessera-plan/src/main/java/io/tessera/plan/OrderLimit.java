package io.tessera.plan;

import java.util.List;

/** The input rows sorted by {@code keys} (NULLs last), the first {@code limit} of them ({@code -1}: all). */
public record OrderLimit(int input, List<SortKey> keys, long limit) implements SqlNode {

    public OrderLimit {
        keys = List.copyOf(keys);
    }

    public record SortKey(String column, boolean descending) {}
}
