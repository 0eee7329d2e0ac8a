/**
 * The PromQL front end: {@link Lexer} and {@link Parser} (a Pratt parser) turn query text into
 * an immutable AST rooted at {@link Expr} ({@link VectorSelector}, {@link MatrixSelector},
 * {@link Call}, {@link AggregateExpr}, {@link BinaryExpr}, {@link SubqueryExpr}, ...);
 * {@link Checker} applies Prometheus' type checks, {@link Printer} prints the canonical form and
 * {@link Functions} is the table of function signatures. Errors are {@link ParseException}s worded
 * as Prometheus words them.
 *
 * <p>The front end knows nothing of planning, execution or storage.
 */
package io.tessera.promql;
