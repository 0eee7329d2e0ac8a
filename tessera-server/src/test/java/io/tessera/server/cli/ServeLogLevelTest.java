package io.tessera.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tessera serve} in a JVM of its own with the server's log configuration: {@code log.level}
 * in the config file sets the level, and {@code --log.level} overrides it.
 */
class ServeLogLevelTest {

    private static final String ISO_LINE =
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z level=[A-Z]+ logger=\\S+ thread=.* msg=.*";

    @TempDir
    Path dir;

    @Test
    void configFileLevelDebugLogsTheConfiguration() throws Exception {
        List<String> log = serve("log:\n  level: debug\n");
        assertThat(log.stream().filter(l -> l.contains("msg=configuration: ")))
                .as(String.join("\n", log))
                .singleElement()
                .satisfies(l -> assertThat(l)
                        .matches(ISO_LINE)
                        .contains("level=DEBUG logger=io.tessera.server.cli.ServeCommand"));
    }

    @Test
    void flagOverridesTheConfigFile() throws Exception {
        List<String> log = serve("log:\n  level: debug\n", "--log.level=info");
        assertThat(log)
                .as(String.join("\n", log))
                .noneMatch(l -> l.contains("level=DEBUG"))
                .anyMatch(l -> l.matches(ISO_LINE) && l.contains("level=INFO"));
    }

    /** The server's standard error from start until it is listening and then stopped. */
    private List<String> serve(String yaml, String... flags) throws Exception {
        Path config = Files.writeString(dir.resolve("tessera.yaml"), yaml);
        Path stderr = dir.resolve("stderr.log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Dlogback.configurationFile=logback.xml",
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.tessera.server.cli.TesseraCli",
                "serve",
                "--config",
                config.toString(),
                "--listen",
                "127.0.0.1:0"));
        command.addAll(List.of(flags));
        Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            boolean listening = false;
            while (!listening && (line = out.readLine()) != null) {
                listening = line.contains("listening on http://");
            }
            assertThat(listening)
                    .as("tessera serve started: " + Files.readString(stderr))
                    .isTrue();
        } finally {
            p.destroy();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        return Files.readAllLines(stderr);
    }
}
