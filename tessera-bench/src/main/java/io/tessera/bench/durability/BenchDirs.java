package io.tessera.bench.durability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The data directories a durability bench writes and empties between its runs. */
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
}
