package io.tessera.store.wal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The snapshot directories under {@code <data-dir>/snapshots}: {@code 00000007/} for a complete
 * snapshot (it appears by an atomic rename, so it is whole or absent) and {@code .tmp-00000007/}
 * while one is written, deleted when found at start-up.
 */
final class Snapshots {

    static final String TMP_PREFIX = ".tmp-";

    private Snapshots() {}

    /** Complete snapshot numbers, ascending. */
    static List<Long> list(Path dir) throws IOException {
        List<Long> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) {
                String n = e.getFileName().toString();
                if (n.length() == 8 && n.chars().allMatch(Character::isDigit) && Files.isDirectory(e)) {
                    out.add(Long.parseLong(n));
                }
            }
        }
        out.sort(null);
        return out;
    }

    static Path path(Path dir, long number) {
        return dir.resolve(Segments.name(number));
    }

    static Path tmpPath(Path dir, long number) {
        return dir.resolve(TMP_PREFIX + Segments.name(number));
    }

    static void deleteTemporary(Path dir) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, TMP_PREFIX + "*")) {
            for (Path e : entries) {
                deleteTree(e);
            }
        }
    }

    /** Deletes all but the newest {@code keep} snapshots. */
    static void retain(Path dir, int keep) throws IOException {
        List<Long> all = list(dir);
        for (int i = 0; i < all.size() - keep; i++) {
            deleteTree(path(dir, all.get(i)));
        }
        FileSync.directory(dir);
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
