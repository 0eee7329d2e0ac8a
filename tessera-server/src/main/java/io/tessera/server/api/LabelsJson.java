package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.core.Labels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Result label sets rendered once as the JSON objects Prometheus writes for them, so that a
 * dashboard refreshing the same thousands of series copies bytes instead of escaping strings.
 * The rendering is kept on the label set itself, which costs fewer cache misses than a map: a set
 * a view or the raw store keeps is rendered once (its bytes stay with it, about as much again as
 * its strings), and a set made for one answer goes with it.
 */
final class LabelsJson {

    private LabelsJson() {}

    /** The JSON object of {@code labels} in UTF-8, in label order, with the raw escaping of result labels. */
    static byte[] bytes(Labels labels) {
        if (labels.rendering() instanceof byte[] kept) {
            return kept;
        }
        byte[] rendered = render(labels).getBytes(StandardCharsets.UTF_8);
        labels.keepRendering(rendered);
        return rendered;
    }

    /** The same object as a string. */
    static String of(Labels labels) {
        return new String(bytes(labels), StandardCharsets.UTF_8);
    }

    private static String render(Labels labels) {
        if (plain(labels)) {
            StringBuilder sb = new StringBuilder(labels.size() * 24).append('{');
            for (int i = 0; i < labels.size(); i++) {
                sb.append(i == 0 ? "\"" : ",\"")
                        .append(labels.name(i))
                        .append("\":\"")
                        .append(labels.value(i))
                        .append('"');
            }
            return sb.append('}').toString();
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream(labels.size() * 32);
        try (JsonGenerator g = ApiJson.open(buf)) {
            g.setCharacterEscapes(ApiJson.LABELS);
            g.writeStartObject();
            for (int i = 0; i < labels.size(); i++) {
                g.writeStringField(labels.name(i), labels.value(i));
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    /** True when no name or value needs escaping: printable ASCII without quote or backslash. */
    private static boolean plain(Labels labels) {
        for (int i = 0; i < labels.size(); i++) {
            if (!plain(labels.name(i)) || !plain(labels.value(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }
}
