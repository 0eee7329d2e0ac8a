package io.tessera.store.wal;

import io.tessera.core.Labels;
import io.tessera.core.TesseraException;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays log segments into a store, from a position on. Damage never costs more than the
 * damaged bytes: a frame that fails its checks is skipped up to the next valid frame (found by
 * scanning for a frame header whose length, type and CRC check out), and replay goes on from
 * there, in the same segment and in every later one. Each skipped range is reported with its
 * segment, offset, size and the records and samples it held as far as they can be read. A bad
 * frame with no valid frame after it at the end of the last segment is a torn tail (a crash cuts
 * the log's end): it is truncated away and reported as such.
 */
final class WalReplay {

    /** What a replay found: records applied, the segments kept with their sizes, the torn tail and damage if any. */
    record Result(
            long records,
            long samples,
            Map<Long, Long> segmentSizes,
            long lastSegment,
            TornTail torn,
            List<Damage> damage,
            long maxSeriesRef) {}

    /** A cut-off record removed from the end of the log. */
    record TornTail(Path file, long offset, long bytesRemoved, String problem) {}

    /**
     * Bytes skipped in the middle of the log. {@code records} counts the frames their length
     * fields still delimit, {@code samples} the samples of those that still decode (-1: unknown).
     */
    record Damage(Path file, long offset, long bytes, long records, long samples, String problem) {
        String describe() {
            return file + " at byte offset " + offset + ": dropped " + bytes + " bytes, "
                    + (records < 0 ? "an unknown number of" : records) + " record(s), "
                    + (samples < 0 ? "an unknown number of" : samples) + " sample(s): " + problem;
        }
    }

    private static final long RESYNC_BUDGET_BYTES = 1L << 30;

    private final Path dir;
    private final RawStore store;
    private final ReplayListener listener;
    private final RecoveryProgress progress;
    private final ByteIn in = new ByteIn();
    private final Map<Long, Labels> series = new HashMap<>();
    private final List<Damage> damage = new ArrayList<>();
    private long maxRef = -1;
    private byte[] buf = new byte[1 << 16];

    WalReplay(Path dir, RawStore store, ReplayListener listener, RecoveryProgress progress) {
        this.dir = dir;
        this.store = store;
        this.listener = listener;
        this.progress = progress;
    }

    /** Replays {@code segments} (ascending and contiguous, the first holding {@code from}). */
    Result replay(List<Long> segments, WalPosition from) throws IOException {
        long records = 0;
        long samples = 0;
        TornTail torn = null;
        Map<Long, Long> sizes = new LinkedHashMap<>();
        long last = -1;
        long totalBytes = 0;
        for (long segment : segments) {
            totalBytes += Files.size(Segments.path(dir, segment));
        }
        progress.replayStarts(segments.size(), totalBytes);
        long doneBytes = 0;
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            progress.segment(i);
            boolean isLast = i == segments.size() - 1;
            Path file = Segments.path(dir, segment);
            int size = read(file);
            int pos = Segments.HEADER;
            if (!Segments.validHeader(buf, size)) {
                if (isLast && size < Segments.HEADER) {
                    Files.delete(file);
                    FileSync.directory(dir);
                    torn = new TornTail(file, 0, size, "a segment header is cut off after " + size + " bytes");
                    break;
                }
                if (size >= 5
                        && buf[0] == 'T'
                        && buf[1] == 'W'
                        && buf[2] == 'A'
                        && buf[3] == 'L'
                        && buf[4] > Segments.VERSION) {
                    throw new CorruptionException(
                            file,
                            4,
                            "a log segment of format " + buf[4] + ", newer than this Tessera reads (" + Segments.VERSION
                                    + ")");
                }
                if (size < Segments.HEADER) {
                    damage.add(new Damage(file, 0, size, 0, 0, "a segment header is cut off after " + size + " bytes"));
                    sizes.put(segment, (long) size);
                    last = segment;
                    continue;
                }
                damage.add(new Damage(
                        file, 0, Segments.HEADER, 0, 0, "the segment header is damaged; its frames are read on"));
            }
            long replayFrom = segment == from.segment() ? from.offset() : Segments.HEADER;
            if (replayFrom > size) {
                throw new CorruptionException(
                        file,
                        size,
                        "the segment ends before offset " + replayFrom + ", where the snapshot says the log continues");
            }
            while (pos < size) {
                int frame = Frames.validFrame(buf, pos, size);
                if (frame < 0) {
                    String problem = Frames.problem(buf, pos, size);
                    int next = nextValidFrame(pos, size);
                    if (next < 0 && isLast) {
                        truncate(file, pos);
                        torn = new TornTail(file, pos, size - pos, problem);
                        size = pos;
                        break;
                    }
                    int end = next < 0 ? size : next;
                    damage.add(damaged(
                            file,
                            pos,
                            end,
                            problem
                                    + (pos < replayFrom
                                            ? " (before the snapshot's position: only series"
                                                    + " definitions there are needed)"
                                            : "")));
                    pos = end;
                    continue;
                }
                int type = Frames.type(buf, pos);
                boolean apply = pos >= replayFrom;
                try {
                    in.reset(buf, pos + Frames.HEADER, pos + frame);
                    if (type == Frames.SERIES) {
                        maxRef = Math.max(maxRef, SampleRecords.readSeries(in, frame - Frames.HEADER, series));
                    } else if (type == Frames.SAMPLES || type == Frames.SAMPLES_REF) {
                        if (apply) {
                            AppendRequest request = type == Frames.SAMPLES
                                    ? SampleRecords.read(in, frame - Frames.HEADER)
                                    : SampleRecords.readWithRefs(in, frame - Frames.HEADER, series);
                            store.replay(request);
                            records++;
                            samples += request.sampleCount();
                            listener.replayed(request);
                        }
                    } else {
                        damage.add(damaged(file, pos, pos + frame, "a log segment holds a frame of type " + type));
                    }
                } catch (SampleRecords.UnknownSeriesException e) {
                    damage.add(damaged(file, pos, pos + frame, "an intact record " + e.getMessage()));
                } catch (ByteIn.MalformedException e) {
                    damage.add(damaged(
                            file, pos, pos + frame, "a record passes its CRC but does not decode: " + e.getMessage()));
                } catch (TesseraException e) {
                    damage.add(damaged(
                            file,
                            pos,
                            pos + frame,
                            "a record does not apply to the recovered store: " + e.getMessage()));
                }
                pos += frame;
                progress.replayed(doneBytes + pos, records, samples);
            }
            doneBytes += size;
            sizes.put(segment, (long) size);
            last = segment;
        }
        return new Result(records, samples, sizes, last, torn, List.copyOf(damage), maxRef);
    }

    /** The bytes {@code [from, to)} of the segment in {@code buf} are skipped: what they held, as far as it can be read. */
    private Damage damaged(Path file, int from, int to, String problem) {
        long records = 0;
        long samples = 0;
        int q = from;
        while (q < to) {
            if (to - q < Frames.HEADER) {
                records = -1;
                break;
            }
            int length = Frames.length(buf, q);
            if (length < 0 || length > to - q - Frames.HEADER) {
                records = -1;
                break;
            }
            int type = Frames.type(buf, q);
            if (type == Frames.SAMPLES || type == Frames.SAMPLES_REF) {
                records++;
                long n = countSamples(type, q + Frames.HEADER, q + Frames.HEADER + length);
                samples = n < 0 || samples < 0 ? -1 : samples + n;
            } else if (type != Frames.SERIES) {
                records = -1;
                break;
            }
            q += Frames.HEADER + length;
        }
        if (records < 0) {
            samples = -1;
        }
        return new Damage(file, from, to - from, records, samples, problem);
    }

    private long countSamples(int type, int from, int to) {
        in.reset(buf, from, to);
        if (type == Frames.SAMPLES_REF) {
            return SampleRecords.countWithRefs(in, to - from);
        }
        try {
            return SampleRecords.read(in, to - from).sampleCount();
        } catch (ByteIn.MalformedException | TesseraException e) {
            return -1;
        }
    }

    /** The offset of the first valid frame after {@code bad}, or -1 when there is none (or finding one costs too much). */
    private int nextValidFrame(int bad, int size) {
        return Frames.nextValidFrame(buf, bad, size, RESYNC_BUDGET_BYTES);
    }

    private int read(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > Integer.MAX_VALUE - 64) {
                throw new CorruptionException(
                        file, Integer.MAX_VALUE, "a segment of " + size + " bytes is larger than any this log writes");
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
