package io.tessera.exec.sql;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random queries over {@link SqlTestTable}, each in Tessera's dialect and in DuckDB's
 * (they differ only where the spellings do: ClickHouse quantiles, approx_count_distinct, which
 * DuckDB answers exactly so that the estimate is checked against its bound).
 */
final class SqlQueryGenerator {

    /**
     * One query: {@code keys} leading key columns identify a row when the result has no
     * {@code ordered} row order; {@code approximate[i]} marks an estimated column.
     */
    record Generated(String tessera, String duck, int keys, boolean ordered, boolean[] approximate) {}

    private static final String[] STRING_DIMS = {"host", "region"};
    private static final String[] LONG_DIMS = {"code", "shard"};

    private final SplittableRandom random;
    private final SqlTestTable data;

    SqlQueryGenerator(long seed, SqlTestTable data) {
        this.random = new SplittableRandom(seed);
        this.data = data;
    }

    Generated next() {
        int shape = random.nextInt(10);
        return switch (shape) {
            case 0 -> raw();
            default -> aggregate(shape);
        };
    }

    /** Rows without aggregation, totally ordered by (ts, seq). */
    private Generated raw() {
        String where = where();
        String cols = "ts, host, code, latency, bytes, seq";
        String order = random.nextBoolean() ? "ts, seq" : "ts DESC, seq DESC";
        String sql =
                "SELECT " + cols + " FROM events" + where + " ORDER BY " + order + " LIMIT " + (1 + random.nextInt(50));
        return new Generated(sql, sql, 0, true, new boolean[6]);
    }

    private Generated aggregate(int shape) {
        List<String> keysT = new ArrayList<>();
        List<String> keysD = new ArrayList<>();
        switch (shape) {
            case 1, 2 -> {}
            case 3, 4 -> addDimension(keysT, keysD);
            case 5 -> {
                addDimension(keysT, keysD);
                addDimension(keysT, keysD);
            }
            case 6, 7 -> addBucket(keysT, keysD);
            default -> {
                addBucket(keysT, keysD);
                addDimension(keysT, keysD);
            }
        }
        int aggCount = 1 + random.nextInt(4);
        List<String> aggsT = new ArrayList<>();
        List<String> aggsD = new ArrayList<>();
        List<Boolean> approx = new ArrayList<>();
        for (int i = 0; i < aggCount; i++) {
            String[] pair = aggregate();
            aggsT.add(pair[0]);
            aggsD.add(pair[1]);
            approx.add(pair.length > 2);
        }
        StringBuilder t = new StringBuilder("SELECT ");
        StringBuilder d = new StringBuilder("SELECT ");
        int col = 0;
        for (int i = 0; i < keysT.size(); i++, col++) {
            t.append(col == 0 ? "" : ", ").append(keysT.get(i)).append(" AS c").append(col);
            d.append(col == 0 ? "" : ", ").append(keysD.get(i)).append(" AS c").append(col);
        }
        for (int i = 0; i < aggsT.size(); i++, col++) {
            t.append(col == 0 ? "" : ", ").append(aggsT.get(i)).append(" AS c").append(col);
            d.append(col == 0 ? "" : ", ").append(aggsD.get(i)).append(" AS c").append(col);
        }
        String where = where();
        t.append(" FROM events").append(where);
        d.append(" FROM events").append(where);
        if (!keysT.isEmpty()) {
            StringBuilder g = new StringBuilder(" GROUP BY ");
            for (int i = 0; i < keysT.size(); i++) {
                String ref = switch (random.nextInt(3)) {
                    case 0 -> String.valueOf(i + 1);
                    case 1 -> "c" + i;
                    default -> keysD.get(i);
                };
                g.append(i == 0 ? "" : ", ").append(ref);
            }
            t.append(g);
            d.append(g);
        }
        if (!keysT.isEmpty() && random.nextInt(4) == 0) {
            String having = random.nextBoolean()
                    ? " HAVING count(*) > " + random.nextInt(2000)
                    : " HAVING sum(bytes) >= " + random.nextLong(2_000_000_000L) + " OR min(latency) < "
                            + (5 + random.nextInt(20));
            t.append(having);
            d.append(having);
        }
        boolean ordered = false;
        if (!keysT.isEmpty() && random.nextInt(3) == 0) {
            String[] sortable = {"count(*)", "sum(bytes)", "max(bytes)", "min(seq)", "count(DISTINCT shard)"};
            String by = sortable[random.nextInt(sortable.length)] + (random.nextBoolean() ? " DESC" : "");
            StringBuilder o = new StringBuilder(" ORDER BY ").append(by);
            for (int i = 0; i < keysT.size(); i++) {
                o.append(", ").append(i + 1).append(random.nextBoolean() ? " DESC" : "");
            }
            o.append(" LIMIT ").append(1 + random.nextInt(10));
            t.append(o);
            d.append(o);
            ordered = true;
        }
        boolean[] approximate = new boolean[keysT.size() + aggsT.size()];
        for (int i = 0; i < approx.size(); i++) {
            approximate[keysT.size() + i] = approx.get(i);
        }
        return new Generated(t.toString(), d.toString(), keysT.size(), ordered, approximate);
    }

    private void addDimension(List<String> t, List<String> d) {
        String dim;
        do {
            dim = random.nextBoolean() ? STRING_DIMS[random.nextInt(2)] : LONG_DIMS[random.nextInt(2)];
        } while (t.contains(dim));
        t.add(dim);
        d.add(dim);
    }

    private void addBucket(List<String> t, List<String> d) {
        switch (random.nextInt(4)) {
            case 0 -> {
                String unit = new String[] {"minute", "hour", "second"}[random.nextInt(3)];
                t.add("date_trunc('" + unit + "', ts)");
                d.add("date_trunc('" + unit + "', ts)");
            }
            default -> {
                String width = new String[] {"5 minutes", "15 minutes", "7 minutes", "1 hour", "90 seconds"}
                        [random.nextInt(5)];
                t.add("time_bucket(INTERVAL '" + width + "', ts)");
                d.add("time_bucket(INTERVAL '" + width + "', ts)");
            }
        }
    }

    /** {tessera, duckdb} or {tessera, duckdb, "approx"}. */
    private String[] aggregate() {
        double q = new double[] {0, 0.25, 0.5, 0.9, 0.99, 1, Math.round(random.nextDouble() * 1000) / 1000.0}
                [random.nextInt(7)];
        String measure = random.nextInt(3) == 0 ? "bytes" : "latency";
        return switch (random.nextInt(16)) {
            case 0 -> new String[] {"count(*)", "count(*)"};
            case 1 -> new String[] {"count(" + measure + ")", "count(" + measure + ")"};
            case 2, 3 -> new String[] {"sum(" + measure + ")", "sum(" + measure + ")"};
            case 4 -> new String[] {"avg(" + measure + ")", "avg(" + measure + ")"};
            case 5 -> new String[] {"min(" + measure + ")", "min(" + measure + ")"};
            case 6 -> new String[] {"max(" + measure + ")", "max(" + measure + ")"};
            case 7 -> {
                String dim = random.nextBoolean() ? "host" : "shard";
                yield new String[] {"count(DISTINCT " + dim + ")", "count(DISTINCT " + dim + ")"};
            }
            case 8, 9 ->
                new String[] {"quantile(" + q + ")(" + measure + ")", "quantile_cont(" + measure + ", " + q + ")"};
            case 10 ->
                new String[] {
                    "percentile_cont(" + q + ") WITHIN GROUP (ORDER BY " + measure + ")",
                    "percentile_cont(" + q + ") WITHIN GROUP (ORDER BY " + measure + ")"
                };
            case 11 -> new String[] {"median(" + measure + ")", "median(" + measure + ")"};
            case 12 ->
                new String[] {"quantile_cont(" + measure + ", " + q + ")", "quantile_cont(" + measure + ", " + q + ")"};
            case 13 -> {
                String dim = new String[] {"host", "shard", "seq"}[random.nextInt(3)];
                yield new String[] {"approx_count_distinct(" + dim + ")", "count(DISTINCT " + dim + ")", "approx"};
            }
            case 14 -> new String[] {"min(host)", "min(host)"};
            default -> new String[] {"max(ts)", "max(ts)"};
        };
    }

    private String where() {
        List<String> conjuncts = new ArrayList<>();
        long a = SqlTestTable.BASE - 600_000 + random.nextLong(SqlTestTable.SPAN + 1_200_000);
        long b = random.nextInt(20) == 0 ? a - random.nextLong(3_600_000) : a + random.nextLong(SqlTestTable.SPAN);
        switch (random.nextInt(6)) {
            case 0 -> {}
            case 1 -> conjuncts.add("ts > " + ts(a) + " AND ts <= " + ts(b));
            case 2 -> conjuncts.add("ts >= " + ts(a) + " AND ts < " + ts(b));
            case 3 -> conjuncts.add("ts BETWEEN " + ts(a) + " AND " + ts(b));
            case 4 -> conjuncts.add("ts > " + ts(a));
            default -> conjuncts.add(ts(b) + " >= ts");
        }
        if (random.nextInt(3) == 0) {
            conjuncts.add(dimensionPredicate(2));
        }
        return conjuncts.isEmpty() ? "" : " WHERE " + String.join(" AND ", conjuncts);
    }

    private String dimensionPredicate(int depth) {
        if (depth > 0 && random.nextInt(4) == 0) {
            String op = random.nextBoolean() ? " AND " : " OR ";
            String p = "(" + dimensionPredicate(depth - 1) + op + dimensionPredicate(depth - 1) + ")";
            return random.nextInt(4) == 0 ? "NOT " + p : p;
        }
        return switch (random.nextInt(7)) {
            case 0 -> "host = 'host-" + random.nextInt(20) + "'";
            case 1 ->
                "region " + (random.nextBoolean() ? "IN" : "NOT IN") + " ('" + SqlTestTable.REGIONS[random.nextInt(5)]
                        + "', '" + SqlTestTable.REGIONS[random.nextInt(5)] + "')";
            case 2 ->
                "code " + (random.nextBoolean() ? "IN" : "NOT IN") + " (200, " + SqlTestTable.CODES[random.nextInt(9)]
                        + ")";
            case 3 -> "code >= " + SqlTestTable.CODES[random.nextInt(9)];
            case 4 -> "shard < " + random.nextInt(1000);
            case 5 -> "host <> 'host-" + random.nextInt(5) + "'";
            default -> "latency > " + (10 + random.nextInt(40)) + "." + random.nextInt(10);
        };
    }

    private static String ts(long ms) {
        String iso = Instant.ofEpochMilli(ms).toString();
        String s = iso.replace('T', ' ').replace("Z", "");
        if (s.length() == 19) {
            s += ".000";
        }
        return "TIMESTAMP '" + s + "'";
    }

    SqlTestTable data() {
        return data;
    }
}
