package io.tessera.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** No main source file of any module grows past the size a reader can hold in mind. */
class SourceSizeTest {

    private static final int MAX_LINES = 600;

    @Test
    void noMainSourceFileIsLongerThan600Lines() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> tooLong = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java")))
                    .toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".java")
                                    && !f.toString().contains("jmh_generated"))
                            .toList()) {
                        long lines;
                        try (Stream<String> all = Files.lines(file)) {
                            lines = all.count();
                        }
                        String name = root.relativize(file).toString().replace('\\', '/');
                        if (lines > MAX_LINES) {
                            tooLong.add(name + " (" + lines + " lines)");
                        }
                    }
                }
            }
        }
        assertThat(tooLong).as("main source files over %d lines", MAX_LINES).isEmpty();
    }
}
