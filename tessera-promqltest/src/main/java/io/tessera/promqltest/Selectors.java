package io.tessera.promqltest;

import io.tessera.promql.AggregateExpr;
import io.tessera.promql.BinaryExpr;
import io.tessera.promql.Call;
import io.tessera.promql.Expr;
import io.tessera.promql.MatrixSelector;
import io.tessera.promql.NumberLiteral;
import io.tessera.promql.ParenExpr;
import io.tessera.promql.StringLiteral;
import io.tessera.promql.SubqueryExpr;
import io.tessera.promql.UnaryExpr;
import io.tessera.promql.VectorSelector;
import java.util.ArrayList;
import java.util.List;

/** Every vector selector of an expression (those under range selectors too). */
final class Selectors {

    private Selectors() {}

    static List<VectorSelector> of(Expr expr) {
        List<VectorSelector> out = new ArrayList<>();
        collect(expr, out);
        return out;
    }

    private static void collect(Expr e, List<VectorSelector> out) {
        switch (e) {
            case VectorSelector v -> out.add(v);
            case MatrixSelector m -> out.add(m.selector());
            case SubqueryExpr s -> collect(s.expr(), out);
            case ParenExpr p -> collect(p.expr(), out);
            case UnaryExpr u -> collect(u.expr(), out);
            case Call c -> c.args().forEach(a -> collect(a, out));
            case AggregateExpr a -> {
                if (a.param() != null) {
                    collect(a.param(), out);
                }
                collect(a.expr(), out);
            }
            case BinaryExpr b -> {
                collect(b.lhs(), out);
                collect(b.rhs(), out);
            }
            case NumberLiteral n -> {}
            case StringLiteral s -> {}
        }
    }
}
