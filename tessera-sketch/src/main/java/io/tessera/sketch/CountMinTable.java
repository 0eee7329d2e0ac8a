package io.tessera.sketch;

/**
 * A Count-Min sketch over string keys with non-negative double weights: {@code depth} rows of
 * {@code width} counters. An estimate never undercounts, and overcounts by more than
 * {@code e/width} of the total weight with probability at most {@code exp(-depth)}.
 */
final class CountMinTable {

    final int width;
    final int depth;
    final long seed;
    final double[] counts;
    double total;

    CountMinTable(int width, int depth, long seed) {
        this.width = width;
        this.depth = depth;
        this.seed = seed;
        this.counts = new double[width * depth];
    }

    static int widthFor(double epsilon) {
        return (int) Math.ceil(Math.E / epsilon);
    }

    static int depthFor(double delta) {
        return Math.max(1, (int) Math.ceil(Math.log(1 / delta)));
    }

    /** Adds {@code weight} to the key and returns the key's new estimate. */
    double add(String key, double weight) {
        long h = hash(key, seed);
        double min = Double.POSITIVE_INFINITY;
        for (int row = 0; row < depth; row++) {
            int cell = row * width + column(h, row);
            double c = counts[cell] + weight;
            counts[cell] = c;
            if (c < min) {
                min = c;
            }
        }
        total += weight;
        return min;
    }

    double estimate(String key) {
        long h = hash(key, seed);
        double min = Double.POSITIVE_INFINITY;
        for (int row = 0; row < depth; row++) {
            double c = counts[row * width + column(h, row)];
            if (c < min) {
                min = c;
            }
        }
        return min;
    }

    /**
     * The key's column in one row: the key hash re-mixed with the row number, so rows collide
     * independently (h1 + row·h2 double hashing would make two keys that collide in two rows
     * collide in all of them).
     */
    private int column(long h, int row) {
        return (int) Long.remainderUnsigned(mix(h + (row + 1) * 0x9e3779b97f4a7c15L), width);
    }

    void addAll(CountMinTable other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
    }

    boolean sameShape(CountMinTable other) {
        return width == other.width && depth == other.depth && seed == other.seed;
    }

    /** FNV-1a over the UTF-16 units, finished with the SplitMix64 mixer. */
    static long hash(String key, long seed) {
        long h = 0xcbf29ce484222325L ^ seed;
        for (int i = 0, n = key.length(); i < n; i++) {
            h ^= key.charAt(i);
            h *= 0x100000001b3L;
        }
        return mix(h);
    }

    private static long mix(long h) {
        h ^= h >>> 30;
        h *= 0xbf58476d1ce4e5b9L;
        h ^= h >>> 27;
        h *= 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }

    CountMinTable copy() {
        CountMinTable t = new CountMinTable(width, depth, seed);
        System.arraycopy(counts, 0, t.counts, 0, counts.length);
        t.total = total;
        return t;
    }
}
