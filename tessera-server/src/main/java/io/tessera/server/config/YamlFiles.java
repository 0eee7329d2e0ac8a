package io.tessera.server.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tessera.core.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Strict YAML binding for configuration files: snake_case keys, unknown and duplicate keys are
 * errors, and every error is one line naming the file, the key path and what is wrong with it.
 */
public final class YamlFiles {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private YamlFiles() {}

    /** Reads {@code file}; null for an empty file. {@code what} names the file in errors ("config file"). */
    public static <T> T read(Path file, Class<T> type, String what) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(what + " " + file + " does not exist");
        } catch (IOException e) {
            throw new InvalidInputException(what + " " + file + ": cannot be read: " + e.getMessage(), e);
        }
        return parse(text, type, what + " " + file);
    }

    /** Binds {@code yaml}; null when it is empty. {@code source} starts every error message. */
    public static <T> T parse(String yaml, Class<T> type, String source) {
        if (yaml.isBlank()) {
            return null;
        }
        try {
            return YAML.readValue(yaml, type);
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(source + ": " + describe(e), e);
        } catch (IOException e) {
            throw new InvalidInputException(source + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // a record's constructor refusing a value it was given
            throw new InvalidInputException(source + ": " + e.getMessage(), e);
        }
    }

    /** "key.path: what is wrong (line N)", in words a user of the file understands. */
    static String describe(JsonProcessingException e) {
        String line = line(e.getLocation());
        if (e instanceof JsonMappingException m) {
            String path = path(m);
            Throwable cause = m.getCause();
            if (cause instanceof ConfigValueException value) {
                // the parser is past the section by the time its record refuses a value: no line to name
                return prefixed(path.isEmpty() ? value.key() : path + "." + value.key(), value.problem());
            }
            if (cause instanceof InvalidInputException invalid) {
                return prefixed(path, invalid.getMessage()) + line;
            }
            if (m instanceof UnrecognizedPropertyException u) {
                return prefixed(
                                path,
                                "unknown key (known here: "
                                        + String.join(
                                                ", ",
                                                u.getKnownPropertyIds().stream()
                                                        .map(Object::toString)
                                                        .sorted()
                                                        .toList())
                                        + ")")
                        + line;
            }
            if (m instanceof InvalidFormatException f) {
                return prefixed(path, "\"" + f.getValue() + "\" is not " + typeName(f.getTargetType())) + line;
            }
            if (m instanceof MismatchedInputException mi && mi.getTargetType() != null) {
                return prefixed(path, "expected " + typeName(mi.getTargetType())) + line;
            }
            String message = m.getOriginalMessage();
            if (message != null && message.startsWith("Duplicate field")) {
                return prefixed(
                                path,
                                "duplicate key "
                                        + message.substring("Duplicate field".length())
                                                .trim())
                        + line;
            }
            return prefixed(path, plain(message)) + line;
        }
        String message = e.getOriginalMessage();
        if (message != null && message.startsWith("Duplicate field")) {
            return "duplicate key "
                    + message.substring("Duplicate field".length()).trim() + line;
        }
        return plain(message) + line;
    }

    private static String path(JsonMappingException m) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                if (!b.isEmpty()) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static String prefixed(String path, String message) {
        return path.isEmpty() ? message : path + ": " + message;
    }

    private static String line(JsonLocation location) {
        return location == null || location.getLineNr() <= 0 ? "" : " (line " + location.getLineNr() + ")";
    }

    private static String typeName(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (java.util.Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "a mapping of keys";
        }
        if (java.util.Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a " + type.getSimpleName();
    }

    /** A parser's message without Jackson's Java-oriented hints and source excerpts. */
    private static String plain(String message) {
        if (message == null) {
            return "malformed";
        }
        String first = message.lines().findFirst().orElse(message);
        int hint = first.indexOf(" (for ");
        return hint > 0 ? first.substring(0, hint) : first;
    }
}
