package io.tessera.promqltest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Prometheus' own PromQL test scripts, read where they are kept: the first
 * {@code shared/reference/promql-tests} folder found walking up from the working directory.
 */
final class ReferenceTests {

    private static final Path RELATIVE = Path.of("shared", "reference", "promql-tests");

    private ReferenceTests() {}

    static Optional<Path> directory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(RELATIVE);
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The {@code *.test} files of that folder, by name. */
    static List<Path> files(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(p -> p.getFileName().toString().endsWith(".test"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
