package io.tessera.promql;

import java.util.ArrayList;
import java.util.List;

/** The depth of an expression tree, measured without recursion so that any tree can be measured. */
final class ExprDepth {

    private ExprDepth() {}

    static int of(Expr root) {
        return io.tessera.core.TreeDepth.of(root, ExprDepth::children);
    }

    private static List<Expr> children(Expr e) {
        return switch (e) {
            case AggregateExpr a -> {
                List<Expr> c = new ArrayList<>(2);
                if (a.param() != null) {
                    c.add(a.param());
                }
                if (a.expr() != null) {
                    c.add(a.expr());
                }
                yield c;
            }
            case BinaryExpr b -> List.of(b.lhs(), b.rhs());
            case Call c -> c.args();
            case ParenExpr p -> List.of(p.expr());
            case SubqueryExpr q -> List.of(q.expr());
            case UnaryExpr u -> List.of(u.expr());
            case MatrixSelector m -> List.of(m.selector());
            case VectorSelector v -> List.of();
            case NumberLiteral n -> List.of();
            case StringLiteral s -> List.of();
        };
    }
}
