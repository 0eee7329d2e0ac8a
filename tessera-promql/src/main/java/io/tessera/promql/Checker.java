package io.tessera.promql;

import io.tessera.core.LabelMatcher;
import java.util.Map;

/**
 * Type-checks a parsed tree the way Prometheus does after a successful parse, reporting the
 * first problem at the position of the node it concerns.
 */
final class Checker {

    /** Where a binary operator was written and the vector matching as written. */
    record Operator(int pos, VectorMatching matching) {}

    private final String input;
    private final Map<Expr, Integer> starts;
    private final Map<BinaryExpr, Operator> operators;

    Checker(String input, Map<Expr, Integer> starts, Map<BinaryExpr, Operator> operators) {
        this.input = input;
        this.starts = starts;
        this.operators = operators;
    }

    ValueType check(Expr expr) {
        switch (expr) {
            case AggregateExpr a -> {
                expectType(a.expr(), ValueType.VECTOR, "aggregation expression");
                if (a.op().hasParam()) {
                    expectType(a.param(), a.op().paramType(), "aggregation parameter");
                }
            }
            case BinaryExpr b -> checkBinary(b);
            case Call c -> checkCall(c);
            case ParenExpr p -> check(p.expr());
            case UnaryExpr u -> {
                ValueType t = check(u.expr());
                if (t != ValueType.SCALAR && t != ValueType.VECTOR) {
                    throw error(
                            u,
                            "unary expression only allowed on expressions of type scalar or instant vector, got "
                                    + Syntax.quote(t.documentedName()));
                }
            }
            case SubqueryExpr s -> {
                ValueType t = check(s.expr());
                if (t != ValueType.VECTOR) {
                    throw error(s, "subquery is only allowed on instant vector, got " + t.internalName() + " instead");
                }
            }
            case MatrixSelector m -> checkSelector(m.selector(), starts.get(m));
            case VectorSelector v -> checkSelector(v, starts.get(v));
            case NumberLiteral n -> {
                // nothing to check
            }
            case StringLiteral s -> {
                // nothing to check
            }
        }
        return expr.type();
    }

    private void expectType(Expr e, ValueType want, String context) {
        ValueType t = check(e);
        if (t != want) {
            throw error(e, "expected type " + want.documentedName() + " in " + context + ", got " + t.documentedName());
        }
    }

    private void checkBinary(BinaryExpr b) {
        ValueType lt = check(b.lhs());
        ValueType rt = check(b.rhs());
        Operator op = operators.get(b);
        VectorMatching written = op.matching();
        BinaryOp o = b.op();
        if (b.returnBool() && !o.isComparison()) {
            throw error(op.pos(), "bool modifier can only be used on comparison operators");
        }
        if (o.isComparison() && !b.returnBool() && lt == ValueType.SCALAR && rt == ValueType.SCALAR) {
            throw error(op.pos(), "comparisons between scalars must use BOOL modifier");
        }
        if (written.on()) {
            for (String label : written.matchingLabels()) {
                if (written.include().contains(label)) {
                    throw error(
                            op.pos(),
                            "label " + Syntax.quote(label) + " must not occur in ON and GROUP clause at once");
                }
            }
        }
        if (lt != ValueType.SCALAR && lt != ValueType.VECTOR) {
            throw error(b.lhs(), "binary expression must contain only scalar and instant vector types");
        }
        if (rt != ValueType.SCALAR && rt != ValueType.VECTOR) {
            throw error(b.rhs(), "binary expression must contain only scalar and instant vector types");
        }
        if (lt != ValueType.VECTOR || rt != ValueType.VECTOR) {
            if (!written.matchingLabels().isEmpty()) {
                throw error(b, "vector matching only allowed between instant vectors");
            }
        } else if (o.isSetOperator()) {
            Cardinality card = written.card();
            if (card == Cardinality.ONE_TO_MANY || card == Cardinality.MANY_TO_ONE) {
                throw error(b, "no grouping allowed for " + Syntax.quote(o.symbol()) + " operation");
            }
        }
        if ((lt == ValueType.SCALAR || rt == ValueType.SCALAR) && o.isSetOperator()) {
            throw error(b, "set operator " + Syntax.quote(o.symbol()) + " not allowed in binary scalar expression");
        }
    }

    private void checkCall(Call c) {
        Function f = c.function();
        int n = c.args().size();
        String name = Syntax.quote(f.name());
        if (f.variadic() == 0) {
            if (n != f.argTypes().size()) {
                throw error(c, "expected " + f.argTypes().size() + " argument(s) in call to " + name + ", got " + n);
            }
        } else if (n < f.minArgs()) {
            throw error(c, "expected at least " + f.minArgs() + " argument(s) in call to " + name + ", got " + n);
        } else if (f.maxArgs() >= 0 && n > f.maxArgs()) {
            throw error(c, "expected at most " + f.maxArgs() + " argument(s) in call to " + name + ", got " + n);
        }
        for (int i = 0; i < n; i++) {
            Expr arg = c.args().get(i);
            ValueType t = check(arg);
            ValueType want = f.argType(i);
            if (t != want) {
                throw error(
                        arg,
                        "expected type " + want.documentedName() + " in call to function " + name + ", got "
                                + t.documentedName());
            }
        }
    }

    private void checkSelector(VectorSelector v, int pos) {
        if (v.name() != null) {
            for (LabelMatcher m : v.writtenMatchers()) {
                if (m.name().equals("__name__")) {
                    throw error(
                            pos,
                            "metric name must not be set twice: " + Syntax.quote(v.name()) + " or "
                                    + Syntax.quote(m.value()));
                }
            }
            return;
        }
        for (LabelMatcher m : v.matchers()) {
            if (!m.matchesEmpty()) {
                return;
            }
        }
        throw error(pos, "vector selector must contain at least one non-empty matcher");
    }

    private ParseException error(Expr at, String message) {
        return error(starts.get(at), message);
    }

    private ParseException error(int pos, String message) {
        return ParseException.at(input, pos, message);
    }
}
