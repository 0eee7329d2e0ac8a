package io.tessera.store.raw;

/**
 * Where an accepted request is recorded before it is applied. {@link RawStore#append(AppendRequest,
 * AppendLog)} calls {@link #record} once per request that has samples, after the request has
 * been validated and its memory reserved and before any sample is applied, with the stripes of
 * the request's series still locked: two requests that share a series are recorded in the order
 * in which they are applied. The call must be quick (it holds those locks); waiting for the
 * record to become durable belongs after {@code append} returns.
 */
@FunctionalInterface
public interface AppendLog {

    AppendLog NONE = request -> {};

    /**
     * Records the request. Throwing refuses it: nothing is applied and the exception reaches the
     * caller of {@code append}.
     */
    void record(AppendRequest request);
}
