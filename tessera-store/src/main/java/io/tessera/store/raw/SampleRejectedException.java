package io.tessera.store.raw;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;

/**
 * A request was refused because one of its samples breaks the append rules; nothing of the
 * request was stored. Carries the first offending sample.
 */
public final class SampleRejectedException extends InvalidInputException {

    /** Why a sample is refused; the descriptions are Prometheus' own error texts. */
    public enum Reason {
        OUT_OF_ORDER("out of order sample"),
        DUPLICATE("duplicate sample for timestamp"),
        OUT_OF_BOUNDS("out of bounds");

        private final String description;

        Reason(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** The first offending sample: why, the index and labels of its series in the request, its time. */
    public record RejectedSample(Reason reason, int seriesIndex, Labels series, long timestamp) {}

    private final RejectedSample sample;

    SampleRejectedException(RejectedSample sample, String detail) {
        super(sample.reason().description() + ": series " + sample.seriesIndex() + " " + sample.series() + " timestamp "
                + sample.timestamp() + ": " + detail);
        this.sample = sample;
    }

    public RejectedSample sample() {
        return sample;
    }
}
