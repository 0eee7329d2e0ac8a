package io.tessera.server.http;

import io.undertow.server.HttpServerExchange;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Keeps web pages from changing state: a browser sends a "simple" cross-site request (a form,
 * or a fetch with a text/plain body) without asking first, so a page on any site could install
 * a plan or inject samples into a server on loopback. A write route accepts only its own content
 * types (none of the simple ones where it can), and refuses a request a browser marks as coming
 * from another origin ({@code Origin}, {@code Sec-Fetch-Site}) unless the CORS origin pattern
 * allows that origin. Clients that are not browsers send neither header.
 *
 * @param contentTypes the media types accepted; empty accepts any (the origin check still applies)
 */
record WriteGuard(Set<String> contentTypes) {

    /** Why the request is refused as cross-site, or null. */
    static String crossSite(HttpServerExchange exchange, Pattern corsOrigin, boolean tls) {
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        if (origin != null) {
            String own = (tls ? "https://" : "http://")
                    + exchange.getRequestHeaders().getFirst("Host");
            if (origin.equalsIgnoreCase(own)
                    || corsOrigin != null && corsOrigin.matcher(origin).matches()) {
                return null;
            }
            return "writes from origin " + origin + " are not allowed (see web.cors_origin)";
        }
        String site = exchange.getRequestHeaders().getFirst("Sec-Fetch-Site");
        if (site != null && (site.equalsIgnoreCase("cross-site") || site.equalsIgnoreCase("same-site"))) {
            return "writes from another site are not allowed (see web.cors_origin)";
        }
        return null;
    }

    /** Why the request's content type is refused, or null. */
    String contentType(HttpServerExchange exchange) {
        if (contentTypes.isEmpty()) {
            return null;
        }
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        String media = type == null ? "" : type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (contentTypes.contains(media)) {
            return null;
        }
        return "Content-Type " + (type == null ? "missing" : "\"" + type + "\" not accepted") + "; send "
                + String.join(" or ", contentTypes.stream().sorted().toList());
    }
}
