package io.tessera.promqltest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A parsed test script: its name (for reports) and its commands in order. */
record TestScript(String name, List<Command> commands) {

    TestScript {
        commands = List.copyOf(commands);
    }

    /** Parses a script; a syntax error is a {@link ScriptSyntaxException} naming name:line. */
    static TestScript parse(String name, String text) {
        return new TestScript(name, ScriptParser.parse(name, text));
    }

    static TestScript read(Path file) {
        try {
            return parse(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<EvalCommand> evals() {
        return commands.stream()
                .filter(EvalCommand.class::isInstance)
                .map(EvalCommand.class::cast)
                .toList();
    }

    List<LoadCommand> loads() {
        return commands.stream()
                .filter(LoadCommand.class::isInstance)
                .map(LoadCommand.class::cast)
                .toList();
    }
}
