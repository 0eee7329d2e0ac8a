package io.tessera.store.summary;

import io.tessera.core.InvalidInputException;

/**
 * Settings of a {@link SummaryStore}.
 *
 * @param epochCapacity rows (states and pane markers) a mutable epoch takes before it is sealed
 * @param instrumented whether each view times the wait for and hold of its write lock
 */
public record SummaryStoreConfig(int epochCapacity, boolean instrumented) {

    public static final SummaryStoreConfig DEFAULT = new SummaryStoreConfig(65_536, false);

    public SummaryStoreConfig {
        if (epochCapacity < 1) {
            throw new InvalidInputException("epoch capacity must be positive, got " + epochCapacity);
        }
    }
}
