package io.tessera.server.api;

import io.tessera.core.LimitExceededException;
import io.tessera.server.http.Request;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A request's parameters as Go's {@code Request.ParseForm} collects them: an urlencoded POST
 * body first, then the query string, so {@link #first} prefers the body. Pairs Go would reject
 * (a bad escape, a semicolon) are skipped, as {@code FormValue} skips them.
 */
final class FormValues {

    /** Go's limit on an urlencoded body. */
    static final long MAX_BODY = 10L << 20;

    private final Map<String, List<String>> values = new HashMap<>();

    private FormValues() {}

    /** No parameters: every one takes its default. */
    static FormValues none() {
        return new FormValues();
    }

    static FormValues of(Request request) throws IOException {
        FormValues form = new FormValues();
        if (hasFormBody(request)) {
            try {
                form.parse(new String(request.body(MAX_BODY), StandardCharsets.UTF_8));
            } catch (LimitExceededException e) {
                throw ApiException.badData("error parsing form values: http: POST too large");
            }
        }
        if (request.rawQuery() != null) {
            form.parse(request.rawQuery());
        }
        return form;
    }

    private static boolean hasFormBody(Request request) {
        String method = request.method();
        if (!method.equals("POST") && !method.equals("PUT") && !method.equals("PATCH")) {
            return false;
        }
        String type = request.header("Content-Type");
        if (type == null) {
            return false;
        }
        int semicolon = type.indexOf(';');
        String mediaType =
                (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
        return mediaType.equals("application/x-www-form-urlencoded");
    }

    private void parse(String raw) {
        for (String pair : raw.split("&", -1)) {
            if (pair.isEmpty() || pair.indexOf(';') >= 0) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                values.computeIfAbsent(decode(key), k -> new ArrayList<>()).add(decode(value));
            } catch (IllegalArgumentException e) {
                // a malformed escape: Go drops the pair
            }
        }
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    /** The first value of {@code name}, or the empty string, like Go's {@code FormValue}. */
    String first(String name) {
        List<String> v = values.get(name);
        return v == null ? "" : v.getFirst();
    }

    List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }
}
