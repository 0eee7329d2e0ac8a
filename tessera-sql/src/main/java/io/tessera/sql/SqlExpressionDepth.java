package io.tessera.sql;

import java.util.List;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;

/**
 * The depth of a parsed expression, measured without recursion: a chain of {@code OR}, {@code AND}
 * or arithmetic is one level per operator, as every later stage walks it recursively.
 */
final class SqlExpressionDepth {

    private SqlExpressionDepth() {}

    static int of(Expression root) {
        return io.tessera.core.TreeDepth.of(root, SqlExpressionDepth::children);
    }

    private static List<? extends Expression> children(Expression e) {
        return switch (e) {
            case BinaryExpression b -> java.util.Arrays.asList(b.getLeftExpression(), b.getRightExpression());
            case NotExpression n -> java.util.Collections.singletonList(n.getExpression());
            case ExpressionList<?> list -> list;
            case Function f -> f.getParameters() == null ? List.of() : f.getParameters();
            default -> List.of();
        };
    }
}
