package io.tessera.promql;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** The depth of an expression tree, measured without recursion so that any tree can be measured. */
final class ExprDepth {

    private ExprDepth() {
    }

    private record Visit(Expr expr, int depth) {
    }

    static int of(Expr root) {
        int deepest = 0;
        Deque<Visit> pending = new ArrayDeque<>();
        pending.push(new Visit(root, 1));
        while (!pending.isEmpty()) {
            Visit v = pending.pop();
            deepest = Math.max(deepest, v.depth());
            for (Expr child : children(v.expr())) {
                pending.push(new Visit(child, v.depth() + 1));
            }
        }
        return deepest;
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
