package io.tessera.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code tessera serve} that cannot start says why in one line naming the file, the key or the
 * address at fault, without a stack trace or Java names, and exits non-zero.
 */
class StartupErrorsTest {

    @TempDir
    Path dir;

    private record Outcome(int exit, String out, String err) {}

    private static Outcome run(String... args) {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cli = TesseraCli.commandLine();
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));
            int exit = cli.execute(args);
            return new Outcome(exit, out.toString(), err.toString());
        });
    }

    private Outcome serveWithConfig(String yaml) throws Exception {
        Path config = dir.resolve("tessera.yaml");
        Files.writeString(config, yaml);
        return run("serve", "--config", config.toString(), "--listen", "127.0.0.1:0");
    }

    private static void assertOneCleanLine(Outcome o, String... expected) {
        assertThat(o.exit()).as(o.err()).isNotZero();
        assertThat(o.err().lines().toList()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("tessera: ").contains(expected);
        assertThat(o.err())
                .doesNotContain(
                        "\tat ", "Exception", "java.", "io.tessera", "com.fasterxml", "Jackson", "(for ", "Source:");
    }

    @Test
    void aPortInUseNamesTheAddress() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String address = "127.0.0.1:" + taken.getLocalPort();
            Outcome o = run("serve", "--listen", address);
            assertOneCleanLine(o, "cannot listen on " + address, "ddress already in use");
        }
    }

    /**
     * Configurations refused at startup ({@code \n} stands for a line break) and what the one
     * line of the refusal must say, its parts separated by {@code ;}.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            query:\\n  max_samples: lots\\n       | tessera.yaml;query.max_samples;"lots" is not a whole number;line 2
            query:\\n  max_samples: -5\\n         | tessera.yaml;query.max_samples: must be a positive number, got -5
            storage:\\n  retention: forever\\n    | tessera.yaml;storage.retention;"forever" is not a duration
            storage:\\n  wal_fsync: sometimes\\n  | tessera.yaml;storage.wal_fsync: must be "interval" or "always", got "sometimes"
            'web:\\n  cors_origin: ''(unclosed''\\n' | tessera.yaml;web.cors_origin: not a regular expression
            storage:\\n  retention: 2d\\n  retention: 30d\\n | tessera.yaml;duplicate key;retention
            storage:\\n  retension: 2d\\n         | tessera.yaml;storage.retension: unknown key
            """)
    void aRefusedConfigurationIsNamedInOneLine(String yaml, String expected) throws Exception {
        assertOneCleanLine(serveWithConfig(yaml.replace("\\n", "\n")), expected.split(";"));
    }

    @Test
    void aMissingPlanFileIsNamedAsSuch() throws Exception {
        Path missing = dir.resolve("no-such-plan.json");
        Outcome o = serveWithConfig("acceleration:\n  plan_file: " + missing + "\n");
        assertOneCleanLine(o, "acceleration.plan_file", missing + " does not exist");
        assertThat(o.err()).doesNotContain("listen");
    }

    @Test
    void aMissingConfigFileIsNamed() {
        Path missing = dir.resolve("absent.yaml");
        Outcome o = run("serve", "--config", missing.toString());
        assertOneCleanLine(o, "config file " + missing + " does not exist");
    }

    @Test
    void aBadWebConfigFileIsNamedWithItsKey() throws Exception {
        Path web = dir.resolve("web.yml");
        Files.writeString(web, "tls_server_config:\n  cert_file: absent.crt\n  key_file: absent.key\n");
        Outcome o = run("serve", "--listen", "127.0.0.1:0", "--web.config.file", web.toString());
        assertOneCleanLine(o, "web config file " + web, "tls_server_config.cert_file", "does not exist");
        Files.writeString(web, "basic_auth_users:\n  alice: plaintext\n");
        assertOneCleanLine(
                run("serve", "--listen", "127.0.0.1:0", "--web.config.file", web.toString()),
                "basic_auth_users.alice: not a bcrypt hash");
        Files.writeString(web, "tls_server_config:\n  cert_file: a\n  key_file: b\n  client_auth_type: Sometimes\n");
        assertOneCleanLine(
                run("serve", "--listen", "127.0.0.1:0", "--web.config.file", web.toString()),
                "tls_server_config.client_auth_type",
                "Sometimes");
    }

    @Test
    void aBadListenAddressIsNamed() {
        assertOneCleanLine(run("serve", "--listen", "localhost"), "listen address \"localhost\" must be HOST:PORT");
    }

    @Test
    void helpShowsTheRealDefaults() {
        Outcome o = run("serve", "--help");
        assertThat(o.exit()).isZero();
        assertThat(o.out())
                .contains("default: 127.0.0.1:9470")
                .contains("--web.config.file")
                .doesNotContain("null");
    }
}
