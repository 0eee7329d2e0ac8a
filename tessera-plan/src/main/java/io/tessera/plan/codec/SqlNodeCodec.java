package io.tessera.plan.codec;

import static io.tessera.plan.codec.InstallablePlanCodec.name;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.OrderLimit;
import io.tessera.plan.Project;
import io.tessera.plan.RowFilter;
import io.tessera.plan.SqlNode;
import io.tessera.plan.SqlViewAggregate;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeBucket;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlExpr;
import io.tessera.sql.SqlPredicate;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.List;

/** The InstallablePlan wire form of the SQL nodes; predicates compare columns of the node's input with constants. */
final class SqlNodeCodec {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private SqlNodeCodec() {}

    static void write(ObjectNode o, SqlNode node) {
        o.put("input", node.input());
        switch (node) {
            case TableWindow w -> {
                o.put("time_column", w.timeColumn());
                ArrayNode columns = o.putArray("columns");
                for (Column c : w.columns()) {
                    columns.addObject().put("name", c.name()).put("type", name(c.type()));
                }
                o.put("start_exclusive", w.startExclusive()).put("end_inclusive", w.endInclusive());
            }
            case RowFilter f -> o.set("predicate", predicate(f.predicate()));
            case TimeBucket b ->
                o.put("time_column", b.timeColumn())
                        .put("width_ms", b.widthMs())
                        .put("origin_ms", b.originMs())
                        .put("output", b.output());
            case GroupedAggregate a -> {
                strings(o.putArray("keys"), a.keys());
                ArrayNode specs = o.putArray("aggregates");
                for (GroupedAggregate.Spec s : a.aggregates()) {
                    ObjectNode so = specs.addObject().put("function", name(s.function()));
                    if (s.column() == null) {
                        so.putNull("column");
                    } else {
                        so.put("column", s.column());
                    }
                    if (Double.isNaN(s.fraction())) {
                        so.putNull("fraction");
                    } else {
                        so.put("fraction", s.fraction());
                    }
                    so.put("output", s.output());
                }
            }
            case OrderLimit ol -> {
                ArrayNode keys = o.putArray("keys");
                for (OrderLimit.SortKey k : ol.keys()) {
                    keys.addObject().put("column", k.column()).put("descending", k.descending());
                }
                o.put("limit", ol.limit());
            }
            case SqlViewAggregate v -> o.put("view", v.view());
            case Project p -> {
                strings(o.putArray("columns"), p.columns());
                strings(o.putArray("names"), p.names());
                ArrayNode types = o.putArray("types");
                for (SqlType t : p.types()) {
                    types.add(name(t));
                }
            }
        }
    }

    /** The node of wire kind {@code kind}, or null when the kind is no SQL kind. */
    static SqlNode read(String kind, Obj n, int id) {
        return switch (kind) {
            case "table_window" -> {
                List<Column> columns = new ArrayList<>();
                JsonNode array = n.array("columns");
                for (int i = 0; i < array.size(); i++) {
                    Obj c = Obj.of(array.get(i), n.path + ".columns[" + i + "]");
                    columns.add(new Column(c.string("name"), c.enumField("type", ColumnType.class)));
                    c.done();
                }
                yield new TableWindow(
                        n.input("input", id),
                        n.string("time_column"),
                        columns,
                        n.longField("start_exclusive"),
                        n.longField("end_inclusive"));
            }
            case "sql_view_aggregate" -> new SqlViewAggregate(n.input("input", id), n.input("view", id));
            case "row_filter" -> new RowFilter(n.input("input", id), predicate(n.obj("predicate")));
            case "time_bucket" ->
                new TimeBucket(
                        n.input("input", id),
                        n.string("time_column"),
                        n.longField("width_ms"),
                        n.longField("origin_ms"),
                        n.string("output"));
            case "grouped_aggregate" -> {
                List<GroupedAggregate.Spec> specs = new ArrayList<>();
                JsonNode array = n.array("aggregates");
                for (int i = 0; i < array.size(); i++) {
                    Obj s = Obj.of(array.get(i), n.path + ".aggregates[" + i + "]");
                    specs.add(new GroupedAggregate.Spec(
                            s.enumField("function", AggregateFunction.class),
                            s.isNull("column") ? null : s.string("column"),
                            s.isNull("fraction")
                                    ? Double.NaN
                                    : s.field("fraction").doubleValue(),
                            s.string("output")));
                    s.done();
                }
                yield new GroupedAggregate(n.input("input", id), n.strings("keys"), specs);
            }
            case "order_limit" -> {
                List<OrderLimit.SortKey> keys = new ArrayList<>();
                JsonNode array = n.array("keys");
                for (int i = 0; i < array.size(); i++) {
                    Obj k = Obj.of(array.get(i), n.path + ".keys[" + i + "]");
                    keys.add(new OrderLimit.SortKey(k.string("column"), k.bool("descending")));
                    k.done();
                }
                yield new OrderLimit(n.input("input", id), keys, n.longField("limit"));
            }
            case "project" -> {
                List<SqlType> types = new ArrayList<>();
                JsonNode array = n.array("types");
                for (int i = 0; i < array.size(); i++) {
                    types.add(sqlType(array.get(i), n.path + ".types[" + i + "]"));
                }
                yield new Project(n.input("input", id), n.strings("columns"), n.strings("names"), types);
            }
            default -> null;
        };
    }

    private static ObjectNode predicate(SqlPredicate p) {
        ObjectNode o = F.objectNode();
        switch (p) {
            case SqlPredicate.Compare c -> {
                o.put("op", "compare").put("column", column(c.left())).put("cmp", name(c.op()));
                o.set("value", literal(c.right()));
            }
            case SqlPredicate.In in -> {
                o.put("op", "in").put("column", column(in.left())).put("negated", in.negated());
                ArrayNode values = o.putArray("values");
                for (SqlExpr.Literal l : in.values()) {
                    values.add(literal(l));
                }
            }
            case SqlPredicate.And a ->
                o.put("op", "and").<ObjectNode>set("left", predicate(a.left())).set("right", predicate(a.right()));
            case SqlPredicate.Or r ->
                o.put("op", "or").<ObjectNode>set("left", predicate(r.left())).set("right", predicate(r.right()));
            case SqlPredicate.Not n -> o.put("op", "not").set("operand", predicate(n.operand()));
        }
        return o;
    }

    private static String column(SqlExpr e) {
        if (!(e instanceof SqlExpr.Column c)) {
            throw new IllegalArgumentException("a row filter compares columns, not " + e.toSql());
        }
        return c.name() + ":" + name(c.type());
    }

    private static ObjectNode literal(SqlExpr.Literal l) {
        ObjectNode o = F.objectNode().put("type", name(l.type()));
        switch (l.value()) {
            case Long v -> o.put("value", v);
            case Double v -> o.put("value", v);
            case String v -> o.put("value", v);
            default -> throw new IllegalStateException("literal " + l);
        }
        return o;
    }

    private static SqlPredicate predicate(Obj o) {
        String op = o.string("op");
        SqlPredicate p = switch (op) {
            case "compare" ->
                new SqlPredicate.Compare(
                        columnRef(o), o.enumField("cmp", SqlPredicate.Op.class), literal(o.obj("value")));
            case "in" -> {
                List<SqlExpr.Literal> values = new ArrayList<>();
                JsonNode array = o.array("values");
                for (int i = 0; i < array.size(); i++) {
                    values.add(literal(Obj.of(array.get(i), o.path + ".values[" + i + "]")));
                }
                yield new SqlPredicate.In(columnRef(o), values, o.bool("negated"));
            }
            case "and" -> new SqlPredicate.And(predicate(o.obj("left")), predicate(o.obj("right")));
            case "or" -> new SqlPredicate.Or(predicate(o.obj("left")), predicate(o.obj("right")));
            case "not" -> new SqlPredicate.Not(predicate(o.obj("operand")));
            default -> throw new InvalidInputException(o.path + ".op: unknown predicate '" + op + "'");
        };
        o.done();
        return p;
    }

    private static SqlExpr.Column columnRef(Obj o) {
        String text = o.string("column");
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            throw new InvalidInputException(o.path + ".column: expected name:type, got '" + text + "'");
        }
        return new SqlExpr.Column(
                text.substring(0, colon), sqlType(F.textNode(text.substring(colon + 1)), o.path + ".column"));
    }

    private static SqlExpr.Literal literal(Obj o) {
        SqlType type = sqlType(o.field("type"), o.path + ".type");
        JsonNode v = o.field("value");
        Object value = switch (type) {
            case BIGINT, TIMESTAMP ->
                v.canConvertToLong() && v.isIntegralNumber() ? v.longValue() : bad(o, "a whole number");
            case DOUBLE -> v.isNumber() ? v.doubleValue() : bad(o, "a number");
            case VARCHAR -> v.isTextual() ? v.textValue() : bad(o, "a string");
            default -> bad(o, "a scalar type, not " + type);
        };
        o.done();
        return new SqlExpr.Literal(value, type);
    }

    private static Object bad(Obj o, String expected) {
        throw new InvalidInputException(o.path + ".value: expected " + expected);
    }

    private static SqlType sqlType(JsonNode v, String path) {
        String text = v.isTextual() ? v.textValue() : "";
        for (SqlType t : SqlType.values()) {
            if (name(t).equals(text)) {
                return t;
            }
        }
        throw new InvalidInputException(path + ": unknown SQL type '" + text + "'");
    }

    private static void strings(ArrayNode array, List<String> values) {
        for (String v : values) {
            array.add(v);
        }
    }
}
