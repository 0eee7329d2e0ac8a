package io.tessera.store.raw;

import java.util.Arrays;

/**
 * The appendable chunk of a series. One writer (holding the series' stripe lock) appends;
 * readers take a {@link #snapshot()} that decodes exactly the samples published so far. The
 * sample count is published last, after the bits and the maximum time.
 */
final class HeadChunk {

    private static final int INITIAL_WORDS = 2;

    private final BitWriter out = new BitWriter(INITIAL_WORDS);
    private final long minTime;
    private volatile int published;
    private volatile long maxTime;
    /** Grown by copying and republished, like {@link BitWriter}'s words. */
    private volatile long[] seek = SeekIndex.NONE;

    private int count;
    private long lastTime;
    private long lastDelta;
    private long lastBits;
    private int leading;
    private int trailing;

    HeadChunk(long firstTime, long firstBits) {
        this.minTime = firstTime;
        out.write(firstTime, 64);
        out.write(firstBits, 64);
        lastTime = firstTime;
        lastBits = firstBits;
        leading = -1;
        count = 1;
        maxTime = firstTime;
        published = 1;
    }

    /** Appends a sample newer than every sample in the chunk. */
    void append(long time, long bits) {
        long delta = time - lastTime;
        writeDeltaOfDelta(delta - lastDelta);
        writeValue(bits);
        lastTime = time;
        lastDelta = delta;
        lastBits = bits;
        if (SeekIndex.isSeekPoint(count)) {
            addSeekPoint(count / SeekIndex.STRIDE - 1, time, bits, delta);
        }
        count++;
        maxTime = time;
        published = count;
    }

    private void addSeekPoint(int entry, long time, long bits, long delta) {
        long[] s = seek;
        int needed = (entry + 1) * SeekIndex.LONGS_PER_ENTRY;
        if (needed > s.length) {
            s = Arrays.copyOf(s, Math.max(needed, 2 * s.length));
        }
        SeekIndex.put(s, entry, time, bits, delta, out.position(), Math.max(0, leading), trailing);
        seek = s;
    }

    private void writeDeltaOfDelta(long dod) {
        if (dod == 0) {
            out.writeBit(false);
        } else if (XorFormat.fits(dod, 5)) {
            out.write(0b10, 2);
            out.write(dod, 5);
        } else if (XorFormat.fits(dod, 10)) {
            out.write(0b110, 3);
            out.write(dod, 10);
        } else if (XorFormat.fits(dod, 20)) {
            out.write(0b1110, 4);
            out.write(dod, 20);
        } else {
            out.write(0b1111, 4);
            out.write(dod, 64);
        }
    }

    private void writeValue(long bits) {
        long xor = bits ^ lastBits;
        if (xor == 0) {
            out.writeBit(false);
            return;
        }
        int lead = Math.min(31, Long.numberOfLeadingZeros(xor));
        int trail = Long.numberOfTrailingZeros(xor);
        if (leading >= 0 && lead >= leading && trail >= trailing) {
            out.write(0b10, 2);
            out.write(xor >>> trailing, 64 - leading - trailing);
            return;
        }
        int significant = 64 - lead - trail;
        out.write(0b11, 2);
        out.write(lead, 5);
        out.write(significant & 63, 6);
        out.write(xor >>> trail, significant);
        leading = lead;
        trailing = trail;
    }

    int count() {
        return count;
    }

    long minTime() {
        return minTime;
    }

    /** Exact for the writer. */
    long lastTime() {
        return lastTime;
    }

    long lastBits() {
        return lastBits;
    }

    Chunk snapshot() {
        int n = published;
        long[] words = out.words();
        return new Chunk(words, n, minTime, maxTime, seek);
    }

    /** The writer's exact view, safe only under the series' lock. */
    Chunk writerView() {
        return new Chunk(out.words(), count, minTime, lastTime, seek);
    }

    Chunk close() {
        int entries = SeekIndex.entries(count) * SeekIndex.LONGS_PER_ENTRY;
        long[] s = seek;
        return new Chunk(
                out.trimmed(),
                count,
                minTime,
                lastTime,
                entries == 0 ? SeekIndex.NONE : entries == s.length ? s : Arrays.copyOf(s, entries));
    }

    /** Bits written so far; exact for the writer. */
    int bitLength() {
        return out.position();
    }

    /** Encoded words in use plus the seek entries written. */
    long usedBytes() {
        return 8L * out.usedWords() + (long) SeekIndex.ENTRY_BYTES * SeekIndex.entries(count);
    }

    long capacityBytes() {
        return 8L * out.words().length + 8L * seek.length;
    }

    /** Encoded words in use, without the seek index. */
    long encodedBytes() {
        return 8L * out.usedWords();
    }
}
