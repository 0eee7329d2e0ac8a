package io.tessera.spi;

import java.util.Objects;

/**
 * A view as a store knows it: the content hash of the view's defining sub-DAG, the key its
 * states are kept under.
 */
public record ViewId(String definitionId) {

    public ViewId {
        Objects.requireNonNull(definitionId, "definitionId");
    }
}
