package io.tessera.server.sql;

import io.tessera.core.InvalidInputException;
import io.tessera.server.http.Request;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The URL parameters of a request, and its body as text, for the SQL surfaces. */
final class QueryText {

    /** The largest query body accepted. */
    static final long MAX_BODY = 1L << 20;

    private QueryText() {}

    /** The urlencoded pairs of {@code raw} (a query string or form body), the first value of each name. */
    static Map<String, String> params(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            try {
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                out.putIfAbsent(name, value);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("malformed URL parameter \"" + pair + "\": " + e.getMessage());
            }
        }
        return out;
    }

    static String body(Request request) throws IOException {
        return new String(request.decodedBody(MAX_BODY), StandardCharsets.UTF_8);
    }

    /** The media type of the request, lower case without parameters; empty when absent. */
    static String mediaType(Request request) {
        String type = request.header("Content-Type");
        if (type == null) {
            return "";
        }
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(java.util.Locale.ROOT);
    }
}
