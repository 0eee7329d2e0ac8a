package io.tessera.server.config;

import java.nio.file.Path;

/**
 * Reads a {@link ServerConfig} from YAML: keys are snake_case; unknown keys, duplicate keys and
 * values out of range are errors naming the file and the key.
 */
public final class ConfigLoader {

    private ConfigLoader() {}

    public static ServerConfig load(Path file) {
        return orDefaults(YamlFiles.read(file, ServerConfig.class, "config file"));
    }

    public static ServerConfig parse(String yaml) {
        return orDefaults(YamlFiles.parse(yaml, ServerConfig.class, "config"));
    }

    private static ServerConfig orDefaults(ServerConfig config) {
        return config == null ? ServerConfig.DEFAULTS : config;
    }
}
