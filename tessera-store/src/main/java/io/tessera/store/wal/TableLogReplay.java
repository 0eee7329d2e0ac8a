package io.tessera.store.wal;

import io.tessera.core.Batch;
import io.tessera.core.TesseraException;
import io.tessera.store.table.TableStore;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays the table log into a table store. As in the raw log, damage costs only the damaged
 * records: a frame that fails its checks (or passes them and does not decode) is skipped up to
 * the next valid frame and reported with its segment, offset and size; a bad frame with no valid
 * frame after it at the end of the last segment is a torn tail, cut away and reported. A
 * record of a table that is no longer declared, or whose columns have changed since, is skipped
 * and counted: the configuration decides what the tables are.
 */
final class TableLogReplay {

    /** What a replay found, with the newest row time of each segment kept. */
    record Result(
            long records,
            long rows,
            long skipped,
            Map<Long, Long> segmentSizes,
            Map<Long, Long> newestRow,
            long lastSegment,
            String torn,
            List<String> damaged) {}

    private final Path dir;
    private final TableStore store;
    private final ByteIn in = new ByteIn();

    TableLogReplay(Path dir, TableStore store) {
        this.dir = dir;
        this.store = store;
    }

    Result replay(List<Long> segments) throws IOException {
        long records = 0;
        long rows = 0;
        long skipped = 0;
        String torn = null;
        List<String> damaged = new ArrayList<>();
        Map<Long, Long> sizes = new LinkedHashMap<>();
        Map<Long, Long> newest = new LinkedHashMap<>();
        long last = -1;
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            boolean isLast = i == segments.size() - 1;
            Path file = Segments.path(dir, segment);
            byte[] buf = Files.readAllBytes(file);
            int size = buf.length;
            if (!Segments.validHeader(buf, size)) {
                if (isLast && size < Segments.HEADER) {
                    Files.delete(file);
                    FileSync.directory(dir);
                    torn = file + ": a segment header is cut off after " + size + " bytes";
                    break;
                }
                throw new CorruptionException(file, 0, "not a table log segment of this version (bad header)");
            }
            int pos = Segments.HEADER;
            long newestRow = Long.MIN_VALUE;
            while (pos < size) {
                int frame = Frames.validFrame(buf, pos, size);
                if (frame < 0) {
                    String problem = Frames.problem(buf, pos, size);
                    int next = Frames.nextValidFrame(buf, pos, size, 1L << 30);
                    if (next < 0 && isLast) {
                        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                            ch.truncate(pos);
                            ch.force(true);
                        }
                        torn = file + " at byte offset " + pos + " (" + (size - pos) + " bytes): " + problem;
                        size = pos;
                        break;
                    }
                    int end = next < 0 ? size : next;
                    damaged.add(file + " at byte offset " + pos + ": dropped " + (end - pos) + " bytes: " + problem);
                    pos = end;
                    continue;
                }
                if (Frames.type(buf, pos) != Frames.TABLE_ROWS) {
                    damaged.add(file + " at byte offset " + pos + ": dropped " + frame
                            + " bytes: a table log segment holds a frame of type " + Frames.type(buf, pos));
                    pos += frame;
                    continue;
                }
                TableRecords.Rows logged;
                try {
                    in.reset(buf, pos + Frames.HEADER, pos + frame);
                    logged = TableRecords.read(in, frame - Frames.HEADER);
                } catch (ByteIn.MalformedException | TesseraException e) {
                    damaged.add(file + " at byte offset " + pos + ": dropped " + frame
                            + " bytes, 1 record: it passes its CRC but does not" + " decode: " + e.getMessage());
                    pos += frame;
                    continue;
                }
                Batch batch = logged.rows();
                if (store.has(logged.table())
                        && store.schema(logged.table()).rowSchema().equals(batch.schema())) {
                    store.replay(logged.table(), batch);
                    rows += batch.rowCount();
                    long[] ts = batch.longs(0);
                    for (int r = 0; r < batch.rowCount(); r++) {
                        newestRow = Math.max(newestRow, ts[r]);
                    }
                } else {
                    skipped++;
                }
                records++;
                pos += frame;
            }
            sizes.put(segment, (long) size);
            newest.put(segment, newestRow);
            last = segment;
        }
        return new Result(records, rows, skipped, sizes, newest, last, torn, List.copyOf(damaged));
    }
}
