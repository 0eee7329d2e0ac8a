package io.tessera.plan;

/** {@link PlanNodes} for the SQL kinds. */
final class SqlNodes {

    private SqlNodes() {
    }

    static SqlNode withInput(SqlNode node, int input) {
        return switch (node) {
            case TableWindow w -> new TableWindow(input, w.timeColumn(), w.columns(), w.startExclusive(), w.endInclusive());
            case RowFilter f -> new RowFilter(input, f.predicate());
            case TimeBucket b -> new TimeBucket(input, b.timeColumn(), b.widthMs(), b.originMs(), b.output());
            case GroupedAggregate a -> new GroupedAggregate(input, a.keys(), a.aggregates());
            case OrderLimit o -> new OrderLimit(input, o.keys(), o.limit());
            case Project p -> new Project(input, p.columns(), p.names(), p.types());
        };
    }
}
