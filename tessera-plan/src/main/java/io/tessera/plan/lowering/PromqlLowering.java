package io.tessera.plan.lowering;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MatchType;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.EvalTimeAnchor;
import io.tessera.plan.InstantFunction;
import io.tessera.plan.Negate;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StringLiteral;
import io.tessera.plan.Subquery;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ValueKind;
import io.tessera.plan.VectorAggregate;
import io.tessera.plan.VectorBinary;
import io.tessera.promql.AggregateExpr;
import io.tessera.promql.AtModifier;
import io.tessera.promql.BinaryExpr;
import io.tessera.promql.Call;
import io.tessera.promql.Expr;
import io.tessera.promql.MatrixSelector;
import io.tessera.promql.ParenExpr;
import io.tessera.promql.Parser;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.promql.SubqueryExpr;
import io.tessera.promql.UnaryExpr;
import io.tessera.promql.UnaryOp;
import io.tessera.promql.ValueType;
import io.tessera.promql.VectorSelector;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lowers a PromQL AST into physical DAG nodes: a selector becomes Scan → TimeRange (→ TimeShift
 * for offset and @), a subquery a Subquery node, functions of a range vector RangeFunction, and
 * the rest one node per AST node.
 */
public final class PromqlLowering {

    public static final long DEFAULT_LOOKBACK_MS = 5 * 60_000L;

    private final DagBuilder dag;
    private final long lookbackMs;

    public PromqlLowering(DagBuilder dag, long lookbackMs) {
        this.dag = dag;
        this.lookbackMs = lookbackMs;
    }

    /** A one-query DAG for {@code expr}. */
    public static PhysicalDag lowerQuery(Expr expr, long lookbackMs) {
        DagBuilder builder = new DagBuilder();
        builder.root(new PromqlLowering(builder, lookbackMs).lower(expr));
        return builder.build();
    }

    /**
     * Parses each query and adds it to {@code dag} as a root, in order, with the default lookback;
     * returns the roots' node ids.
     */
    public static int[] lowerRoots(DagBuilder dag, List<String> queries) {
        PromqlLowering lowering = new PromqlLowering(dag, DEFAULT_LOOKBACK_MS);
        int[] roots = new int[queries.size()];
        for (int i = 0; i < roots.length; i++) {
            roots[i] = lowering.lower(Parser.parse(queries.get(i)));
            dag.root(roots[i]);
        }
        return roots;
    }

    /** Adds {@code expr} to the DAG and returns its node id. */
    public int lower(Expr expr) {
        return switch (expr) {
            case io.tessera.promql.NumberLiteral n -> dag.add(new NumberLiteral(n.value()));
            case io.tessera.promql.StringLiteral s -> dag.add(new StringLiteral(s.value()));
            case ParenExpr p -> lower(p.expr());
            case UnaryExpr u ->
                u.op() == UnaryOp.PLUS ? lower(u.expr()) : dag.add(new Negate(lower(u.expr()), kindOf(u.type())));
            case VectorSelector v ->
                shift(
                        window(v, TimeRange.Kind.INSTANT, lookbackMs),
                        v.offsetMillis(),
                        v.at(),
                        ValueKind.INSTANT_VECTOR);
            case MatrixSelector m ->
                shift(
                        window(m.selector(), TimeRange.Kind.RANGE, m.rangeMillis()),
                        m.selector().offsetMillis(),
                        m.selector().at(),
                        ValueKind.RANGE_VECTOR);
            case SubqueryExpr s ->
                shift(
                        dag.add(new Subquery(lower(s.expr()), s.rangeMillis(), s.stepMillis())),
                        s.offsetMillis(),
                        s.at(),
                        ValueKind.RANGE_VECTOR);
            case Call c -> call(c);
            case AggregateExpr a ->
                dag.add(new VectorAggregate(
                        a.op(), lower(a.expr()), a.param() == null ? -1 : lower(a.param()), a.grouping(), a.without()));
            case BinaryExpr b ->
                dag.add(new VectorBinary(
                        b.op(), lower(b.lhs()), lower(b.rhs()), b.matching(), b.returnBool(), kindOf(b.type())));
        };
    }

    private int window(VectorSelector v, TimeRange.Kind kind, long rangeMs) {
        int scan = dag.add(new Scan(Source.TIME_SERIES, v.allMatchers()));
        return dag.add(new TimeRange(scan, kind, rangeMs));
    }

    private int shift(int input, long offsetMs, AtModifier at, ValueKind kind) {
        if (offsetMs == 0 && at == null) {
            return input;
        }
        return dag.add(new TimeShift(input, offsetMs, anchor(at), kind));
    }

    private static EvalTimeAnchor anchor(AtModifier at) {
        return switch (at) {
            case null -> null;
            case AtModifier.Timestamp t -> new EvalTimeAnchor.Fixed(t.millis());
            case AtModifier.Start s -> new EvalTimeAnchor.Start();
            case AtModifier.End e -> new EvalTimeAnchor.End();
        };
    }

    private int call(Call c) {
        List<Expr> args = c.args();
        int rangeArg = -1;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).type() == ValueType.MATRIX) {
                rangeArg = i;
            }
        }
        String name = c.function().name();
        boolean wholeRangeVector =
                RangeFunctionKind.byName(name).filter(kind -> !kind.perSeries()).isPresent();
        Labels absent = name.equals("absent") || wholeRangeVector ? absentLabels(args.getFirst()) : Labels.EMPTY;
        if (rangeArg >= 0 && !wholeRangeVector) {
            int input = lower(args.get(rangeArg));
            int[] params = new int[args.size() - 1];
            int j = 0;
            for (int i = 0; i < args.size(); i++) {
                if (i != rangeArg) {
                    params[j++] = lower(args.get(i));
                }
            }
            return dag.add(new RangeFunction(name, input, params));
        }
        int[] lowered = new int[args.size()];
        for (int i = 0; i < args.size(); i++) {
            lowered[i] = lower(args.get(i));
        }
        return dag.add(new InstantFunction(name, lowered, kindOf(c.type()), absent));
    }

    /**
     * The labels {@code absent(x)} gives its result, from x's matchers in their written order, as
     * Prometheus builds them: the first {@code =} matcher of a name sets that label, and any later
     * matcher of the name, or one of another type, removes it again; the metric name never counts.
     * So {@code x{a!="1", a="1"}} gives {@code {a="1"}} and {@code x{a="1", a!="1"}} gives {@code {}}.
     */
    private static Labels absentLabels(Expr arg) {
        Expr e = arg;
        while (e instanceof ParenExpr p) {
            e = p.expr();
        }
        VectorSelector selector = switch (e) {
            case VectorSelector v -> v;
            case MatrixSelector m -> m.selector();
            default -> null;
        };
        if (selector == null) {
            return Labels.EMPTY;
        }
        Map<String, String> values = new LinkedHashMap<>();
        Set<String> set = new HashSet<>();
        for (LabelMatcher m : selector.writtenMatchers()) {
            if (m.name().equals(Labels.METRIC_NAME)) {
                continue;
            }
            if (m.type() == MatchType.EQUAL && set.add(m.name())) {
                values.put(m.name(), m.value());
            } else {
                values.remove(m.name());
            }
        }
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, String> entry : values.entrySet()) {
            pairs.add(entry.getKey());
            pairs.add(entry.getValue());
        }
        return Labels.of(pairs.toArray(new String[0]));
    }

    private static ValueKind kindOf(ValueType type) {
        return switch (type) {
            case SCALAR -> ValueKind.SCALAR;
            case VECTOR -> ValueKind.INSTANT_VECTOR;
            case MATRIX -> ValueKind.RANGE_VECTOR;
            case STRING -> ValueKind.STRING;
        };
    }
}
