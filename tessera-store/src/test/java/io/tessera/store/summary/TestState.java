package io.tessera.store.summary;

import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** A sum that remembers which observations it covers, so a test can see one counted twice. */
final class TestState implements State {

    private long[] ids;

    private TestState(long[] ids) {
        this.ids = ids;
    }

    static TestState of(long... ids) {
        return new TestState(ids.clone());
    }

    long[] ids() {
        return ids.clone();
    }

    long sum() {
        long s = 0;
        for (long id : ids) {
            s += id;
        }
        return s;
    }

    @Override
    public StateFamily family() {
        return StateFamily.SUM;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        throw new UnsupportedOperationException("test states are built from ids");
    }

    @Override
    public void update(long ts, double value) {
        throw new UnsupportedOperationException("test states are built from ids");
    }

    @Override
    public void merge(State other) {
        long[] more = ((TestState) other).ids;
        for (long id : more) {
            for (long mine : ids) {
                if (mine == id) {
                    throw new AssertionError("observation " + id + " merged twice");
                }
            }
        }
        long[] all = Arrays.copyOf(ids, ids.length + more.length);
        System.arraycopy(more, 0, all, ids.length, more.length);
        ids = all;
    }

    @Override
    public State copy() {
        return new TestState(ids.clone());
    }

    @Override
    public boolean isEmpty() {
        return ids.length == 0;
    }

    @Override
    public byte[] serialize() {
        ByteBuffer b = ByteBuffer.allocate(8 * ids.length);
        for (long id : ids) {
            b.putLong(id);
        }
        return b.array();
    }

    @Override
    public long memoryBytes() {
        return 16 + 8L * ids.length;
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }

    @Override
    public String toString() {
        return "TestState" + Arrays.toString(ids);
    }
}
