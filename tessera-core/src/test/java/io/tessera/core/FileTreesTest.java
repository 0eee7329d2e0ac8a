package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @TempDir
    Path tmp;

    @Test
    void copiesNestedDirectoriesAndFilesIncludingEmptyOnes() throws Exception {
        Path from = Files.createDirectories(tmp.resolve("from"));
        Files.writeString(from.resolve("top.txt"), "top");
        Files.createDirectories(from.resolve("a/b"));
        Files.writeString(from.resolve("a/b/deep.bin"), "deep");
        Files.createDirectories(from.resolve("empty"));

        Path to = FileTrees.copy(from, tmp.resolve("to"));

        assertThat(to).isEqualTo(tmp.resolve("to"));
        assertThat(Files.readString(to.resolve("top.txt"))).isEqualTo("top");
        assertThat(Files.readString(to.resolve("a/b/deep.bin"))).isEqualTo("deep");
        assertThat(to.resolve("empty")).isEmptyDirectory();
        assertThat(from.resolve("top.txt")).exists();
    }

    @Test
    void aFileAlreadyAtTheTargetIsAnError() throws Exception {
        Path from = Files.createDirectories(tmp.resolve("from"));
        Files.writeString(from.resolve("f"), "new");
        Path to = Files.createDirectories(tmp.resolve("to"));
        Files.writeString(to.resolve("f"), "old");

        assertThatThrownBy(() -> FileTrees.copy(from, to)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(to.resolve("f"))).isEqualTo("old");
    }
}
