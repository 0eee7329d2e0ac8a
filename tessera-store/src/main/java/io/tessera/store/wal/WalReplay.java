package io.tessera.store.wal;

import io.tessera.core.TesseraException;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays log segments into a store, from a position on. A damaged frame is a torn tail, cut
 * away and reported, only when it is in the last segment and no valid frame starts anywhere
 * after it (a crash cuts the log's end, it does not damage its middle); anywhere else it is
 * corruption and recovery stops.
 */
final class WalReplay {

    /** What a replay found: records applied, the segments kept with their sizes, the torn tail if any. */
    record Result(long records, long samples, Map<Long, Long> segmentSizes, long lastSegment, TornTail torn) {
    }

    /** A cut-off record removed from the end of the log. */
    record TornTail(Path file, long offset, long bytesRemoved, String problem) {
    }

    private static final long RESYNC_BUDGET_BYTES = 1L << 30;

    private final Path dir;
    private final RawStore store;
    private final ReplayListener listener;
    private final ByteIn in = new ByteIn();
    private byte[] buf = new byte[1 << 16];

    WalReplay(Path dir, RawStore store, ReplayListener listener) {
        this.dir = dir;
        this.store = store;
        this.listener = listener;
    }

    /** Replays {@code segments} (ascending and contiguous, the first holding {@code from}). */
    Result replay(List<Long> segments, WalPosition from) throws IOException {
        long records = 0;
        long samples = 0;
        TornTail torn = null;
        Map<Long, Long> sizes = new LinkedHashMap<>();
        long last = -1;
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            boolean isLast = i == segments.size() - 1;
            Path file = Segments.path(dir, segment);
            int size = read(file);
            if (!Segments.validHeader(buf, size)) {
                if (isLast && size < Segments.HEADER) {
                    Files.delete(file);
                    FileSync.directory(dir);
                    torn = new TornTail(file, 0, size, "a segment header is cut off after " + size + " bytes");
                    break;
                }
                throw new CorruptionException(file, 0, "not a log segment of this version (bad header)");
            }
            int pos = Segments.HEADER;
            if (segment == from.segment()) {
                if (from.offset() > size) {
                    throw new CorruptionException(file, size, "the segment ends before offset " + from.offset()
                            + ", where the snapshot says the log continues");
                }
                pos = (int) from.offset();
            }
            while (pos < size) {
                int frame = Frames.validFrame(buf, pos, size);
                if (frame < 0) {
                    String problem = Frames.problem(buf, pos, size);
                    if (!isLast) {
                        throw new CorruptionException(file, pos, problem + " in a segment that is not the last one");
                    }
                    long next = nextValidFrame(pos, size);
                    if (next >= 0) {
                        throw new CorruptionException(file, pos, problem + ", and a valid record follows at offset " + next);
                    }
                    truncate(file, pos);
                    torn = new TornTail(file, pos, size - pos, problem);
                    size = pos;
                    break;
                }
                if (Frames.type(buf, pos) != Frames.SAMPLES) {
                    throw new CorruptionException(file, pos, "a log segment holds a frame of type " + Frames.type(buf, pos));
                }
                AppendRequest request;
                try {
                    in.reset(buf, pos + Frames.HEADER, pos + frame);
                    request = SampleRecords.read(in, frame - Frames.HEADER);
                } catch (ByteIn.MalformedException | TesseraException e) {
                    throw new CorruptionException(file, pos, "a record passes its CRC but does not decode: " + e.getMessage());
                }
                try {
                    store.replay(request);
                } catch (TesseraException e) {
                    throw new CorruptionException(file, pos, "a record does not apply to the recovered store: " + e.getMessage());
                }
                records++;
                samples += request.sampleCount();
                listener.replayed(request);
                pos += frame;
            }
            sizes.put(segment, (long) size);
            last = segment;
        }
        return new Result(records, samples, sizes, last, torn);
    }

    /** The offset of the first valid frame after {@code bad}, or -1 when there is none. */
    private long nextValidFrame(int bad, int size) {
        long budget = RESYNC_BUDGET_BYTES;
        for (int q = bad + 1; q + Frames.HEADER <= size; q++) {
            int length = Frames.length(buf, q);
            if (length < 0 || length > size - q - Frames.HEADER || !Frames.knownType(Frames.type(buf, q))) {
                continue;
            }
            budget -= length;
            if (budget < 0) {
                return q;
            }
            if (Frames.validFrame(buf, q, size) > 0) {
                return q;
            }
        }
        return -1;
    }

    private int read(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > Integer.MAX_VALUE - 64) {
                throw new CorruptionException(file, Integer.MAX_VALUE, "a segment of " + size + " bytes is larger than any this log writes");
            }
            if (buf.length < size) {
                buf = new byte[(int) Math.max(size, Math.min(Integer.MAX_VALUE - 64, 2L * buf.length))];
            }
            ByteBuffer b = ByteBuffer.wrap(buf, 0, (int) size);
            while (b.hasRemaining() && ch.read(b) >= 0) {
                // keep reading
            }
            return b.position();
        }
    }

    private static void truncate(Path file, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(size);
            ch.force(true);
        }
    }
}
