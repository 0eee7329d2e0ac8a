package io.tessera.server.config;

import io.tessera.core.ByteSizes;
import io.tessera.core.Durations;
import io.tessera.core.InvalidInputException;

/** Checks of single configuration values, each failing with a {@link ConfigValueException} naming the key. */
final class ConfigValues {

    private ConfigValues() {}

    static void duration(String key, String value) {
        if (value == null) {
            return;
        }
        try {
            if (Durations.parseMillis(value) < 0) {
                throw new ConfigValueException(key, "must not be negative, got " + value);
            }
        } catch (ConfigValueException e) {
            throw e;
        } catch (InvalidInputException e) {
            throw new ConfigValueException(key, "\"" + value + "\" is not a duration (such as 30s, 5m, 2h, 15d)");
        }
    }

    static void positiveDuration(String key, String value) {
        duration(key, value);
        if (value != null && Durations.parseMillis(value) == 0) {
            throw new ConfigValueException(key, "must be longer than 0s");
        }
    }

    static void byteSize(String key, String value) {
        if (value == null) {
            return;
        }
        long bytes;
        try {
            bytes = ByteSizes.parse(value);
        } catch (InvalidInputException e) {
            throw new ConfigValueException(key, "\"" + value + "\" is not a byte size (such as 512KiB, 32MiB, 8GiB)");
        }
        if (bytes <= 0) {
            throw new ConfigValueException(key, "must be positive, got " + value);
        }
    }

    static void positive(String key, Long value) {
        if (value != null && value <= 0) {
            throw new ConfigValueException(key, "must be a positive number, got " + value);
        }
    }
}
