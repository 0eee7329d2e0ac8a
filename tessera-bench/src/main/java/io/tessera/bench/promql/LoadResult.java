package io.tessera.bench.promql;

/**
 * What loading a dataset into one target did.
 *
 * @param requests      remote-write requests sent
 * @param accepted      requests answered 204
 * @param samples       samples in all requests sent
 * @param nanos         wall time of the load
 * @param firstFailure  the first request not answered 204, or null
 */
public record LoadResult(long requests, long accepted, long samples, long nanos, String firstFailure) {

    public boolean allAccepted() {
        return accepted == requests && firstFailure == null;
    }

    public double samplesPerSecond() {
        return samples / (nanos / 1e9);
    }
}
