package io.tessera.sketch;

import java.util.Arrays;
import java.util.HashMap;

/**
 * The {@code capacity} keys with the largest estimates seen so far: an indexed min-heap, so the
 * lightest tracked key is replaced first and a tracked key's estimate can grow in place.
 */
final class TopKeys {

    final int capacity;
    private final String[] keys;
    private final double[] weights;
    private final HashMap<String, Integer> slot;
    private int size;

    TopKeys(int capacity) {
        this.capacity = capacity;
        this.keys = new String[capacity];
        this.weights = new double[capacity];
        this.slot = HashMap.newHashMap(capacity);
    }

    int size() {
        return size;
    }

    String key(int i) {
        return keys[i];
    }

    double weight(int i) {
        return weights[i];
    }

    /** Records that {@code key} now has estimate {@code weight}, which never decreases for a tracked key. */
    void offer(String key, double weight) {
        Integer at = slot.get(key);
        if (at != null) {
            weights[at] = weight;
            siftDown(at);
            return;
        }
        if (size < capacity) {
            keys[size] = key;
            weights[size] = weight;
            slot.put(key, size);
            siftUp(size++);
            return;
        }
        if (weight > weights[0]) {
            slot.remove(keys[0]);
            keys[0] = key;
            weights[0] = weight;
            slot.put(key, 0);
            siftDown(0);
        }
    }

    void clear() {
        Arrays.fill(keys, 0, size, null);
        slot.clear();
        size = 0;
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (weights[parent] <= weights[i]) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int smallest = left + 1 < size && weights[left + 1] < weights[left] ? left + 1 : left;
            if (weights[i] <= weights[smallest]) {
                return;
            }
            swap(i, smallest);
            i = smallest;
        }
    }

    private void swap(int a, int b) {
        String ka = keys[a];
        double wa = weights[a];
        keys[a] = keys[b];
        weights[a] = weights[b];
        keys[b] = ka;
        weights[b] = wa;
        slot.put(keys[a], a);
        slot.put(keys[b], b);
    }
}
