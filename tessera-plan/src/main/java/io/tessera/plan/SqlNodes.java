package io.tessera.plan;

/** {@link PlanNodes} for the SQL kinds. */
final class SqlNodes {

    private SqlNodes() {}

    static SqlNode withInputs(SqlNode node, int[] in) {
        return node instanceof SqlViewAggregate ? new SqlViewAggregate(in[0], in[1]) : withInput(node, in[0]);
    }

    static SqlNode withInput(SqlNode node, int input) {
        return switch (node) {
            case SqlViewAggregate v -> new SqlViewAggregate(input, v.view());
            case TableWindow w ->
                new TableWindow(input, w.timeColumn(), w.columns(), w.startExclusive(), w.endInclusive());
            case RowFilter f -> new RowFilter(input, f.predicate());
            case TimeBucket b -> new TimeBucket(input, b.timeColumn(), b.widthMs(), b.originMs(), b.output());
            case GroupedAggregate a -> new GroupedAggregate(input, a.keys(), a.aggregates());
            case OrderLimit o -> new OrderLimit(input, o.keys(), o.limit());
            case Project p -> new Project(input, p.columns(), p.names(), p.types());
        };
    }

    /** The node's own fields, without its input ids, for content hashes. */
    static String describe(SqlNode node) {
        return switch (node) {
            case TableWindow w ->
                w.timeColumn() + "," + w.columns() + "," + w.startExclusive() + "," + w.endInclusive();
            case RowFilter f -> String.valueOf(f.predicate());
            case TimeBucket b -> b.timeColumn() + "," + b.widthMs() + "," + b.originMs() + "," + b.output();
            case GroupedAggregate a -> a.keys() + "," + a.aggregates();
            case OrderLimit o -> o.keys() + "," + o.limit();
            case Project p -> p.columns() + "," + p.names() + "," + p.types();
            case SqlViewAggregate v -> "";
        };
    }
}
