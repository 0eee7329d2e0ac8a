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

    /** The control bits 0, 10, 110, 1110 or 1111 read with one peek. */
    private long readDeltaOfDelta() {
        int control = in.peek(4);
        if (control < 0b1000) {
            in.skip(1);
            return 0;
        }
        if (control < 0b1100) {
            in.skip(2);
            return XorFormat.signExtend(in.read(5), 5);
        }
        if (control < 0b1110) {
            in.skip(3);
            return XorFormat.signExtend(in.read(10), 10);
        }
        in.skip(4);
        if (control == 0b1110) {
            return XorFormat.signExtend(in.read(20), 20);
        }
        return in.read(64);
    }

    /** The control bits 0, 10 or 11 read with one peek; 11 is followed by 5 + 6 bits read as one field. */
    private void readValue() {
        int control = in.peek(2);
        if (control < 0b10) {
            in.skip(1);
            return;
        }
        in.skip(2);
        if (control == 0b11) {
            int header = (int) in.read(11);
            leading = header >>> 6;
            int significant = header & 63;
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
