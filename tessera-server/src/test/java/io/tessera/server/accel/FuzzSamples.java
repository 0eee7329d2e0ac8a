package io.tessera.server.accel;

import io.tessera.core.Labels;

/** The samples of one series that one remote-write request carries, in time order. */
record FuzzSamples(Labels labels, long[] times, double[] values) {

    int size() {
        return times.length;
    }
}
