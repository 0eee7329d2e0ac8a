package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.spi.RowPredicate;
import io.tessera.spi.RowPredicate.Comparison;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlExpr;
import io.tessera.sql.SqlPredicate;
import io.tessera.sql.SqlType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A SQL condition becomes the same row condition where every comparison is of a column, and
 * otherwise one that keeps at least its rows: an unsayable conjunct is dropped, an unsayable
 * part of a disjunction or of a negation keeps the whole from being pushed.
 */
class RowPredicatesTest {

    private static final SqlExpr.Column HOST = new SqlExpr.Column("host", SqlType.VARCHAR);
    private static final SqlExpr.Column STATUS = new SqlExpr.Column("status", SqlType.BIGINT);
    private static final SqlExpr.Column TS = new SqlExpr.Column("ts", SqlType.TIMESTAMP);
    private static final SqlPredicate HOST_IS_A =
            new SqlPredicate.Compare(HOST, SqlPredicate.Op.EQ, new SqlExpr.Literal("a", SqlType.VARCHAR));
    private static final SqlPredicate STATUS_ABOVE =
            new SqlPredicate.Compare(STATUS, SqlPredicate.Op.GT, new SqlExpr.Literal(2.5, SqlType.DOUBLE));
    /** A HAVING-style comparison of an aggregate: nothing a table read can test. */
    private static final SqlPredicate UNSAYABLE = new SqlPredicate.Compare(
            new SqlExpr.Aggregate(AggregateFunction.COUNT, null, 0, SqlType.BIGINT),
            SqlPredicate.Op.GE,
            new SqlExpr.Literal(3L, SqlType.BIGINT));

    private static final RowPredicate ROW_HOST_IS_A = new RowPredicate.Compare("host", Comparison.EQ, "a");
    private static final RowPredicate ROW_STATUS_ABOVE = new RowPredicate.Compare("status", Comparison.GT, 2.5);

    @Test
    void everyComparisonOfAColumnIsSaidAsItIs() {
        for (SqlPredicate.Op op : SqlPredicate.Op.values()) {
            RowPredicate said = RowPredicates.pushable(
                    new SqlPredicate.Compare(TS, op, new SqlExpr.Literal(1_000L, SqlType.TIMESTAMP)));
            assertThat(said).isEqualTo(new RowPredicate.Compare("ts", Comparison.valueOf(op.name()), 1_000L));
            // both say the same of every order of two values
            for (int order = -1; order <= 1; order++) {
                assertThat(((RowPredicate.Compare) said).op().test(order)).isEqualTo(op.test(order));
            }
        }
        assertThat(RowPredicates.pushable(new SqlPredicate.And(HOST_IS_A, new SqlPredicate.Not(STATUS_ABOVE))))
                .isEqualTo(new RowPredicate.And(ROW_HOST_IS_A, new RowPredicate.Not(ROW_STATUS_ABOVE)));
        assertThat(RowPredicates.pushable(new SqlPredicate.Or(HOST_IS_A, STATUS_ABOVE)))
                .isEqualTo(new RowPredicate.Or(ROW_HOST_IS_A, ROW_STATUS_ABOVE));
        assertThat(RowPredicates.pushable(null)).isNull();
    }

    @Test
    void aNotInListIsTheNegationOfTheList() {
        List<SqlExpr.Literal> values =
                List.of(new SqlExpr.Literal(200L, SqlType.BIGINT), new SqlExpr.Literal(404L, SqlType.BIGINT));
        RowPredicate in = new RowPredicate.In("status", List.of(200L, 404L));

        assertThat(RowPredicates.pushable(new SqlPredicate.In(STATUS, values, false)))
                .isEqualTo(in);
        assertThat(RowPredicates.pushable(new SqlPredicate.In(STATUS, values, true)))
                .isEqualTo(new RowPredicate.Not(in));
    }

    @Test
    void whatCannotBeSaidWidensTheConditionNeverNarrowsIt() {
        assertThat(RowPredicates.pushable(UNSAYABLE)).isNull();
        assertThat(RowPredicates.pushable(new SqlPredicate.And(UNSAYABLE, HOST_IS_A)))
                .isEqualTo(ROW_HOST_IS_A);
        assertThat(RowPredicates.pushable(
                        new SqlPredicate.And(HOST_IS_A, new SqlPredicate.And(STATUS_ABOVE, UNSAYABLE))))
                .isEqualTo(new RowPredicate.And(ROW_HOST_IS_A, ROW_STATUS_ABOVE));
        // an unsayable disjunct could be what a row meets
        assertThat(RowPredicates.pushable(new SqlPredicate.Or(HOST_IS_A, UNSAYABLE)))
                .isNull();
        // NOT (a AND ?) is not NOT a: the negation is pushed whole or not at all
        assertThat(RowPredicates.pushable(new SqlPredicate.Not(new SqlPredicate.And(HOST_IS_A, UNSAYABLE))))
                .isNull();
        // inside a disjunction each side may widen on its own
        assertThat(RowPredicates.pushable(
                        new SqlPredicate.Or(new SqlPredicate.And(HOST_IS_A, UNSAYABLE), STATUS_ABOVE)))
                .isEqualTo(new RowPredicate.Or(ROW_HOST_IS_A, ROW_STATUS_ABOVE));
    }
}
