package io.tessera.store.wal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * View ids as file names and manifest tokens: bytes outside {@code [A-Za-z0-9._-]} become
 * {@code %XX}, so {@code sha256:9f3a…} is the directory {@code sha256%3A9f3a…}. The mapping is
 * one-to-one.
 */
final class ViewFileNames {

    private ViewFileNames() {}

    static String encodeId(String id) {
        StringBuilder sb = new StringBuilder();
        for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '.'
                    || c == '_'
                    || c == '-') {
                sb.append((char) c);
            } else {
                sb.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return sb.toString();
    }

    static String decodeId(String encoded) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '%') {
                out.write(Integer.parseInt(encoded.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.write(c);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
