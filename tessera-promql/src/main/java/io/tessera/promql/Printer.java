package io.tessera.promql;

import io.tessera.core.Durations;
import io.tessera.core.LabelMatcher;
import java.util.List;

/**
 * Prints an expression in Prometheus' canonical one-line form (what {@code format_query}
 * returns), e.g. {@code sum by (job) (rate(http_requests_total{job="api"}[5m]))}. Parentheses
 * appear only where the tree has a {@link ParenExpr}, so a parsed tree prints back to text that
 * parses to the same tree.
 */
public final class Printer {

    private Printer() {}

    public static String print(Expr expr) {
        StringBuilder b = new StringBuilder();
        write(b, expr);
        return b.toString();
    }

    private static void write(StringBuilder b, Expr expr) {
        switch (expr) {
            case NumberLiteral n -> b.append(Syntax.number(n.value()));
            case StringLiteral s -> b.append(Syntax.quote(s.value()));
            case ParenExpr p -> {
                b.append('(');
                write(b, p.expr());
                b.append(')');
            }
            case UnaryExpr u -> {
                b.append(u.op().symbol());
                write(b, u.expr());
            }
            case VectorSelector v -> {
                writeSelector(b, v);
                writeModifiers(b, v.at(), v.offsetMillis());
            }
            case MatrixSelector m -> {
                writeSelector(b, m.selector());
                b.append('[')
                        .append(Durations.formatAsPrometheus(m.rangeMillis()))
                        .append(']');
                writeModifiers(b, m.selector().at(), m.selector().offsetMillis());
            }
            case SubqueryExpr s -> {
                write(b, s.expr());
                b.append('[')
                        .append(Durations.formatAsPrometheus(s.rangeMillis()))
                        .append(':');
                if (s.stepMillis() != 0) {
                    b.append(Durations.formatAsPrometheus(s.stepMillis()));
                }
                b.append(']');
                writeModifiers(b, s.at(), s.offsetMillis());
            }
            case Call c -> {
                b.append(c.function().name()).append('(');
                writeList(b, c.args());
                b.append(')');
            }
            case AggregateExpr a -> writeAggregate(b, a);
            case BinaryExpr e -> writeBinary(b, e);
        }
    }

    private static void writeSelector(StringBuilder b, VectorSelector v) {
        boolean bareName = v.name() != null && Syntax.isBareMetricName(v.name());
        if (bareName) {
            b.append(v.name());
        }
        if (bareName && v.matchers().isEmpty()) {
            return;
        }
        b.append('{');
        boolean first = true;
        if (v.name() != null && !bareName) {
            b.append(Syntax.quote(v.name()));
            first = false;
        }
        for (LabelMatcher m : v.matchers()) {
            if (!first) {
                b.append(',');
            }
            b.append(Syntax.matcher(m));
            first = false;
        }
        b.append('}');
    }

    private static void writeModifiers(StringBuilder b, AtModifier at, long offsetMillis) {
        if (at != null) {
            b.append(" @ ")
                    .append(
                            switch (at) {
                                case AtModifier.Timestamp t -> Syntax.seconds(t.millis());
                                case AtModifier.Start s -> "start()";
                                case AtModifier.End e -> "end()";
                            });
        }
        if (offsetMillis != 0) {
            b.append(" offset ").append(Durations.formatAsPrometheus(offsetMillis));
        }
    }

    private static void writeAggregate(StringBuilder b, AggregateExpr a) {
        b.append(a.op().keyword());
        if (a.without()) {
            b.append(" without (");
            writeLabels(b, a.grouping());
            b.append(") ");
        } else if (!a.grouping().isEmpty()) {
            b.append(" by (");
            writeLabels(b, a.grouping());
            b.append(") ");
        }
        b.append('(');
        if (a.param() != null) {
            write(b, a.param());
            b.append(", ");
        }
        write(b, a.expr());
        b.append(')');
    }

    private static void writeBinary(StringBuilder b, BinaryExpr e) {
        if (e.op() == BinaryOp.POW && e.lhs() instanceof NumberLiteral n && n.value() == Double.POSITIVE_INFINITY) {
            // "+Inf ^ x" would read back as +(Inf ^ x): a leading sign takes the whole power.
            b.append("Inf");
        } else {
            write(b, e.lhs());
        }
        b.append(' ').append(e.op().symbol());
        if (e.returnBool()) {
            b.append(" bool");
        }
        VectorMatching m = e.matching();
        if (m != null) {
            boolean grouped = m.card() == Cardinality.MANY_TO_ONE || m.card() == Cardinality.ONE_TO_MANY;
            if (!m.matchingLabels().isEmpty() || m.on() || grouped) {
                b.append(m.on() ? " on (" : " ignoring (");
                writeLabels(b, m.matchingLabels());
                b.append(')');
            }
            if (grouped) {
                b.append(m.card() == Cardinality.MANY_TO_ONE ? " group_left (" : " group_right (");
                writeLabels(b, m.include());
                b.append(')');
            }
        }
        b.append(' ');
        write(b, e.rhs());
    }

    private static void writeLabels(StringBuilder b, List<String> labels) {
        for (int i = 0; i < labels.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(Syntax.groupingLabel(labels.get(i)));
        }
    }

    private static void writeList(StringBuilder b, List<Expr> exprs) {
        for (int i = 0; i < exprs.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            write(b, exprs.get(i));
        }
    }
}
