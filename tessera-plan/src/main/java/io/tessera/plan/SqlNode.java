package io.tessera.plan;

/**
 * The nodes a SQL query lowers to, above a {@link Scan}: they pass tables of named columns
 * ({@link ValueKind#ROWS}) from one to the next. PromQL runs never see them.
 */
public sealed interface SqlNode extends PlanNode
        permits TableWindow, RowFilter, TimeBucket, GroupedAggregate, OrderLimit, Project, SqlViewAggregate {

    int input();

    @Override
    default int[] inputs() {
        return new int[] {input()};
    }

    @Override
    default ValueKind kind() {
        return ValueKind.ROWS;
    }
}
