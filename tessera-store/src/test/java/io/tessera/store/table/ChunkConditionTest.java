package io.tessera.store.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.Schema;
import io.tessera.spi.RowPredicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A read with a SQL condition, pushed down as the executor pushes it ({@link RowPredicates}), keeps
 * exactly the rows of the brute-force model that meet the SQL condition:
 * seeded random conditions (comparisons and IN on strings, integers and doubles with NaN and
 * -0.0 among them, under AND, OR, NOT) over several chunks and time ranges.
 */
class ChunkConditionTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void aConditionKeepsTheRowsThatMeetIt(int seed) {
        Random random = new Random(seed);
        TableStore store = TableStoreTest.store(97);
        List<TableStoreTest.Row> rows = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            TableStoreTest.Row r = TableStoreTest.randomRow(random, 1_000_000, 600_000);
            double weight = switch (random.nextInt(12)) {
                case 0 -> Double.NaN;
                case 1 -> -0.0;
                case 2 -> 0.0;
                default -> Math.floor(r.weight() * 8) / 8;
            };
            rows.add(new TableStoreTest.Row(r.ts(), r.host(), r.status(), weight, r.latency(), r.bytes()));
        }
        rows.sort(java.util.Comparator.comparingLong(TableStoreTest.Row::ts));
        store.append("requests", TableStoreTest.batchOf(rows));
        Schema columns = TableStoreTest.REQUESTS.rowSchema();
        int kept = 0;
        for (int q = 0; q < 200; q++) {
            RowPredicate condition = condition(random, 0);
            long start = 1_000_000 + random.nextLong(300_000);
            Interval range = new Interval(start, start + 1 + random.nextLong(300_000));
            List<String> got = new ArrayList<>();
            for (Batch b : store.read("requests", range, columns, condition)) {
                for (int r = 0; r < b.rowCount(); r++) {
                    got.add(b.longs(0)[r] + "|" + b.strings(1)[r] + "|" + b.longs(2)[r] + "|" + b.doubles(3)[r] + "|"
                            + b.longs(5)[r]);
                }
            }
            List<String> want = new ArrayList<>();
            for (TableStoreTest.Row row : rows) {
                if (range.contains(row.ts()) && meets(condition, row)) {
                    want.add(row.ts() + "|" + row.host() + "|" + row.status() + "|" + row.weight() + "|" + row.bytes());
                }
            }
            got.sort(null);
            want.sort(null);
            assertThat(got).as(condition + " over " + range).isEqualTo(want);
            kept += want.size();
        }
        assertThat(kept).as("rows kept over all conditions").isPositive();
    }

    private static RowPredicate condition(Random random, int depth) {
        return switch (random.nextInt(depth >= 2 ? 3 : 6)) {
            case 0 -> new RowPredicate.Compare("host", op(random), "host-" + random.nextInt(8));
            case 1 ->
                new RowPredicate.Compare(
                        "status",
                        op(random),
                        random.nextBoolean() ? (Object) (200L + random.nextInt(5) * 100L) : 250.5);
            case 2 -> {
                if (random.nextBoolean()) {
                    RowPredicate in = new RowPredicate.In("weight", List.of(0.0, 0.5));
                    yield random.nextBoolean() ? new RowPredicate.Not(in) : in;
                }
                yield new RowPredicate.Compare("weight", op(random), 0.375);
            }
            case 3 -> new RowPredicate.And(condition(random, depth + 1), condition(random, depth + 1));
            case 4 -> new RowPredicate.Or(condition(random, depth + 1), condition(random, depth + 1));
            default -> new RowPredicate.Not(condition(random, depth + 1));
        };
    }

    private static RowPredicate.Comparison op(Random random) {
        return RowPredicate.Comparison.values()[random.nextInt(RowPredicate.Comparison.values().length)];
    }

    /** The model's answer, written out case by case: SQL's order of numbers (NaN above all, -0.0 = 0.0) and of strings. */
    private static boolean meets(RowPredicate p, TableStoreTest.Row row) {
        return switch (p) {
            case RowPredicate.And a -> meets(a.left(), row) && meets(a.right(), row);
            case RowPredicate.Or o -> meets(o.left(), row) || meets(o.right(), row);
            case RowPredicate.Not n -> !meets(n.operand(), row);
            case RowPredicate.Compare c -> c.op().test(order(row.get(c.column()), c.value()));
            case RowPredicate.In in -> {
                boolean any = false;
                for (Object v : in.values()) {
                    any |= order(row.get(in.column()), v) == 0;
                }
                yield any;
            }
        };
    }

    private static int order(Object a, Object b) {
        if (a instanceof String x) {
            return x.compareTo((String) b);
        }
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return Double.compare(x, y);
        }
        return x < y ? -1 : x > y ? 1 : 0;
    }
}
