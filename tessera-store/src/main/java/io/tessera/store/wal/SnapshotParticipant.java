package io.tessera.store.wal;

import java.io.IOException;

/**
 * Derived state saved together with a raw-store snapshot (the views of the summary store). The
 * snapshot calls {@link #cut} right after the raw store was cut at {@code position}, and
 * {@link #committed} once the raw snapshot covering that position is durable and before the log
 * before it is deleted, so that whatever the participant saved can be checked against the log
 * that follows the position.
 */
public interface SnapshotParticipant {

    SnapshotParticipant NONE = new SnapshotParticipant() {
        @Override
        public void cut(WalPosition position) {}

        @Override
        public void committed(WalPosition position) {}
    };

    /** The raw image holds exactly the requests logged before {@code position}. */
    void cut(WalPosition position);

    /** The raw state at {@code position} is durable (also when the raw snapshot was skipped as unchanged). */
    void committed(WalPosition position) throws IOException;
}
