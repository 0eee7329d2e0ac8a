package io.tessera.store.wal;

import io.tessera.core.FileTrees;
import io.tessera.store.raw.RawStoreConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helpers over data directories: what a killed process leaves behind, and the segments in it. */
final class DataDirs {

    static final RawStoreConfig CONFIG = RawStoreConfig.defaults().withRetention(Long.MAX_VALUE / 4);
    static final WalOptions SMALL = WalOptions.DEFAULTS.withSegmentBytes(4096);

    private DataDirs() {}

    /**
     * A copy of a live data directory. With the store quiescent, every acknowledged record is in
     * the files (written, if not forced), so the copy is what a crash of the process leaves.
     */
    static Path crashCopy(Path from, Path to) {
        try {
            return FileTrees.copy(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Long> segments(Path dataDir) {
        try {
            return Segments.list(dataDir.resolve("wal"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path segment(Path dataDir, long n) {
        return Segments.path(dataDir.resolve("wal"), n);
    }

    /** The offsets of the frames in a segment, plus its size last. */
    static long[] frameOffsets(Path segment) {
        try {
            byte[] b = Files.readAllBytes(segment);
            long[] out = new long[b.length / Frames.HEADER + 2];
            int n = 0;
            int pos = Segments.HEADER;
            while (pos < b.length) {
                out[n++] = pos;
                int len = Frames.validFrame(b, pos, b.length);
                if (len < 0) {
                    throw new IllegalStateException("bad frame at " + pos + " in " + segment);
                }
                pos += len;
            }
            out[n++] = b.length;
            return java.util.Arrays.copyOf(out, n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
