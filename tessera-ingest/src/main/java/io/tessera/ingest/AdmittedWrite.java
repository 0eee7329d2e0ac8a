package io.tessera.ingest;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;

/**
 * The part of a decoded write that is given to the raw store, and the samples refused before it
 * because they are stamped further ahead of the server's clock than the future tolerance.
 *
 * @param request the samples to append, every refused one left out
 * @param futureSamples how many samples were refused
 * @param firstFutureSeries the series of the first refused sample, or null
 * @param firstFutureTimestamp the time of the first refused sample (epoch ms), or 0
 * @param latestAccepted the newest time a sample could have had and been accepted (epoch ms)
 */
public record AdmittedWrite(
        AppendRequest request,
        int futureSamples,
        Labels firstFutureSeries,
        long firstFutureTimestamp,
        long latestAccepted) {

    /** The reason the refused samples were refused, for the sender. */
    public String futureRefusal() {
        if (futureSamples == 0) {
            return null;
        }
        return "refused " + futureSamples + " sample" + (futureSamples == 1 ? "" : "s")
                + " stamped too far in the future: the first is of series " + firstFutureSeries
                + " at timestamp " + firstFutureTimestamp + " (ms), and samples after " + latestAccepted
                + " (the server's clock plus storage.future_tolerance) are not accepted";
    }
}
