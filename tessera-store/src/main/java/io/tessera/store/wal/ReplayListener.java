package io.tessera.store.wal;

import io.tessera.store.raw.AppendRequest;

/** Told about every log record replayed at start-up, in log order, after it was applied. */
@FunctionalInterface
public interface ReplayListener {

    ReplayListener NONE = request -> {};

    void replayed(AppendRequest request);
}
