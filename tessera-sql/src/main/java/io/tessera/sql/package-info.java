/**
 * The SQL front end: {@link SqlFrontend} parses one SELECT with JSqlParser into a
 * {@link SqlQuery}, with names resolved by {@link Resolver} against the declared tables or a
 * metric seen as a table, expressions converted by {@link ExprConverter} into {@link SqlExpr} and
 * {@link SqlPredicate}, and time predicates turned into a {@code (start, end]} window by
 * {@link TimeBounds} and {@link TimeLiterals}.
 *
 * <p>The front end knows nothing of planning, execution or storage.
 */
package io.tessera.sql;
