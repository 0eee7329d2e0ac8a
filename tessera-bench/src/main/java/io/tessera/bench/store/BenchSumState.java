package io.tessera.bench.store;

import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import java.nio.ByteBuffer;

/** A minimal sum state: the store benchmarks measure the store, not a state family. */
final class BenchSumState implements State {

    private double sum;
    private long count;

    BenchSumState(double sum) {
        this.sum = sum;
        this.count = 1;
    }

    double sum() {
        return sum;
    }

    @Override
    public StateFamily family() {
        return StateFamily.SUM;
    }

    @Override
    public void update(long ts, double value) {
        sum += value;
        count++;
    }

    @Override
    public void merge(State other) {
        BenchSumState o = (BenchSumState) other;
        sum += o.sum;
        count += o.count;
    }

    @Override
    public State copy() {
        BenchSumState c = new BenchSumState(sum);
        c.count = count;
        return c;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    @Override
    public byte[] serialize() {
        return ByteBuffer.allocate(16).putDouble(sum).putLong(count).array();
    }

    @Override
    public long memoryBytes() {
        return 32;
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }
}
