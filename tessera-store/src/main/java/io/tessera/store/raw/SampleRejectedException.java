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

    private final Reason reason;
    private final int seriesIndex;
    private final Labels series;
    private final long timestamp;

    SampleRejectedException(Reason reason, int seriesIndex, Labels series, long timestamp, String detail) {
        super(reason.description + ": series " + seriesIndex + " " + series + " timestamp " + timestamp + ": "
                + detail);
        this.reason = reason;
        this.seriesIndex = seriesIndex;
        this.series = series;
        this.timestamp = timestamp;
    }

    public Reason reason() {
        return reason;
    }

    /** The index of the offending series in the request. */
    public int seriesIndex() {
        return seriesIndex;
    }

    public Labels series() {
        return series;
    }

    public long timestamp() {
        return timestamp;
    }
}
