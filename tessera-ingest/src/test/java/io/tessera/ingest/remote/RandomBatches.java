package io.tessera.ingest.remote;

import io.tessera.core.StaleMarker;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteBatchBuilder;
import java.util.Random;

/** Seeded random write batches with awkward values: NaN payloads, stale markers, -0.0, non-ASCII. */
final class RandomBatches {

    private static final String FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
    private static final String REST = FIRST + "0123456789";
    private static final String[] VALUE_PIECES = {"a", "z", "0", " ", "\"", "\\", "\n", "é", "日本", "😀", "=", "{}", ","
    };

    private RandomBatches() {}

    static WriteBatch batch(long seed, int maxSeries, int maxSamples) {
        Random r = new Random(seed);
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.LEGACY);
        int series = r.nextInt(maxSeries + 1);
        for (int s = 0; s < series; s++) {
            int samples = r.nextInt(maxSamples + 1);
            for (int i = 0; i < samples; i++) {
                b.addSample(timestamp(r), value(r));
            }
            int extra = r.nextInt(7);
            String[] names = new String[extra + 1];
            String[] values = new String[extra + 1];
            names[0] = "__name__";
            values[0] = name(r, ":");
            int n = 1;
            while (n <= extra) {
                String name = name(r, "");
                if (!contains(names, n, name)) {
                    names[n] = name;
                    values[n] = labelValue(r);
                    n++;
                }
            }
            b.endSeries(names, values, n);
        }
        return b.build();
    }

    static long timestamp(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> 0;
            case 1 -> r.nextLong();
            case 2 -> -r.nextInt(1_000_000);
            case 3 -> r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
            default -> 1_700_000_000_000L + r.nextInt(86_400_000);
        };
    }

    static double value(Random r) {
        return switch (r.nextInt(10)) {
            case 0 -> StaleMarker.VALUE;
            case 1 -> Double.longBitsToDouble(0x7ff0000000000000L | (r.nextLong() & 0x000fffffffffffffL) | 1);
            case 2 -> Double.NaN;
            case 3 -> r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 4 -> r.nextBoolean() ? 0.0 : -0.0;
            case 5 -> Double.longBitsToDouble(r.nextLong());
            case 6 -> r.nextInt(1000);
            default -> r.nextGaussian() * 1e6;
        };
    }

    private static String name(Random r, String extraFirst) {
        String first = FIRST + extraFirst;
        String rest = REST + extraFirst;
        StringBuilder sb = new StringBuilder().append(first.charAt(r.nextInt(first.length())));
        int len = r.nextInt(12);
        for (int i = 0; i < len; i++) {
            sb.append(rest.charAt(r.nextInt(rest.length())));
        }
        String s = sb.toString();
        return s.equals("__name__") ? "x" + s : s;
    }

    private static String labelValue(Random r) {
        StringBuilder sb = new StringBuilder();
        int pieces = 1 + r.nextInt(6);
        for (int i = 0; i < pieces; i++) {
            sb.append(VALUE_PIECES[r.nextInt(VALUE_PIECES.length)]);
        }
        return sb.toString();
    }

    private static boolean contains(String[] names, int n, String name) {
        for (int i = 0; i < n; i++) {
            if (names[i].equals(name)) {
                return true;
            }
        }
        return false;
    }
}
