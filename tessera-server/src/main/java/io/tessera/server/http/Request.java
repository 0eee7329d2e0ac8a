package io.tessera.server.http;

import io.tessera.core.LimitExceededException;
import io.undertow.io.AsyncSenderImpl;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.xnio.IoUtils;
import org.xnio.conduits.StreamSourceConduit;

/** One HTTP exchange, with the few operations handlers need. */
public final class Request {

    private final HttpServerExchange exchange;
    private final StreamSourceConduit socket;
    private final byte[] received;
    private final boolean corsConfigured;
    private boolean responded;
    private boolean handedOff;
    private ClientWatch watch;
    private volatile boolean clientGone;

    /** {@code received}: the body, read whole before the handler runs; null when the request has none. */
    Request(HttpServerExchange exchange, StreamSourceConduit socket, byte[] received, boolean corsConfigured) {
        this.exchange = exchange;
        this.socket = socket;
        this.received = received;
        this.corsConfigured = corsConfigured;
    }

    /**
     * Whether the listener applies a configured CORS origin pattern (and has set the CORS
     * headers already); otherwise an endpoint may apply Prometheus' default, which admits any origin.
     */
    public boolean corsConfigured() {
        return corsConfigured;
    }

    public String method() {
        return exchange.getRequestMethod().toString();
    }

    public String path() {
        return exchange.getRequestPath();
    }

    /** The query string as sent, without the {@code ?}; null when the target has none. */
    public String rawQuery() {
        String query = exchange.getQueryString();
        return query == null || query.isEmpty() ? null : query;
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }

    /**
     * The whole body, refusing more than {@code limit} bytes with a
     * {@link LimitExceededException} before reading the excess.
     */
    public byte[] body(long limit) throws IOException {
        if (received != null) {
            if (received.length > limit) {
                closeAfterResponse();
                throw new LimitExceededException(
                        header("Content-Length") == null
                                ? "request body exceeds the limit of " + limit + " bytes"
                                : "request body of " + received.length + " bytes exceeds the limit of " + limit
                                        + " bytes");
            }
            return received;
        }
        String declared = header("Content-Length");
        if (declared != null) {
            try {
                if (Long.parseLong(declared.trim()) > limit) {
                    closeAfterResponse();
                    throw new LimitExceededException(
                            "request body of " + declared.trim() + " bytes exceeds the limit of " + limit + " bytes");
                }
            } catch (NumberFormatException e) {
                // the stream read below enforces the limit anyway
            }
        }
        blocking();
        InputStream in = exchange.getInputStream();
        try {
            return BoundedReads.readAtMost(in, limit, "request body exceeds the limit of " + limit + " bytes");
        } catch (LimitExceededException e) {
            closeAfterResponse();
            throw e;
        }
    }

    /**
     * The whole body decoded from its {@code Content-Encoding} (gzip, deflate or none), at most
     * {@code limit} bytes both as sent and decoded; see {@link ContentEncodings#decode}.
     */
    public byte[] decodedBody(long limit) throws IOException {
        return ContentEncodings.decode(header("Content-Encoding"), body(limit), limit);
    }

    /** A body refused unread ends the connection after the response instead of being read to its end. */
    private void closeAfterResponse() {
        exchange.setPersistent(false);
    }

    /**
     * Runs {@code action} if the client closes its connection before the response starts, for
     * example to cancel the work the response would carry. The action runs on an IO thread and
     * must be quick. Nothing is watched while part of the request body is unread (call it after
     * reading the body) or for a client that already sent its next request; returns whether the
     * connection is watched.
     */
    public boolean onClientGone(Runnable action) {
        if (watch != null || responded) {
            return false;
        }
        watch = ClientWatch.start(exchange, socket, () -> {
            clientGone = true;
            action.run();
        });
        return watch != null;
    }

    /** Ends the watch of {@link #onClientGone}: the response is about to start or the exchange is over. */
    void endWatch() {
        if (watch != null) {
            watch.end();
        }
    }

    public boolean responded() {
        return responded;
    }

    public void respond(int status, String contentType, byte[] body) throws IOException {
        startResponse();
        if (contentType != null) {
            setHeader("Content-Type", contentType);
        }
        sendWhole(status, status == 204 ? new byte[0] : body, status == 204 ? 0 : body.length);
    }

    /**
     * Sends a whole response body. Once the request is read to its end, the bytes are written
     * and the exchange ended on the connection's IO thread, without blocking: ending an exchange
     * there spares Undertow's hand-over of the connection from a worker back to its IO thread,
     * which spins while the worker is descheduled.
     */
    void sendWhole(int status, byte[] body, int length) throws IOException {
        if (clientGone) {
            return;
        }
        exchange.setStatusCode(status);
        if (status != 204) {
            exchange.setResponseContentLength(length);
        }
        boolean wholeOnIoThread = exchange.isRequestComplete() && (status != 204 || !exchange.isBlocking());
        if (!wholeOnIoThread) {
            blocking();
            if (status == 204) {
                exchange.endExchange();
                return;
            }
            try (OutputStream out = exchange.getOutputStream()) {
                out.write(body, 0, length);
            }
            return;
        }
        handedOff = true;
        ByteBuffer bytes = ByteBuffer.wrap(body, 0, length);
        exchange.getIoThread().execute(() -> {
            if (status == 204) {
                exchange.endExchange();
            } else {
                new AsyncSenderImpl(exchange).send(bytes);
            }
        });
    }

    /** Switches the exchange to blocking streams, for a body read or a response too large to hold. */
    void blocking() {
        if (!exchange.isBlocking()) {
            exchange.startBlocking();
        }
    }

    /** Ends the exchange unless its response went to the IO thread; a handler that answered nothing gets a 500. */
    void finish() {
        endWatch();
        if (handedOff) {
            return;
        }
        if (!exchange.isResponseStarted() && !responded) {
            exchange.setStatusCode(500);
        }
        blocking();
        exchange.endExchange();
    }

    /**
     * A body to write as it is produced, gzip-compressed when the client accepts it; closing the
     * stream completes the response. Headers must be set before the first write.
     */
    public OutputStream stream(int status, String contentType) {
        startResponse();
        if (clientGone) {
            return OutputStream.nullOutputStream();
        }
        setHeader("Content-Type", contentType);
        boolean gzip = ContentEncodings.acceptsGzip(header("Accept-Encoding"));
        if (gzip) {
            setHeader("Content-Encoding", "gzip");
        }
        return new ResponseStream(this, exchange, status, gzip);
    }

    /** Ends the watch; a response for a client that went away is not written, and its connection is closed. */
    private void startResponse() {
        endWatch();
        responded = true;
        if (clientGone) {
            exchange.setPersistent(false);
            IoUtils.safeClose(exchange.getConnection());
        }
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
        exchange.getResponseHeaders().put(HttpString.tryFromString(name), value);
    }
}
