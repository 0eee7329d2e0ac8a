package io.tessera.server.http;

import com.sun.net.httpserver.HttpExchange;
import io.tessera.core.LimitExceededException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** One HTTP exchange, with the few operations handlers need. */
public final class Request {

    private final HttpExchange exchange;
    private boolean responded;

    Request(HttpExchange exchange) {
        this.exchange = exchange;
    }

    public String method() {
        return exchange.getRequestMethod();
    }

    public String path() {
        return exchange.getRequestURI().getPath();
    }

    public String rawQuery() {
        return exchange.getRequestURI().getRawQuery();
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }

    /**
     * The whole body, refusing more than {@code limit} bytes with a
     * {@link LimitExceededException} before reading the excess.
     */
    public byte[] body(long limit) throws IOException {
        String declared = header("Content-Length");
        if (declared != null) {
            try {
                if (Long.parseLong(declared.trim()) > limit) {
                    throw new LimitExceededException("request body of " + declared.trim() + " bytes exceeds the limit of " + limit + " bytes");
                }
            } catch (NumberFormatException e) {
                // the stream read below enforces the limit anyway
            }
        }
        try (InputStream in = exchange.getRequestBody()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
            byte[] buf = new byte[65536];
            long total = 0;
            int n;
            while ((n = in.read(buf)) > 0) {
                total += n;
                if (total > limit) {
                    throw new LimitExceededException("request body exceeds the limit of " + limit + " bytes");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }

    public boolean responded() {
        return responded;
    }

    public void respond(int status, String contentType, byte[] body) throws IOException {
        responded = true;
        if (contentType != null) {
            exchange.getResponseHeaders().set("Content-Type", contentType);
        }
        if (status == 204 || body.length == 0) {
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
            return;
        }
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /**
     * A body to write as it is produced, gzip-compressed when the client accepts it; closing the
     * stream completes the response. Headers must be set before the first write.
     */
    public OutputStream stream(int status, String contentType) {
        responded = true;
        exchange.getResponseHeaders().set("Content-Type", contentType);
        String accept = header("Accept-Encoding");
        boolean gzip = accept != null && accept.toLowerCase(Locale.ROOT).contains("gzip");
        if (gzip) {
            exchange.getResponseHeaders().set("Content-Encoding", "gzip");
        }
        return new ResponseStream(exchange, status, gzip);
    }

    public void text(int status, String body) throws IOException {
        respond(status, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
    }

    public void json(int status, String body) throws IOException {
        respond(status, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    public void noContent() throws IOException {
        respond(204, null, new byte[0]);
    }

    public void setHeader(String name, String value) {
        exchange.getResponseHeaders().set(name, value);
    }
}
