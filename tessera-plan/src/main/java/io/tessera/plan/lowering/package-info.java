/**
 * From query to DAG: lowering PromQL ({@link PromqlLowering}) and SQL ({@link SqlLowering}) into a
 * physical DAG, and rewriting a DAG at query time to read the views that cover it
 * ({@link ViewMatcher}, {@link SqlViewRewrite}).
 */
package io.tessera.plan.lowering;
