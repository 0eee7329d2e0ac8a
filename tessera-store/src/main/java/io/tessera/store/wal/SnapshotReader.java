package io.tessera.store.wal;

import io.tessera.core.Labels;
import io.tessera.core.TesseraException;
import io.tessera.store.raw.RawRestore;
import io.tessera.store.raw.RawStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/** Loads a snapshot into an empty store, checking the manifest, every frame and every file's size and CRC. */
final class SnapshotReader {

    private final ByteIn in = new ByteIn();
    private byte[] buf = new byte[1 << 16];
    private long minTime = Long.MAX_VALUE;
    private long maxTime = Long.MIN_VALUE;

    /** The oldest sample time loaded, {@code Long.MAX_VALUE} when none. */
    long minTime() {
        return minTime;
    }

    /** The newest sample time loaded, {@code Long.MIN_VALUE} when none. */
    long maxTime() {
        return maxTime;
    }

    SnapshotManifest load(Path dir, RawStore store) throws IOException {
        Path manifestFile = dir.resolve(SnapshotManifest.NAME);
        if (!Files.isRegularFile(manifestFile)) {
            throw new CorruptionException(manifestFile, 0, "the snapshot has no manifest");
        }
        SnapshotManifest manifest = SnapshotManifest.decode(manifestFile, Files.readAllBytes(manifestFile));
        RawRestore restore = store.restore();
        for (SnapshotManifest.FileEntry entry : manifest.files()) {
            if (!entry.kind().equals(SnapshotManifest.RAW_SERIES)) {
                throw new CorruptionException(
                        manifestFile, 0, "the snapshot has a file of unknown kind " + entry.kind());
            }
            loadRawSeries(dir.resolve(entry.name()), entry, restore);
        }
        restore.finish();
        return manifest;
    }

    private void loadRawSeries(Path file, SnapshotManifest.FileEntry entry, RawRestore restore) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new CorruptionException(file, 0, "a file the manifest lists is missing");
        }
        CRC32C crc = new CRC32C();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size != entry.bytes()) {
                throw new CorruptionException(
                        file,
                        Math.min(size, entry.bytes()),
                        "the file has " + size + " bytes, the manifest says " + entry.bytes());
            }
            readFully(ch, 0, SnapshotWriter.RAW_HEADER.length, file, 0);
            if (!Arrays.equals(
                    buf,
                    0,
                    SnapshotWriter.RAW_HEADER.length,
                    SnapshotWriter.RAW_HEADER,
                    0,
                    SnapshotWriter.RAW_HEADER.length)) {
                throw new CorruptionException(file, 0, "not a raw-series snapshot file of this version (bad header)");
            }
            crc.update(buf, 0, SnapshotWriter.RAW_HEADER.length);
            long pos = SnapshotWriter.RAW_HEADER.length;
            while (pos < size) {
                if (size - pos < Frames.HEADER) {
                    throw new CorruptionException(file, pos, "a frame header is cut off");
                }
                readFully(ch, 0, Frames.HEADER, file, pos);
                int length = Frames.length(buf, 0);
                if (length < 0 || length > Frames.MAX_PAYLOAD || length > size - pos - Frames.HEADER) {
                    throw new CorruptionException(
                            file, pos, Frames.problem(buf, 0, (int) Math.min(Integer.MAX_VALUE, size - pos)));
                }
                readFully(ch, Frames.HEADER, length, file, pos + Frames.HEADER);
                if (Frames.validFrame(buf, 0, Frames.HEADER + length) < 0 || Frames.type(buf, 0) != Frames.RAW_SERIES) {
                    throw new CorruptionException(
                            file,
                            pos,
                            Frames.type(buf, 0) != Frames.RAW_SERIES
                                    ? "a frame of type " + Frames.type(buf, 0) + " in a raw-series file"
                                    : Frames.problem(buf, 0, Frames.HEADER + length));
                }
                crc.update(buf, 0, Frames.HEADER + length);
                try {
                    in.reset(buf, Frames.HEADER, Frames.HEADER + length);
                    readBlock(restore);
                } catch (ByteIn.MalformedException | TesseraException e) {
                    throw new CorruptionException(
                            file, pos, "a block passes its CRC but does not load: " + e.getMessage());
                }
                pos += Frames.HEADER + length;
            }
        }
        if ((int) crc.getValue() != entry.crc32c()) {
            throw new CorruptionException(
                    file,
                    0,
                    String.format(
                            "the file's CRC32C is %08x, the manifest says %08x", (int) crc.getValue(), entry.crc32c()));
        }
    }

    private void readBlock(RawRestore restore) {
        int series = in.u32();
        for (int s = 0; s < series; s++) {
            Labels labels = in.labels();
            restore.series(labels);
            int chunks = in.count(Integer.MAX_VALUE);
            for (int c = 0; c < chunks; c++) {
                int count = in.count(65_535);
                long min = in.zigzag();
                long max = min + in.varint();
                int wordCount = in.count(Integer.MAX_VALUE / 8);
                long[] words = new long[wordCount];
                for (int w = 0; w < wordCount; w++) {
                    words[w] = in.i64();
                }
                restore.chunk(words, count, min, max);
                if (count > 0) {
                    minTime = Math.min(minTime, min);
                    maxTime = Math.max(maxTime, max);
                }
            }
        }
        if (!in.atEnd()) {
            throw new ByteIn.MalformedException("a block has bytes left over after its last series");
        }
    }

    private void readFully(FileChannel ch, int into, int length, Path file, long at) throws IOException {
        if (buf.length < into + length) {
            buf = Arrays.copyOf(buf, Math.max(into + length, 2 * buf.length));
        }
        ByteBuffer b = ByteBuffer.wrap(buf, into, length);
        long p = at;
        while (b.hasRemaining()) {
            int n = ch.read(b, p);
            if (n < 0) {
                throw new CorruptionException(file, p, "the file ends early");
            }
            p += n;
        }
    }
}
