package io.tessera.plan.codec;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.core.InvalidInputException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A JSON object being read strictly: each field read is remembered, and {@link #done()} rejects
 * the fields nobody read. Every error names the JSON path.
 */
final class Obj {

    final String path;
    private final JsonNode node;
    private final Set<String> read = new HashSet<>();

    private Obj(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    static Obj of(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new InvalidInputException(path + ": expected an object");
        }
        return new Obj(node, path);
    }

    JsonNode field(String name) {
        JsonNode v = node.get(name);
        if (v == null) {
            throw new InvalidInputException(path + ": missing field '" + name + "'");
        }
        read.add(name);
        return v;
    }

    boolean isNull(String name) {
        return field(name).isNull();
    }

    List<String> keys() {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    Obj obj(String name) {
        return of(field(name), path + "." + name);
    }

    JsonNode array(String name) {
        return field(name, JsonNode::isArray, "an array");
    }

    String string(String name) {
        return field(name, JsonNode::isTextual, "a string").textValue();
    }

    List<String> strings(String name) {
        JsonNode array = array(name);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            if (!array.get(i).isTextual()) {
                throw new InvalidInputException(path + "." + name + "[" + i + "]: expected a string");
            }
            out.add(array.get(i).textValue());
        }
        return out;
    }

    boolean bool(String name) {
        return field(name, JsonNode::isBoolean, "true or false").booleanValue();
    }

    long longField(String name) {
        return field(name, v -> v.isIntegralNumber() && v.canConvertToLong(), "an integer")
                .longValue();
    }

    int intField(String name) {
        return field(name, v -> v.isIntegralNumber() && v.canConvertToInt(), "an integer")
                .intValue();
    }

    /** The field, when {@code valid} accepts it; else an error that it should be {@code expected}. */
    private JsonNode field(String name, Predicate<JsonNode> valid, String expected) {
        JsonNode v = field(name);
        if (!valid.test(v)) {
            throw new InvalidInputException(path + "." + name + ": expected " + expected);
        }
        return v;
    }

    /** A node id that must name an earlier node than {@code self}. */
    int input(String name, int self) {
        return nodeId(field(name), path + "." + name, self);
    }

    int[] inputs(String name, int self) {
        JsonNode array = array(name);
        int[] ids = new int[array.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = nodeId(array.get(i), path + "." + name + "[" + i + "]", self);
        }
        return ids;
    }

    static int nodeId(JsonNode v, String path, int bound) {
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new InvalidInputException(path + ": expected a node id");
        }
        int id = v.intValue();
        if (id < 0 || id >= bound) {
            throw new InvalidInputException(
                    path + ": node " + id + " is not an earlier node (ids 0.." + (bound - 1) + ")");
        }
        return id;
    }

    <E extends Enum<E>> E enumField(String name, Class<E> type) {
        String text = string(name);
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).equals(text)) {
                return e;
            }
        }
        throw new InvalidInputException(path + "." + name + ": unknown value '" + text + "'");
    }

    /** Rejects any field that was not read. */
    void done() {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!read.contains(name)) {
                throw new InvalidInputException(path + ": unknown field '" + name + "'");
            }
        }
    }
}
