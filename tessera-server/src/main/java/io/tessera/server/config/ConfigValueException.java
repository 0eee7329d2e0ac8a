package io.tessera.server.config;

import io.tessera.core.InvalidInputException;

/** A configuration value out of its range or malformed, named by its key relative to its section. */
public final class ConfigValueException extends InvalidInputException {

    private final String key;

    public ConfigValueException(String key, String problem) {
        super(key + ": " + problem);
        this.key = key;
    }

    public String key() {
        return key;
    }

    public String problem() {
        return getMessage().substring(key.length() + 2);
    }
}
