package io.tessera.server.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.tessera.core.InvalidInputException;
import java.util.List;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/** The log level, as Prometheus' {@code --log.level} names it: {@code debug}, {@code info}, {@code warn} or {@code error}. */
public final class LogLevel {

    public static final List<String> NAMES = List.of("debug", "info", "warn", "error");

    private LogLevel() {}

    /** Throws unless {@code name} is one of {@link #NAMES}. */
    public static String check(String name) {
        if (!NAMES.contains(name)) {
            throw new InvalidInputException(
                    "log.level must be one of " + String.join(", ", NAMES) + ", got \"" + name + "\"");
        }
        return name;
    }

    /** From now on, events below {@code name} are not logged (libraries' version banners stay at warn). */
    public static void apply(String name) {
        Level level = Level.toLevel(check(name).toUpperCase(Locale.ROOT));
        if (LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof Logger root) {
            root.setLevel(level);
        }
    }
}
