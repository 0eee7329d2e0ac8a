package io.tessera.store.wal;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.TesseraException;
import io.tessera.sketch.StateCodec;
import io.tessera.store.summary.StateBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/** Reads a file {@link ViewFileWriter} wrote into a batch, checking its size, every frame and its CRC32C. */
final class ViewFileReader {

    private final ByteIn in = new ByteIn();
    private final java.util.ArrayList<Labels> groups = new java.util.ArrayList<>();

    /** The file's states and pane markers; nothing is returned unless the whole file checks out. */
    StateBatch read(Path file, ViewManifest.FileEntry entry) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new CorruptionException(file, 0, "a view file the manifest lists is missing");
        }
        byte[] buf = Files.readAllBytes(file);
        int size = buf.length;
        if (size != entry.bytes()) {
            throw new CorruptionException(
                    file,
                    Math.min(size, entry.bytes()),
                    "the file has " + size + " bytes, the manifest says " + entry.bytes());
        }
        if (size >= ViewFileWriter.HEADER.length
                && Arrays.equals(buf, 0, 4, ViewFileWriter.HEADER, 0, 4)
                && buf[4] == ViewFileWriter.FORMAT_WITHOUT_BOUNDS) {
            throw new CorruptionException(
                    file,
                    4,
                    "a view file of format " + ViewFileWriter.FORMAT_WITHOUT_BOUNDS + ", whose sum, mean,"
                            + " counter and variance states lack the bounds this version checks before answering from them");
        }
        if (size < ViewFileWriter.HEADER.length
                || !Arrays.equals(
                        buf, 0, ViewFileWriter.HEADER.length, ViewFileWriter.HEADER, 0, ViewFileWriter.HEADER.length)) {
            throw new CorruptionException(file, 0, "not a view file of this version (bad header)");
        }
        StateBatch batch = new StateBatch(256);
        groups.clear();
        int pos = ViewFileWriter.HEADER.length;
        while (pos < size) {
            int frame = Frames.validFrame(buf, pos, size);
            if (frame < 0) {
                throw new CorruptionException(file, pos, Frames.problem(buf, pos, size));
            }
            if (Frames.type(buf, pos) != Frames.VIEW_STATES) {
                throw new CorruptionException(
                        file, pos, "a frame of type " + Frames.type(buf, pos) + " in a view file");
            }
            try {
                in.reset(buf, pos + Frames.HEADER, pos + frame);
                readBlock(batch);
            } catch (ByteIn.MalformedException | TesseraException e) {
                throw new CorruptionException(file, pos, "a block passes its CRC but does not load: " + e.getMessage());
            }
            pos += frame;
        }
        CRC32C crc = new CRC32C();
        crc.update(buf, 0, size);
        if ((int) crc.getValue() != entry.crc32c()) {
            throw new CorruptionException(
                    file,
                    0,
                    String.format(
                            "the file's CRC32C is %08x, the manifest says %08x", (int) crc.getValue(), entry.crc32c()));
        }
        return batch;
    }

    private void readBlock(StateBatch batch) {
        int entries = in.u32();
        for (int k = 0; k < entries; k++) {
            long start = in.zigzag();
            long end = start + in.varint();
            int kind = in.u8();
            if (kind == ViewFileWriter.KIND_EMPTY_PANE) {
                batch.addEmptyPane(new Interval(start, end));
            } else if (kind == ViewFileWriter.KIND_STATE_NEW_GROUP || kind == ViewFileWriter.KIND_STATE) {
                Labels group;
                if (kind == ViewFileWriter.KIND_STATE_NEW_GROUP) {
                    group = in.labels();
                    groups.add(group);
                } else {
                    group = groups.get(in.count(groups.size() - 1));
                }
                int length = in.count(Integer.MAX_VALUE);
                byte[] state = in.bytes(length);
                batch.add(group, start, end, StateCodec.deserialize(state));
            } else {
                throw new ByteIn.MalformedException("unknown entry kind " + kind);
            }
        }
        if (!in.atEnd()) {
            throw new ByteIn.MalformedException("a block has bytes left over after its last entry");
        }
    }
}
