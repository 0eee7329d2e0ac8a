package io.tessera.store.wal;

import io.tessera.store.raw.RawImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Writes one snapshot: its files into a temporary directory, each forced, then the manifest,
 * then the directory is renamed into place and its parent forced. A crash at any point leaves
 * either the whole snapshot or a temporary directory that start-up deletes.
 *
 * <p>The {@code raw-series} file is an 8-byte header ({@code "TSNP"}, a version byte, three zero
 * bytes) and frames of type {@link Frames#RAW_SERIES}, each a block of series: the series count
 * (4 bytes, big-endian),
 * then per series its labels (as in a log record), its chunk count and per chunk its sample
 * count, its minimum time (zigzag varint), its maximum time minus its minimum (varint), its word
 * count and its XOR-encoded words as 8-byte big-endian longs, exactly as the store holds them.
 * The head chunk is the last chunk of each series.
 */
final class SnapshotWriter {

    static final byte[] RAW_HEADER = {'T', 'S', 'N', 'P', 1, 0, 0, 0};
    private static final int BLOCK_BYTES = 1 << 20;

    private SnapshotWriter() {}

    static SnapshotManifest write(Path snapshotsDir, long number, RawImage image, WalPosition position, long nowMillis)
            throws IOException {
        Path tmp = Snapshots.tmpPath(snapshotsDir, number);
        Snapshots.deleteTree(tmp);
        Files.createDirectories(tmp);
        SnapshotManifest.FileEntry raw = writeRawSeries(tmp.resolve(SnapshotManifest.RAW_SERIES), image);
        SnapshotManifest manifest =
                new SnapshotManifest(position, nowMillis, image.seriesCount(), image.sampleCount(), List.of(raw));
        Path manifestFile = tmp.resolve(SnapshotManifest.NAME);
        try (FileChannel ch = FileChannel.open(manifestFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            writeFully(ch, ByteBuffer.wrap(manifest.encode()));
            ch.force(true);
        }
        FileSync.directory(tmp);
        Files.move(tmp, Snapshots.path(snapshotsDir, number), StandardCopyOption.ATOMIC_MOVE);
        FileSync.directory(snapshotsDir);
        return manifest;
    }

    private static SnapshotManifest.FileEntry writeRawSeries(Path file, RawImage image) throws IOException {
        CRC32C crc = new CRC32C();
        long bytes = 0;
        ByteOut out = new ByteOut(BLOCK_BYTES + (BLOCK_BYTES >> 2));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.bytes(RAW_HEADER, 0, RAW_HEADER.length);
            int s = 0;
            int n = image.seriesCount();
            while (s < n) {
                int at = Frames.begin(out, Frames.RAW_SERIES);
                int countAt = out.size();
                out.u32(0);
                int inBlock = 0;
                while (s < n && (inBlock == 0 || out.size() - at < BLOCK_BYTES)) {
                    writeSeries(out, image, s++);
                    inBlock++;
                }
                out.u32At(countAt, inBlock);
                Frames.end(out, at);
                crc.update(out.array(), 0, out.size());
                bytes += out.size();
                writeFully(ch, ByteBuffer.wrap(out.array(), 0, out.size()));
                out.reset();
            }
            if (out.size() > 0) {
                crc.update(out.array(), 0, out.size());
                bytes += out.size();
                writeFully(ch, ByteBuffer.wrap(out.array(), 0, out.size()));
            }
            ch.force(true);
        }
        return new SnapshotManifest.FileEntry(
                SnapshotManifest.RAW_SERIES, SnapshotManifest.RAW_SERIES, bytes, (int) crc.getValue());
    }

    private static void writeSeries(ByteOut out, RawImage image, int s) {
        out.labels(image.labels(s));
        int chunks = image.chunkCount(s);
        out.varint(chunks);
        for (int c = 0; c < chunks; c++) {
            long min = image.minTime(s, c);
            out.varint(image.samples(s, c));
            out.zigzag(min);
            out.varint(image.maxTime(s, c) - min);
            int words = image.wordCount(s, c);
            out.varint(words);
            for (int w = 0; w < words; w++) {
                out.i64(image.word(s, c, w));
            }
        }
    }

    static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
