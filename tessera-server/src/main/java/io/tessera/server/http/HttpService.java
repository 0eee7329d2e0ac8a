package io.tessera.server.http;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.Options;
import org.xnio.conduits.StreamSourceConduit;

/**
 * The one HTTP port: Undertow, with handlers run off its IO threads on its worker pool (not on
 * virtual threads: XNIO's blocking waits keep a selector per thread that blocks), exact-path
 * routes, prefix routes for paths with a variable part (the longest matching prefix
 * wins; an exact route beats any prefix), and a last line of defence that turns an escaped
 * exception into a plain-text error instead of a dropped connection. A handler can ask to hear
 * of its client going away ({@link Request#onClientGone}).
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

    static {
        if (System.getProperty("org.jboss.logging.provider") == null) {
            System.setProperty("org.jboss.logging.provider", "slf4j");
        }
    }

    private record Route(String path, Set<String> methods, Handler handler) {
    }

    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final List<Route> prefixes = new ArrayList<>();
    private final Undertow server;
    private volatile InetSocketAddress bound;

    public HttpService(String host, int port) {
        server = Undertow.builder()
                .addHttpListener(port, host)
                .setIoThreads(Math.max(2, Runtime.getRuntime().availableProcessors()))
                .setBufferSize(IO_BUFFER)
                .setWorkerThreads(WORKER_THREADS)
                .setSocketOption(Options.BACKLOG, 256)
                .setSocketOption(Options.TCP_NODELAY, true)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, Long.MAX_VALUE)
                .setServerOption(UndertowOptions.MAX_PARAMETERS, 100_000)
                .setServerOption(UndertowOptions.ALLOW_UNESCAPED_CHARACTERS_IN_URL, true)
                .setHandler(this::accept)
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

    public void start() {
        server.start();
        bound = (InetSocketAddress) server.getListenerInfo().getFirst().getAddress();
    }

    public int port() {
        return address().getPort();
    }

    public String host() {
        return address().getHostString();
    }

    private InetSocketAddress address() {
        InetSocketAddress a = bound;
        if (a == null) {
            throw new IllegalStateException("the HTTP service is not started");
        }
        return a;
    }

    /** On an IO thread: note the connection's socket conduit, then hand the exchange to a worker. */
    private void accept(HttpServerExchange exchange) {
        StreamSourceConduit socket = ClientWatch.socketOf(exchange);
        exchange.dispatch(() -> serve(exchange, socket));
    }

    private void serve(HttpServerExchange exchange, StreamSourceConduit socket) {
        Request request = new Request(exchange, socket);
        try {
            dispatch(request);
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
            LOG.error("internal error on {}", request.path(), e);
            answerIfSilent(request, 500, "internal error: " + e);
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

    @Override
    public void close() {
        server.stop();
    }
}
