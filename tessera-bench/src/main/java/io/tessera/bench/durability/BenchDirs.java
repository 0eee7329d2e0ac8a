package io.tessera.bench.durability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The data directories a durability bench writes, empties and copies between its runs. */
final class BenchDirs {

    private BenchDirs() {}

    /** {@code d} with nothing in it: whatever was there deleted, the directory too. */
    static Path fresh(Path d) throws IOException {
        if (Files.exists(d)) {
            try (Stream<Path> files = Files.walk(d)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return d;
    }

    /** Copies the tree under {@code from} to {@code to}, which it returns. */
    static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}
