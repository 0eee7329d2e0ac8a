package io.tessera.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Directory trees on disk, copied whole. */
public final class FileTrees {

    private FileTrees() {}

    /**
     * Copies every directory and file under {@code from} to the same place under {@code to}, which
     * it returns; a file already there is an error.
     */
    public static Path copy(Path from, Path to) throws IOException {
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
