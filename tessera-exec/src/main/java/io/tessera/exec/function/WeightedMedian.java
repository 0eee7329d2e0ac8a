package io.tessera.exec.function;

/** The weighted median of a few values: kept in order as they are added, the one at half the total weight. */
final class WeightedMedian {

    private final double[] values;
    private final long[] weights;
    private int size;
    private long total;

    WeightedMedian(int capacity) {
        values = new double[capacity];
        weights = new long[capacity];
    }

    void clear() {
        size = 0;
        total = 0;
    }

    /** Adds {@code value} with {@code weight}, in {@link Double#compare} order among the others. */
    void add(double value, long weight) {
        int at = size++;
        while (at > 0 && Double.compare(values[at - 1], value) > 0) {
            values[at] = values[at - 1];
            weights[at] = weights[at - 1];
            at--;
        }
        values[at] = value;
        weights[at] = weight;
        total += weight;
    }

    /** The smallest value whose own and smaller values' weights reach half of the total; at least one must have been added. */
    double median() {
        if (size == 0) {
            throw new IllegalStateException("no values");
        }
        long half = (total + 1) / 2;
        long seen = 0;
        for (int i = 0; i < size; i++) {
            seen += weights[i];
            if (seen >= half) {
                return values[i];
            }
        }
        return values[size - 1];
    }
}
