package io.tessera.core;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Function;

/** The depth of a tree, measured without recursion so that a tree of any depth can be measured. */
public final class TreeDepth {

    private TreeDepth() {}

    private record Visit<T>(T node, int depth) {}

    /** The number of nodes on the longest path from {@code root} down; 0 for a null root. Null children are skipped. */
    public static <T> int of(T root, Function<T, ? extends Iterable<? extends T>> children) {
        if (root == null) {
            return 0;
        }
        int deepest = 0;
        Deque<Visit<T>> pending = new ArrayDeque<>();
        pending.push(new Visit<>(root, 1));
        while (!pending.isEmpty()) {
            Visit<T> v = pending.pop();
            deepest = Math.max(deepest, v.depth());
            for (T child : children.apply(v.node())) {
                if (child != null) {
                    pending.push(new Visit<>(child, v.depth() + 1));
                }
            }
        }
        return deepest;
    }
}
