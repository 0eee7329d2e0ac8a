package io.tessera.promql;

/** The {@code @} modifier: a fixed evaluation time, or the start or end of the query range. */
public sealed interface AtModifier {

    /** {@code @ <seconds>}, kept in epoch milliseconds. */
    record Timestamp(long millis) implements AtModifier {}

    /** {@code @ start()}. */
    record Start() implements AtModifier {}

    /** {@code @ end()}. */
    record End() implements AtModifier {}

    static AtModifier at(long millis) {
        return new Timestamp(millis);
    }

    static AtModifier start() {
        return new Start();
    }

    static AtModifier end() {
        return new End();
    }
}
