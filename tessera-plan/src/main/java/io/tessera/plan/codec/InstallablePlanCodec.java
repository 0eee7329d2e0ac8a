package io.tessera.plan.codec;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MatchType;
import io.tessera.plan.EvalTimeAnchor;
import io.tessera.plan.Fallback;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.Grouping;
import io.tessera.plan.InstantFunction;
import io.tessera.plan.Materialization;
import io.tessera.plan.Negate;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.PlanNodes;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.SqlNode;
import io.tessera.plan.StateSpec;
import io.tessera.plan.StringLiteral;
import io.tessera.plan.Subquery;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ValueKind;
import io.tessera.plan.VectorAggregate;
import io.tessera.plan.VectorBinary;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import io.tessera.promql.AggregateOp;
import io.tessera.promql.BinaryOp;
import io.tessera.promql.Cardinality;
import io.tessera.promql.VectorMatching;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON form of an {@link InstallablePlan}:
 * <pre>
 * {"wire_version": 1,
 *  "dag": {"nodes": [{"id": 0, "kind": "scan", "source": {"type": "time_series"},
 *                     "matchers": [{"type": "=", "name": "__name__", "value": "x"}]}, …],
 *          "roots": [4]},
 *  "query_texts": ["sum_over_time(x[1h])"]}
 * </pre>
 * Every node carries its {@code id} (its index) and {@code kind}, then its fields; inputs are
 * node ids, durations are integer milliseconds, enums are lower-case names. Reading is strict:
 * an unknown wire version, kind or field, a missing field, or a broken DAG rule is an
 * {@link InvalidInputException} naming the JSON path.
 */
public final class InstallablePlanCodec {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private InstallablePlanCodec() {}

    public static String toJson(InstallablePlan plan) {
        ObjectNode root = F.objectNode();
        root.put("wire_version", plan.wireVersion());
        ObjectNode dag = root.putObject("dag");
        ArrayNode nodes = dag.putArray("nodes");
        for (int id = 0; id < plan.dag().size(); id++) {
            nodes.add(writeNode(id, plan.dag().node(id)));
        }
        ArrayNode roots = dag.putArray("roots");
        plan.dag().roots().forEach(roots::add);
        ArrayNode texts = root.putArray("query_texts");
        plan.queryTexts().forEach(texts::add);
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JacksonException e) {
            throw new IllegalStateException(e);
        }
    }

    public static InstallablePlan fromJson(String json) {
        JsonNode tree;
        try {
            tree = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new InvalidInputException("plan: not valid JSON: " + e.getOriginalMessage());
        }
        Obj top = Obj.of(tree, "$");
        int version = top.intField("wire_version");
        if (version != InstallablePlan.WIRE_VERSION) {
            throw new InvalidInputException("$.wire_version: unknown plan wire version " + version
                    + " (this build reads " + InstallablePlan.WIRE_VERSION + ")");
        }
        Obj dag = top.obj("dag");
        List<PlanNode> nodes = new ArrayList<>();
        JsonNode nodeArray = dag.array("nodes");
        for (int i = 0; i < nodeArray.size(); i++) {
            Obj n = Obj.of(nodeArray.get(i), "$.dag.nodes[" + i + "]");
            int id = n.intField("id");
            if (id != i) {
                throw new InvalidInputException(
                        n.path + ".id: node ids are their positions; expected " + i + ", got " + id);
            }
            nodes.add(readNode(n, i));
            n.done();
        }
        List<Integer> roots = new ArrayList<>();
        JsonNode rootArray = dag.array("roots");
        for (int i = 0; i < rootArray.size(); i++) {
            roots.add(Obj.nodeId(rootArray.get(i), "$.dag.roots[" + i + "]", nodes.size()));
        }
        dag.done();
        List<String> texts = top.strings("query_texts");
        top.done();
        return InstallablePlan.of(new PhysicalDag(nodes, roots), texts);
    }

    private static ObjectNode writeNode(int id, PlanNode node) {
        ObjectNode o = F.objectNode();
        o.put("id", id);
        o.put("kind", PlanNodes.kindOf(node));
        switch (node) {
            case Scan s -> {
                ObjectNode source = o.putObject("source");
                switch (s.source()) {
                    case Source.TimeSeries t -> source.put("type", "time_series");
                    case Source.Table t -> source.put("type", "table").put("name", t.name());
                }
                ArrayNode matchers = o.putArray("matchers");
                for (LabelMatcher m : s.matchers()) {
                    matchers.addObject()
                            .put("type", m.type().symbol())
                            .put("name", m.name())
                            .put("value", m.value());
                }
            }
            case TimeRange t ->
                o.put("input", t.input())
                        .put("window_kind", name(t.windowKind()))
                        .put("range_ms", t.rangeMs());
            case TimeShift t -> {
                o.put("input", t.input()).put("offset_ms", t.offsetMs());
                switch (t.at()) {
                    case null -> o.putNull("at");
                    case EvalTimeAnchor.Fixed f ->
                        o.putObject("at").put("type", "fixed").put("ms", f.millis());
                    case EvalTimeAnchor.Start s -> o.putObject("at").put("type", "start");
                    case EvalTimeAnchor.End e -> o.putObject("at").put("type", "end");
                }
                o.put("value_kind", name(t.kind()));
            }
            case RangeFunction r -> {
                o.put("function", r.function()).put("input", r.input());
                ids(o.putArray("params"), r.params());
            }
            case Subquery s ->
                o.put("input", s.input()).put("range_ms", s.rangeMs()).put("step_ms", s.stepMs());
            case InstantFunction f -> {
                o.put("function", f.function());
                ids(o.putArray("args"), f.args());
                o.put("value_kind", name(f.kind()));
                ObjectNode labels = o.putObject("absent_labels");
                for (int i = 0; i < f.absentLabels().size(); i++) {
                    labels.put(f.absentLabels().name(i), f.absentLabels().value(i));
                }
            }
            case VectorAggregate a -> {
                o.put("op", a.op().keyword()).put("input", a.input());
                if (a.param() < 0) {
                    o.putNull("param");
                } else {
                    o.put("param", a.param());
                }
                ArrayNode grouping = o.putArray("grouping");
                a.grouping().forEach(grouping::add);
                o.put("without", a.without());
            }
            case VectorBinary b -> {
                o.put("op", name(b.op())).put("lhs", b.lhs()).put("rhs", b.rhs());
                if (b.matching() == null) {
                    o.putNull("matching");
                } else {
                    ObjectNode m = o.putObject("matching");
                    m.put("card", name(b.matching().card()));
                    ArrayNode labels = m.putArray("labels");
                    b.matching().matchingLabels().forEach(labels::add);
                    m.put("on", b.matching().on());
                    ArrayNode include = m.putArray("include");
                    b.matching().include().forEach(include::add);
                }
                o.put("return_bool", b.returnBool()).put("value_kind", name(b.kind()));
            }
            case Negate n -> o.put("input", n.input()).put("value_kind", name(n.kind()));
            case NumberLiteral n -> {
                double v = n.value();
                if (Double.isNaN(v)) {
                    o.put("value", "NaN");
                } else if (Double.isInfinite(v)) {
                    o.put("value", v > 0 ? "+Inf" : "-Inf");
                } else {
                    o.put("value", v);
                }
            }
            case StringLiteral s -> o.put("value", s.value());
            case PaneState p -> {
                o.put("input", p.input());
                ObjectNode state = o.putObject("state");
                state.put("family", name(p.state().family()));
                ObjectNode params = state.putObject("params");
                p.state().params().forEach(params::put);
                ObjectNode grouping = o.putObject("grouping");
                grouping.put("kind", name(p.grouping().kind()));
                ArrayNode labels = grouping.putArray("labels");
                p.grouping().labels().forEach(labels::add);
                Materialization m = p.materialization();
                if (m == null) {
                    o.putNull("materialization");
                } else {
                    o.putObject("materialization")
                            .put("mode", name(m.mode()))
                            .put("pane_ms", m.paneMs())
                            .put("phase_ms", m.phaseMs())
                            .put("retention_ms", m.retentionMs());
                }
            }
            case ViewRangeFunction v -> {
                o.put("function", v.function()).put("view", v.view()).put("window_ms", v.windowMs());
                ids(o.putArray("params"), v.params());
            }
            case ViewValue v -> o.put("view", v.view());
            case GridCorrection c -> {
                o.put("function", c.function())
                        .put("value", c.value())
                        .put("count", c.count())
                        .put("range", c.range());
                ids(o.putArray("params"), c.params());
            }
            case Fallback f ->
                o.put("preferred", f.preferred()).put("exact", f.exact()).put("value_kind", name(f.kind()));
            case SqlNode q -> SqlNodeCodec.write(o, q);
        }
        return o;
    }

    private static PlanNode readNode(Obj n, int id) {
        String kind = n.string("kind");
        try {
            return switch (kind) {
                case "scan" -> new Scan(source(n.obj("source")), matchers(n));
                case "time_range" ->
                    new TimeRange(
                            n.input("input", id),
                            n.enumField("window_kind", TimeRange.Kind.class),
                            n.longField("range_ms"));
                case "time_shift" ->
                    new TimeShift(
                            n.input("input", id),
                            n.longField("offset_ms"),
                            anchor(n),
                            n.enumField("value_kind", ValueKind.class));
                case "range_function" ->
                    new RangeFunction(n.string("function"), n.input("input", id), n.inputs("params", id));
                case "subquery" -> new Subquery(n.input("input", id), n.longField("range_ms"), n.longField("step_ms"));
                case "instant_function" ->
                    new InstantFunction(
                            n.string("function"),
                            n.inputs("args", id),
                            n.enumField("value_kind", ValueKind.class),
                            labels(n.obj("absent_labels")));
                case "vector_aggregate" ->
                    new VectorAggregate(
                            aggregateOp(n),
                            n.input("input", id),
                            n.isNull("param") ? -1 : n.input("param", id),
                            n.strings("grouping"),
                            n.bool("without"));
                case "vector_binary" ->
                    new VectorBinary(
                            n.enumField("op", BinaryOp.class),
                            n.input("lhs", id),
                            n.input("rhs", id),
                            matching(n),
                            n.bool("return_bool"),
                            n.enumField("value_kind", ValueKind.class));
                case "negate" -> new Negate(n.input("input", id), n.enumField("value_kind", ValueKind.class));
                case "number_literal" -> new NumberLiteral(number(n));
                case "string_literal" -> new StringLiteral(n.string("value"));
                case "pane_state" ->
                    new PaneState(
                            n.input("input", id),
                            stateSpec(n.obj("state")),
                            grouping(n.obj("grouping")),
                            n.isNull("materialization") ? null : materialization(n.obj("materialization")));
                case "view_range_function" ->
                    new ViewRangeFunction(
                            n.string("function"),
                            n.input("view", id),
                            n.longField("window_ms"),
                            n.inputs("params", id));
                case "view_value" -> new ViewValue(n.input("view", id));
                case "grid_correction" ->
                    new GridCorrection(
                            n.string("function"),
                            n.input("value", id),
                            n.input("count", id),
                            n.input("range", id),
                            n.inputs("params", id));
                case "fallback" ->
                    new Fallback(
                            n.input("preferred", id), n.input("exact", id), n.enumField("value_kind", ValueKind.class));
                default -> {
                    SqlNode sql = SqlNodeCodec.read(kind, n, id);
                    if (sql == null) {
                        throw new InvalidInputException(n.path + ".kind: unknown node kind '" + kind + "'");
                    }
                    yield sql;
                }
            };
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(n.path + ": " + e.getMessage(), e);
        }
    }

    private static Source source(Obj o) {
        String type = o.string("type");
        Source s = switch (type) {
            case "time_series" -> Source.TIME_SERIES;
            case "table" -> new Source.Table(o.string("name"));
            default -> throw new InvalidInputException(o.path + ".type: unknown source type '" + type + "'");
        };
        o.done();
        return s;
    }

    private static List<LabelMatcher> matchers(Obj n) {
        JsonNode array = n.array("matchers");
        List<LabelMatcher> matchers = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            Obj m = Obj.of(array.get(i), n.path + ".matchers[" + i + "]");
            String symbol = m.string("type");
            MatchType type;
            try {
                type = MatchType.fromSymbol(symbol);
            } catch (InvalidInputException e) {
                throw new InvalidInputException(m.path + ".type: " + e.getMessage());
            }
            try {
                matchers.add(LabelMatcher.of(type, m.string("name"), m.string("value")));
            } catch (InvalidInputException e) {
                throw new InvalidInputException(m.path + ": " + e.getMessage(), e);
            }
            m.done();
        }
        return matchers;
    }

    private static EvalTimeAnchor anchor(Obj n) {
        if (n.isNull("at")) {
            return null;
        }
        Obj at = n.obj("at");
        String type = at.string("type");
        EvalTimeAnchor anchor = switch (type) {
            case "fixed" -> new EvalTimeAnchor.Fixed(at.longField("ms"));
            case "start" -> new EvalTimeAnchor.Start();
            case "end" -> new EvalTimeAnchor.End();
            default -> throw new InvalidInputException(at.path + ".type: unknown anchor '" + type + "'");
        };
        at.done();
        return anchor;
    }

    private static Labels labels(Obj o) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String key : o.keys()) {
            map.put(key, o.string(key));
        }
        o.done();
        return Labels.of(map);
    }

    private static AggregateOp aggregateOp(Obj n) {
        String op = n.string("op");
        for (AggregateOp a : AggregateOp.values()) {
            if (a.keyword().equals(op)) {
                return a;
            }
        }
        throw new InvalidInputException(n.path + ".op: unknown aggregation '" + op + "'");
    }

    private static VectorMatching matching(Obj n) {
        if (n.isNull("matching")) {
            return null;
        }
        Obj m = n.obj("matching");
        VectorMatching matching = new VectorMatching(
                m.enumField("card", Cardinality.class), m.strings("labels"), m.bool("on"), m.strings("include"));
        m.done();
        return matching;
    }

    private static double number(Obj n) {
        JsonNode v = n.field("value");
        if (v.isNumber()) {
            return v.doubleValue();
        }
        return switch (v.isTextual() ? v.textValue() : "") {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default ->
                throw new InvalidInputException(n.path + ".value: expected a number, \"NaN\", \"+Inf\" or \"-Inf\"");
        };
    }

    private static StateSpec stateSpec(Obj o) {
        StateFamily family = o.enumField("family", StateFamily.class);
        Obj params = o.obj("params");
        Map<String, Double> values = new LinkedHashMap<>();
        for (String key : params.keys()) {
            JsonNode v = params.field(key);
            if (!v.isNumber()) {
                throw new InvalidInputException(params.path + "." + key + ": expected a number");
            }
            values.put(key, v.doubleValue());
        }
        params.done();
        o.done();
        return new StateSpec(family, values);
    }

    private static Grouping grouping(Obj o) {
        Grouping g = new Grouping(o.enumField("kind", Grouping.Kind.class), o.strings("labels"));
        o.done();
        return g;
    }

    private static Materialization materialization(Obj o) {
        Materialization m = new Materialization(
                o.enumField("mode", Materialization.Mode.class),
                o.longField("pane_ms"),
                o.longField("phase_ms"),
                o.longField("retention_ms"));
        o.done();
        return m;
    }

    private static void ids(ArrayNode array, int[] ids) {
        for (int id : ids) {
            array.add(id);
        }
    }

    static String name(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
