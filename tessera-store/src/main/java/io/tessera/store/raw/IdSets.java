package io.tessera.store.raw;

import java.util.Arrays;
import java.util.List;

/** Set operations on sorted id arrays. */
final class IdSets {

    static final int[] EMPTY = new int[0];

    private IdSets() {}

    static int[] intersect(int[] a, int[] b) {
        int[] out = new int[Math.min(a.length, b.length)];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                i++;
            } else if (a[i] > b[j]) {
                j++;
            } else {
                out[n++] = a[i];
                i++;
                j++;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    static int[] subtract(int[] a, int[] b) {
        if (b.length == 0) {
            return a;
        }
        int[] out = new int[a.length];
        int j = 0;
        int n = 0;
        for (int id : a) {
            while (j < b.length && b[j] < id) {
                j++;
            }
            if (j >= b.length || b[j] != id) {
                out[n++] = id;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** The union of several postings lists, through a bitmap over ids below {@code idLimit}. */
    static int[] union(List<PostingsList> lists, int idLimit) {
        if (lists.isEmpty()) {
            return EMPTY;
        }
        if (lists.size() == 1) {
            return lists.getFirst().copy();
        }
        long[] bitmap = new long[(idLimit >>> 6) + 1];
        int total = 0;
        for (PostingsList list : lists) {
            int[] ids = list.ids();
            for (int i = 0, n = list.size(); i < n; i++) {
                bitmap[ids[i] >>> 6] |= 1L << ids[i];
            }
            total += list.size();
        }
        int[] out = new int[total];
        int n = 0;
        for (int w = 0; w < bitmap.length; w++) {
            long word = bitmap[w];
            while (word != 0) {
                out[n++] = (w << 6) + Long.numberOfTrailingZeros(word);
                word &= word - 1;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
