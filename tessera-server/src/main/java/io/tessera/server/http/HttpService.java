package io.tessera.server.http;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HttpString;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;
import org.xnio.Options;
import org.xnio.XnioExecutor;
import org.xnio.conduits.StreamSourceConduit;

/**
 * The one HTTP port: Undertow, with handlers run off its IO threads on its worker pool (not on
 * virtual threads: XNIO's blocking waits keep a selector per thread that blocks), exact-path
 * routes, prefix routes for paths with a variable part (the longest matching prefix
 * wins; an exact route beats any prefix), and a last line of defence that turns an escaped
 * exception into a JSON error (the detail goes to the log) instead of a dropped connection. A
 * handler can ask to hear of its client going away ({@link Request#onClientGone}).
 *
 * <p>On the connection's IO thread, before any worker is involved, a request is authenticated
 * (when the gate can tell cheaply), a write route's content type and origin are checked
 * ({@link WriteGuard}), and its body is read to its end without blocking: a client that sends
 * its body slowly holds a connection, never a worker, and is cut off after the read timeout.
 */
public final class HttpService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpService.class);

    /** Every method a route may answer, for a route that answers whatever is asked. */
    public static final Set<String> ANY_METHOD = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");

    /** Handlers block (reading bodies, running queries), so the pool is sized for waiting, not for cores. */
    private static final int WORKER_THREADS = 64;
    /**
     * Undertow's pooled buffers (16 KiB by default): a large answer leaves in writes of this size.
     * At 64 KiB, writing a 10,000-series answer (850 kB) took half the socket time it took at 16.
     */
    private static final int IO_BUFFER = 64 * 1024;

    private static final AttachmentKey<byte[]> BODY = AttachmentKey.create(byte[].class);
    private static final String INTERNAL_ERROR = "{\"status\":\"error\",\"errorType\":\"internal\","
            + "\"error\":\"internal error; the server log has the details\"}";

    static {
        if (System.getProperty("org.jboss.logging.provider") == null) {
            System.setProperty("org.jboss.logging.provider", "slf4j");
        }
    }

    private record Route(String path, Set<String> methods, Handler handler) {}

    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final List<Route> prefixes = new ArrayList<>();
    private final Map<String, WriteGuard> writes = new LinkedHashMap<>();
    private final HttpOptions options;
    private final String listenAddress;
    private final Undertow server;
    private volatile InetSocketAddress bound;

    public HttpService(String host, int port) {
        this(host, port, HttpOptions.DEFAULTS);
    }

    public HttpService(String host, int port, HttpOptions options) {
        this.options = options;
        this.listenAddress = host + ":" + port;
        Undertow.Builder builder = Undertow.builder();
        if (options.tls() != null) {
            builder.addHttpsListener(port, host, options.tls());
        } else {
            builder.addHttpListener(port, host);
        }
        int readTimeout = (int) Math.min(Integer.MAX_VALUE, options.readTimeoutMs());
        server = builder.setIoThreads(Math.max(2, Runtime.getRuntime().availableProcessors()))
                .setBufferSize(IO_BUFFER)
                .setWorkerThreads(WORKER_THREADS)
                .setSocketOption(Options.BACKLOG, 256)
                .setSocketOption(Options.TCP_NODELAY, true)
                .setSocketOption(Options.CONNECTION_HIGH_WATER, options.maxConnections())
                .setSocketOption(Options.CONNECTION_LOW_WATER, options.maxConnections())
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, options.maxBodyBytes())
                .setServerOption(UndertowOptions.MAX_HEADER_SIZE, options.maxHeaderBytes())
                .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, readTimeout)
                .setServerOption(
                        UndertowOptions.NO_REQUEST_TIMEOUT, (int) Math.min(Integer.MAX_VALUE, options.idleTimeoutMs()))
                .setServerOption(UndertowOptions.MAX_PARAMETERS, 100_000)
                .setServerOption(UndertowOptions.ALLOW_UNESCAPED_CHARACTERS_IN_URL, true)
                // a client that sent "Expect: 100-continue" gets its 100 when the body is first read,
                // and a refusal before that instead (curl otherwise waits a second before sending)
                .setHandler(new io.undertow.server.handlers.HttpContinueReadHandler(this::accept))
                .build();
    }

    public HttpService route(String path, Set<String> methods, Handler handler) {
        routes.put(path, new Route(path, methods, handler));
        return this;
    }

    /** Routes every path that starts with {@code prefix} and has no exact or longer-prefix route. */
    public HttpService prefix(String prefix, Set<String> methods, Handler handler) {
        prefixes.removeIf(r -> r.path().equals(prefix));
        prefixes.add(new Route(prefix, methods, handler));
        prefixes.sort(Comparator.comparingInt((Route r) -> r.path().length()).reversed());
        return this;
    }

    /**
     * Marks the route (or prefix route) {@code path} as changing state: its requests other than
     * GET and HEAD must carry one of {@code contentTypes} (any, when none is given) and must not
     * come from a web page of another origin than the CORS pattern allows.
     */
    public HttpService writes(String path, String... contentTypes) {
        writes.put(path, new WriteGuard(Set.of(contentTypes)));
        return this;
    }

    private Route find(String path) {
        Route exact = routes.get(path);
        if (exact != null) {
            return exact;
        }
        for (Route r : prefixes) {
            if (path.startsWith(r.path())) {
                return r;
            }
        }
        return null;
    }

    /** Starts listening; an address that cannot be bound fails with a message naming it. */
    public void start() {
        try {
            server.start();
        } catch (RuntimeException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof IOException io) {
                    server.stop();
                    throw new java.io.UncheckedIOException(
                            "cannot listen on " + listenAddress + ": " + io.getMessage(), io);
                }
            }
            throw e;
        }
        bound = (InetSocketAddress) server.getListenerInfo().getFirst().getAddress();
    }

    public int port() {
        return address().getPort();
    }

    public String host() {
        return address().getHostString();
    }

    /** Whether the listener serves HTTPS. */
    public boolean tls() {
        return options.tls() != null;
    }

    private InetSocketAddress address() {
        InetSocketAddress a = bound;
        if (a == null) {
            throw new IllegalStateException("the HTTP service is not started");
        }
        return a;
    }

    /**
     * On an IO thread: adds the configured headers, refuses what can be refused without a worker,
     * reads the body, then hands the exchange to a worker.
     */
    private void accept(HttpServerExchange exchange) {
        for (Map.Entry<String, String> h : options.gate().responseHeaders().entrySet()) {
            exchange.getResponseHeaders().put(HttpString.tryFromString(h.getKey()), h.getValue());
        }
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        AccessGate.Verdict verdict = options.gate().admit(authorization);
        if (verdict == AccessGate.Verdict.DENY) {
            unauthorized(exchange);
            return;
        }
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        if (origin != null && options.corsOrigin() != null) {
            boolean allowed = options.corsOrigin().matcher(origin).matches();
            corsHeaders(exchange, allowed ? origin : null);
            if (allowed
                    && exchange.getRequestMethod().toString().equals("OPTIONS")
                    && exchange.getRequestHeaders().getFirst("Access-Control-Request-Method") != null) {
                exchange.setStatusCode(204);
                exchange.endExchange();
                return;
            }
        }
        String method = exchange.getRequestMethod().toString();
        Route route = find(exchange.getRequestPath());
        WriteGuard guard = route == null
                        || method.equals("GET")
                        || method.equals("HEAD")
                        || !route.methods().contains(method)
                ? null
                : writes.get(route.path());
        if (guard != null) {
            String crossSite = WriteGuard.crossSite(exchange, options.corsOrigin(), tls());
            if (crossSite != null) {
                refuse(exchange, 403, "forbidden", crossSite);
                return;
            }
            String contentType = guard.contentType(exchange);
            if (contentType != null) {
                refuse(exchange, 415, "bad_data", contentType);
                return;
            }
        }
        StreamSourceConduit socket = ClientWatch.socketOf(exchange);
        Runnable serve = () -> serve(exchange, socket, verdict == AccessGate.Verdict.VERIFY ? authorization : null);
        if (!hasBody(exchange)) {
            exchange.dispatch(serve);
            return;
        }
        long declared = exchange.getRequestContentLength();
        if (declared > options.maxBodyBytes()) {
            refuse(
                    exchange,
                    413,
                    "bad_data",
                    "request body of " + declared + " bytes exceeds the limit of " + options.maxBodyBytes() + " bytes");
            return;
        }
        readBody(exchange, serve);
    }

    private static boolean hasBody(HttpServerExchange exchange) {
        return exchange.getRequestContentLength() > 0
                || exchange.getRequestHeaders().contains("Transfer-Encoding");
    }

    /** Reads the whole body without blocking, then runs {@code serve} on a worker; cuts a body that takes too long. */
    private void readBody(HttpServerExchange exchange, Runnable serve) {
        XnioExecutor.Key deadline = exchange.getIoThread()
                .executeAfter(
                        () -> {
                            if (!exchange.isRequestComplete()) {
                                LOG.debug(
                                        "closing a connection whose request body to {} did not arrive within {} ms",
                                        exchange.getRequestPath(),
                                        options.readTimeoutMs());
                                IoUtils.safeClose(exchange.getConnection());
                            }
                        },
                        options.readTimeoutMs(),
                        TimeUnit.MILLISECONDS);
        exchange.getRequestReceiver()
                .receiveFullBytes(
                        (ex, bytes) -> {
                            deadline.remove();
                            ex.putAttachment(BODY, bytes);
                            ex.dispatch(serve);
                        },
                        (ex, e) -> {
                            deadline.remove();
                            if (e instanceof RequestTooBigException) {
                                refuse(
                                        ex,
                                        413,
                                        "bad_data",
                                        "request body exceeds the limit of " + options.maxBodyBytes() + " bytes");
                            } else {
                                LOG.debug("request body to {} not read: {}", ex.getRequestPath(), e.toString());
                                IoUtils.safeClose(ex.getConnection());
                            }
                        });
    }

    private static void unauthorized(HttpServerExchange exchange) {
        exchange.getResponseHeaders().put(HttpString.tryFromString("WWW-Authenticate"), "Basic");
        sendOnIoThread(exchange, 401, "text/plain; charset=utf-8", "Unauthorized\n");
    }

    /** A refusal before the body is read, in the Prometheus API's error format; the connection ends after it. */
    private static void refuse(HttpServerExchange exchange, int status, String errorType, String message) {
        sendOnIoThread(
                exchange,
                status,
                "application/json",
                "{\"status\":\"error\",\"errorType\":\"" + errorType + "\",\"error\":" + jsonString(message) + "}");
    }

    private static void sendOnIoThread(HttpServerExchange exchange, int status, String contentType, String body) {
        if (!exchange.isRequestComplete()) {
            exchange.setPersistent(false);
        }
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(HttpString.tryFromString("Content-Type"), contentType);
        exchange.getResponseSender().send(body, StandardCharsets.UTF_8);
    }

    /** Prometheus' CORS headers ({@code SetCORS}), with the origin allowed when {@code allowedOrigin} is set. */
    private static void corsHeaders(HttpServerExchange exchange, String allowedOrigin) {
        exchange.getResponseHeaders()
                .put(
                        HttpString.tryFromString("Access-Control-Allow-Headers"),
                        "Accept, Authorization, Content-Type, Content-Encoding, Origin");
        exchange.getResponseHeaders()
                .put(HttpString.tryFromString("Access-Control-Allow-Methods"), "GET, POST, OPTIONS");
        exchange.getResponseHeaders().put(HttpString.tryFromString("Access-Control-Expose-Headers"), "Date");
        exchange.getResponseHeaders().put(HttpString.tryFromString("Vary"), "Origin");
        if (allowedOrigin != null) {
            exchange.getResponseHeaders().put(HttpString.tryFromString("Access-Control-Allow-Origin"), allowedOrigin);
        }
    }

    private void serve(HttpServerExchange exchange, StreamSourceConduit socket, String toVerify) {
        Request request = new Request(exchange, socket, exchange.getAttachment(BODY), options.corsOrigin() != null);
        try {
            if (toVerify != null && !options.gate().verify(toVerify)) {
                request.setHeader("WWW-Authenticate", "Basic");
                request.text(401, "Unauthorized\n");
                return;
            }
            dispatch(request);
        } catch (IOException e) {
            LOG.debug("client connection failed on {}: {}", request.path(), e.toString());
        } finally {
            request.finish();
        }
    }

    private void dispatch(Request request) {
        try {
            Route route = find(request.path());
            if (route == null) {
                request.text(404, "404 page not found\n");
                return;
            }
            if (!route.methods().contains(request.method())) {
                request.setHeader("Allow", String.join(", ", route.methods()));
                request.text(405, "method " + request.method() + " not allowed for " + request.path() + "\n");
                return;
            }
            route.handler().handle(request);
        } catch (LimitExceededException e) {
            answerIfSilent(request, 413, e.getMessage());
        } catch (InvalidInputException e) {
            answerIfSilent(request, 400, e.getMessage());
        } catch (IOException e) {
            LOG.debug("client connection failed on {}: {}", request.path(), e.toString());
        } catch (RuntimeException | StackOverflowError e) {
            LOG.error("internal error on {} {}", request.method(), request.path(), e);
            if (!request.responded()) {
                try {
                    request.json(500, INTERNAL_ERROR);
                } catch (IOException io) {
                    LOG.debug("client connection failed on {}: {}", request.path(), io.toString());
                }
            }
        } catch (OutOfMemoryError e) {
            LOG.error("out of memory on {}; answered 503", request.path());
            if (!request.responded()) {
                request.setHeader("Retry-After", "30");
            }
            answerIfSilent(request, 503, "out of memory while handling this request; retry later");
        }
    }

    private static void answerIfSilent(Request request, int status, String message) {
        if (request.responded()) {
            return;
        }
        try {
            request.text(status, message + "\n");
        } catch (IOException e) {
            LOG.debug("client connection failed on {}: {}", request.path(), e.toString());
        }
    }

    static String jsonString(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    @Override
    public void close() {
        server.stop();
    }
}
