package io.tessera.store.raw;

/** Decodes the samples of one chunk in order; reusable, allocation-free per sample. */
final class XorDecoder {

    private final BitReader in = new BitReader();
    private long[] seek;
    private int seekEntries;
    private int remaining;
    private boolean started;
    private boolean replay;
    private long time;
    private long delta;
    private long bits;
    private int leading;
    private int trailing;

    void reset(Chunk chunk) {
        reset(chunk.words(), chunk.count(), chunk.seek());
    }

    void reset(long[] words, int count, long[] seekEntries) {
        in.reset(words);
        remaining = count;
        started = false;
        replay = false;
        delta = 0;
        seek = seekEntries;
        this.seekEntries = seekEntries.length == 0 ? 0 : SeekIndex.entries(count);
    }

    /**
     * Skips, through the chunk's seek index, to the last resume point at or before {@code time},
     * so that the next {@link #next()} returns that sample (or, with none, the chunk's first).
     * Only right after {@link #reset}; samples after {@code time} are never skipped.
     */
    void skipTo(long time) {
        int e = SeekIndex.lastAtOrBefore(seek, seekEntries, time);
        if (e < 0) {
            return;
        }
        int sample = (e + 1) * SeekIndex.STRIDE;
        in.seek(SeekIndex.position(seek, e));
        remaining -= sample;
        started = true;
        replay = true;
        this.time = SeekIndex.time(seek, e);
        bits = SeekIndex.bits(seek, e);
        delta = SeekIndex.delta(seek, e);
        leading = SeekIndex.leading(seek, e);
        trailing = SeekIndex.trailing(seek, e);
    }

    /** Writes the state after the current sample as seek entry {@code entry}. */
    void record(long[] target, int entry) {
        SeekIndex.put(target, entry, time, bits, delta, in.position(), leading, trailing);
    }

    boolean next() {
        if (remaining == 0) {
            return false;
        }
        remaining--;
        if (replay) {
            replay = false;
            return true;
        }
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
