package io.tessera.plan;

/** What {@code @} pins a subtree's evaluation time to. */
public sealed interface EvalTimeAnchor {

    /** {@code @ <time>}, in epoch milliseconds. */
    record Fixed(long millis) implements EvalTimeAnchor {}

    /** {@code @ start()}: the start of the query range. */
    record Start() implements EvalTimeAnchor {}

    /** {@code @ end()}: the end of the query range. */
    record End() implements EvalTimeAnchor {}
}
