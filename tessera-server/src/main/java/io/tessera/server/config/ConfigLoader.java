package io.tessera.server.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tessera.core.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a {@link ServerConfig} from YAML; unknown keys are errors, keys are snake_case. */
public final class ConfigLoader {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private ConfigLoader() {
    }

    public static ServerConfig load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException("config file " + file + " does not exist");
        }
        try {
            return parse(Files.readString(file), "config file " + file);
        } catch (IOException e) {
            throw new InvalidInputException("config file " + file + ": " + e.getMessage(), e);
        }
    }

    public static ServerConfig parse(String yaml) {
        return parse(yaml, "config");
    }

    private static ServerConfig parse(String yaml, String source) {
        if (yaml.isBlank()) {
            return ServerConfig.DEFAULTS;
        }
        try {
            ServerConfig config = YAML.readValue(yaml, ServerConfig.class);
            return config == null ? ServerConfig.DEFAULTS : config;
        } catch (JsonMappingException e) {
            throw new InvalidInputException(source + ": " + e.getOriginalMessage() + " at " + e.getPathReference(), e);
        } catch (IOException e) {
            throw new InvalidInputException(source + ": " + e.getMessage(), e);
        }
    }
}
