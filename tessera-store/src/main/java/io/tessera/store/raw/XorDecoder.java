package io.tessera.store.raw;

/** Decodes the samples of one chunk in order; reusable, allocation-free per sample. */
final class XorDecoder {

    private final BitReader in = new BitReader();
    private int remaining;
    private boolean started;
    private long time;
    private long delta;
    private long bits;
    private int leading;
    private int trailing;

    void reset(Chunk chunk) {
        in.reset(chunk.words());
        remaining = chunk.count();
        started = false;
        delta = 0;
    }

    boolean next() {
        if (remaining == 0) {
            return false;
        }
        remaining--;
        if (!started) {
            started = true;
            time = in.read(64);
            bits = in.read(64);
            return true;
        }
        delta += readDeltaOfDelta();
        time += delta;
        readValue();
        return true;
    }

    private long readDeltaOfDelta() {
        if (!in.readBit()) {
            return 0;
        }
        if (!in.readBit()) {
            return XorFormat.signExtend(in.read(5), 5);
        }
        if (!in.readBit()) {
            return XorFormat.signExtend(in.read(10), 10);
        }
        if (!in.readBit()) {
            return XorFormat.signExtend(in.read(20), 20);
        }
        return in.read(64);
    }

    private void readValue() {
        if (!in.readBit()) {
            return;
        }
        if (in.readBit()) {
            leading = (int) in.read(5);
            int significant = (int) in.read(6);
            if (significant == 0) {
                significant = 64;
            }
            trailing = 64 - leading - significant;
        }
        bits ^= in.read(64 - leading - trailing) << trailing;
    }

    long time() {
        return time;
    }

    long bits() {
        return bits;
    }

    double value() {
        return Double.longBitsToDouble(bits);
    }
}
