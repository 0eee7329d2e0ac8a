package io.tessera.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlFrontendTest {

    static final TableCatalog CATALOG = TableCatalog.of(new TableSchema(
            "requests",
            "time",
            List.of(new Column("host", ColumnType.STRING), new Column("code", ColumnType.LONG)),
            List.of(new Column("latency", ColumnType.DOUBLE), new Column("bytes", ColumnType.LONG))));
    static final long NOW = Instant.parse("2024-05-01T12:00:00Z").toEpochMilli();

    static SqlQuery parse(String sql) {
        return SqlFrontend.parse(sql, CATALOG, NOW);
    }

    static long ms(String iso) {
        return Instant.parse(iso).toEpochMilli();
    }

    @Test
    void betweenIsClosedAndBecomesHalfOpen() {
        SqlQuery q = parse(
                "SELECT count(*) FROM requests WHERE time BETWEEN TIMESTAMP '2024-01-01 00:00:00' AND '2024-01-02'");
        assertThat(q.time()).isEqualTo(new TimeBounds(ms("2024-01-01T00:00:00Z") - 1, ms("2024-01-02T00:00:00Z")));
        assertThat(q.where()).isNull();
        assertThat(q.aggregate()).isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "time > 1000 AND time <= 2000; 1000; 2000",
                "time >= 1000 AND time < 2000; 999; 1999",
                "1000 < time AND 2000 >= time; 1000; 2000",
                "time = 1500; 1499; 1500",
                "time > 1000 AND time > 1200 AND time <= 5000 AND time <= 3000; 1200; 3000",
                "time >= epoch_ms(1000); 999; 9223372036854775807",
            })
    void timeComparisonsNarrowTheWindow(String where, long start, long end) {
        assertThat(parse("SELECT sum(bytes) FROM requests WHERE " + where).time())
                .isEqualTo(new TimeBounds(start, end));
    }

    @Test
    void nowMinusIntervalInEverySpelling() {
        for (String interval :
                List.of("INTERVAL '1' HOUR", "INTERVAL 1 HOUR", "INTERVAL '1 hour'", "INTERVAL '60 minutes'")) {
            SqlQuery q = parse("SELECT count(*) FROM requests WHERE time >= now() - " + interval + " AND host = 'a'");
            assertThat(q.time()).as(interval).isEqualTo(new TimeBounds(NOW - 3_600_000L - 1, Long.MAX_VALUE));
            assertThat(q.where())
                    .isEqualTo(new SqlPredicate.Compare(
                            new SqlExpr.Column("host", SqlType.VARCHAR),
                            SqlPredicate.Op.EQ,
                            new SqlExpr.Literal("a", SqlType.VARCHAR)));
        }
    }

    @Test
    void timeUnderOrStaysARowPredicate() {
        SqlQuery q = parse("SELECT count(*) FROM requests WHERE time > 5 OR host = 'x'");
        assertThat(q.time()).isEqualTo(TimeBounds.ALL);
        assertThat(q.where()).isInstanceOf(SqlPredicate.Or.class);
    }

    @Test
    void quantileSpellingsAreOneAggregate() {
        SqlExpr.Aggregate expected = new SqlExpr.Aggregate(
                AggregateFunction.QUANTILE, new SqlExpr.Column("latency", SqlType.DOUBLE), 0.99, SqlType.DOUBLE);
        for (String s : List.of(
                "quantile(0.99)(latency)",
                "quantileExact(0.99) (latency)",
                "quantile_cont(latency, 0.99)",
                "percentile_cont(0.99) WITHIN GROUP (ORDER BY latency)")) {
            assertThat(parse("SELECT " + s + " AS p FROM requests").select().getFirst())
                    .as(s)
                    .isEqualTo(new SqlQuery.SelectItem(expected, "p"));
        }
        assertThat(((SqlExpr.Aggregate) parse("SELECT median(bytes) FROM requests")
                                .select()
                                .getFirst()
                                .expr())
                        .fraction())
                .isEqualTo(0.5);
    }

    @Test
    void groupByPositionAliasAndBucket() {
        SqlQuery q = parse("SELECT date_trunc('minute', time) AS m, host, count(DISTINCT code) c FROM requests "
                + "GROUP BY m, 2 HAVING c > 3 ORDER BY m DESC, c LIMIT 7");
        SqlExpr.Bucket bucket = new SqlExpr.Bucket(
                new SqlExpr.Column("time", SqlType.TIMESTAMP), 60_000, TimeLiterals.BUCKET_ORIGIN_MS);
        assertThat(q.groupBy()).containsExactly(bucket, new SqlExpr.Column("host", SqlType.VARCHAR));
        assertThat(q.having())
                .isEqualTo(new SqlPredicate.Compare(
                        new SqlExpr.Aggregate(
                                AggregateFunction.COUNT_DISTINCT,
                                new SqlExpr.Column("code", SqlType.BIGINT),
                                Double.NaN,
                                SqlType.BIGINT),
                        SqlPredicate.Op.GT,
                        new SqlExpr.Literal(3L, SqlType.BIGINT)));
        assertThat(q.orderBy().getFirst()).isEqualTo(new SqlQuery.OrderItem(bucket, true));
        assertThat(q.limit()).isEqualTo(7);
        assertThat(parse("SELECT time_bucket(INTERVAL '5 minutes', time) FROM requests GROUP BY 1")
                        .groupBy()
                        .getFirst())
                .isEqualTo(new SqlExpr.Bucket(
                        new SqlExpr.Column("time", SqlType.TIMESTAMP), 300_000, TimeLiterals.BUCKET_ORIGIN_MS));
    }

    @Test
    void bucketsStartOnTheOrigin() {
        SqlExpr.Bucket b = new SqlExpr.Bucket(
                new SqlExpr.Column("t", SqlType.TIMESTAMP), 7 * 86_400_000L, TimeLiterals.BUCKET_ORIGIN_MS);
        // 2024-05-01 is a Wednesday; its ISO week starts on Monday 2024-04-29.
        assertThat(b.bucketOf(ms("2024-05-01T10:00:00Z"))).isEqualTo(ms("2024-04-29T00:00:00Z"));
        assertThat(b.bucketOf(ms("1969-12-31T23:00:00Z"))).isEqualTo(ms("1969-12-29T00:00:00Z"));
    }

    @Test
    void anUndeclaredNameIsAMetricWithItsLabelsAsColumns() {
        SqlQuery q =
                parse("SELECT job, avg(value) FROM \"http_requests_total\" WHERE instance IN ('a', 'b') GROUP BY job");
        assertThat(q.metric()).isTrue();
        assertThat(q.table().name()).isEqualTo("http_requests_total");
        assertThat(q.table().dimensions()).extracting(Column::name).containsExactly("job", "instance");
        assertThat(parse("SELECT max(value) FROM metrics.requests").metric()).isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "SELECT a.host FROM requests a JOIN requests b ON a.host = b.host; unsupported SQL: JOIN",
                "SELECT host FROM requests UNION SELECT host FROM requests; unsupported SQL: UNION",
                "SELECT DISTINCT host FROM requests; unsupported SQL: SELECT DISTINCT",
                "SELECT count(*) FROM (SELECT * FROM requests) s; unsupported SQL: subquery in FROM",
                "SELECT sum(bytes * 2) FROM requests; unsupported SQL: arithmetic",
                "SELECT count(*) FROM requests WHERE host LIKE 'a%'; unsupported SQL: LIKE",
                "SELECT topKWeighted(3)(host, bytes) FROM requests; unsupported SQL: topKWeighted(k)(x, w)",
                "SELECT stddev(latency) FROM requests; unsupported SQL: function stddev()",
                "SELECT sum(bytes) OVER (PARTITION BY host) FROM requests; unsupported SQL: window function",
                "SELECT date_trunc('month', time), count(*) FROM requests GROUP BY 1; unsupported SQL: calendar unit 'month'",
                "SELECT host, count(*) FROM requests; SELECT expression \"host\" must appear in GROUP BY",
                "SELECT count(*) FROM requests LIMIT 5 OFFSET 2; unsupported SQL: OFFSET",
                "DELETE FROM requests; unsupported SQL: DELETE",
                "SELECT nope FROM requests; unknown column \"nope\" in table \"requests\"",
                "SELECT sum(host) FROM requests; sum() needs a numeric column",
                "SELECT count(*) FROM requests WHERE host = 3; cannot compare \"host\" (VARCHAR) with 3",
                "SELECT count(* FROM requests; SQL syntax error",
            })
    void rejectsNamingTheConstruct(String sql, String message) {
        assertThatThrownBy(() -> parse(sql))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(message);
    }

    @Test
    void inListBindsTighterThanAndOr() {
        SqlExpr host = new SqlExpr.Column("host", SqlType.VARCHAR);
        SqlPredicate in = new SqlPredicate.In(host, List.of(new SqlExpr.Literal("a", SqlType.VARCHAR)), true);
        SqlPredicate code = new SqlPredicate.Compare(
                new SqlExpr.Column("code", SqlType.BIGINT),
                SqlPredicate.Op.GE,
                new SqlExpr.Literal(500L, SqlType.BIGINT));
        SqlPredicate small = new SqlPredicate.Compare(
                new SqlExpr.Column("bytes", SqlType.BIGINT),
                SqlPredicate.Op.LT,
                new SqlExpr.Literal(9L, SqlType.BIGINT));
        assertThat(parse("SELECT count(*) FROM requests WHERE host NOT IN ('a') OR code >= 500")
                        .where())
                .isEqualTo(new SqlPredicate.Or(in, code));
        assertThat(parse("SELECT count(*) FROM requests WHERE host NOT IN ('a') AND code >= 500 OR bytes < 9")
                        .where())
                .isEqualTo(new SqlPredicate.Or(new SqlPredicate.And(in, code), small));
    }

    @Test
    void grafanaClickHouseMacrosAndFormatClauses() {
        SqlQuery q = parse(
                "SELECT toStartOfInterval(toDateTime(time), INTERVAL 5 minute) AS t, count() FROM requests "
                        + "WHERE time >= toDateTime(1700000000) AND time <= toDateTime64(1700003600.5, 3) GROUP BY t ORDER BY t FORMAT JSON");
        SqlExpr.Column time = new SqlExpr.Column("time", SqlType.TIMESTAMP);
        assertThat(q.groupBy()).containsExactly(new SqlExpr.Bucket(time, 300_000, 0));
        assertThat(q.time()).isEqualTo(new TimeBounds(1_700_000_000_000L - 1, 1_700_003_600_500L));
        assertThat(q.select().get(1).expr())
                .isEqualTo(new SqlExpr.Aggregate(AggregateFunction.COUNT, null, Double.NaN, SqlType.BIGINT));
        assertThat(parse("SELECT toStartOfFiveMinutes(time), count(*) FROM requests GROUP BY 1")
                        .groupBy())
                .containsExactly(new SqlExpr.Bucket(time, 300_000, 0));
        assertThat(SqlText.splitFormat("SELECT count(*) FROM t FORMAT JSONEachRow;"))
                .isEqualTo(new SqlText.Formatted("SELECT count(*) FROM t", "JSONEachRow"));
        assertThat(SqlText.splitFormat("SELECT 'x FORMAT JSON' FROM t").format())
                .isNull();
        assertThat(SqlText.splitFormat("SELECT count(*) FROM t").format()).isNull();
    }

    @Test
    void parametricRewriteLeavesStringsAlone() {
        assertThat(ParametricCalls.rewrite("SELECT quantile(0.5)(x), 'f(1)(2)' FROM t"))
                .isEqualTo("SELECT quantile__parametric(0.5, x), 'f(1)(2)' FROM t");
    }

    @Test
    void printedExpressionsParseBackEqual() {
        SqlQuery q = parse(
                "SELECT time_bucket(INTERVAL '7 minutes', time) b, quantile(0.9)(latency), count(DISTINCT host) "
                        + "FROM requests WHERE (host IN ('a', 'it''s') OR NOT code >= 500) AND latency <> -1.5 GROUP BY b");
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < q.select().size(); i++) {
            sql.append(i == 0 ? "" : ", ").append(q.select().get(i).expr().toSql());
        }
        sql.append(" FROM requests WHERE ").append(q.where().toSql()).append(" GROUP BY 1");
        SqlQuery back = parse(sql.toString());
        assertThat(back.where()).isEqualTo(q.where());
        assertThat(back.select())
                .extracting(SqlQuery.SelectItem::expr)
                .isEqualTo(q.select().stream().map(SqlQuery.SelectItem::expr).toList());
    }
}
