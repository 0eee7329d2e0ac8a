package io.tessera.promql;

/**
 * A PromQL expression. Nodes are values: two parses of the same text are equal, and
 * {@code Parser.parse(Printer.print(e))} equals {@code e} for every parsed {@code e}.
 */
public sealed interface Expr
        permits AggregateExpr,
                BinaryExpr,
                Call,
                MatrixSelector,
                NumberLiteral,
                ParenExpr,
                StringLiteral,
                SubqueryExpr,
                UnaryExpr,
                VectorSelector {

    ValueType type();
}
