package io.tessera.server.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import io.tessera.core.InvalidInputException;
import io.tessera.server.config.ConfigLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The server's log configuration: ISO timestamps and levels on each line, and the configured level taking effect. */
class LogLevelTest {

    private static final Pattern LINE = Pattern.compile(
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z level=(DEBUG|INFO|WARN|ERROR) logger=io\\.tessera\\.test thread=\\S+ msg=.*");

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedErr;

    @BeforeEach
    void logToBufferWithServerConfiguration() throws Exception {
        savedErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        configure("logback.xml");
    }

    @AfterEach
    void restore() throws Exception {
        System.setErr(savedErr);
        configure("logback-test.xml");
    }

    @Test
    void infoLeavesDebugOut() {
        LogLevel.apply("info");
        Logger log = LoggerFactory.getLogger("io.tessera.test");
        log.debug("a debug line");
        log.info("an info line");
        String out = err.toString(StandardCharsets.UTF_8);
        assertThat(out).doesNotContain("a debug line");
        assertThat(out.lines().filter(l -> l.contains("an info line")))
                .singleElement()
                .satisfies(
                        l -> assertThat(l).matches(LINE).contains("level=INFO").endsWith("msg=an info line"));
    }

    @Test
    void debugLetsDebugThroughAndWarnLeavesInfoOut() {
        Logger log = LoggerFactory.getLogger("io.tessera.test");
        LogLevel.apply("debug");
        log.debug("a debug line");
        LogLevel.apply("warn");
        log.info("an info line");
        log.warn("a warning");
        String out = err.toString(StandardCharsets.UTF_8);
        assertThat(out.lines().filter(l -> l.contains("a debug line")))
                .singleElement()
                .satisfies(l -> assertThat(l).matches(LINE).contains("level=DEBUG"));
        assertThat(out).doesNotContain("an info line").contains("level=WARN logger=io.tessera.test");
    }

    @Test
    void configKeyDefaultsToInfoAndRefusesUnknownLevels() {
        assertThat(ConfigLoader.parse("listen: 127.0.0.1:0\n").log().level()).isEqualTo("info");
        assertThat(ConfigLoader.parse("log:\n  level: debug\n").log().level()).isEqualTo("debug");
        assertThatThrownBy(() -> ConfigLoader.parse("log:\n  level: verbose\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("log.level must be one of debug, info, warn, error, got \"verbose\"");
        assertThatThrownBy(() -> LogLevel.apply("INFO")).isInstanceOf(InvalidInputException.class);
    }

    private static void configure(String resource) throws Exception {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(LogLevelTest.class.getClassLoader().getResource(resource));
    }
}
