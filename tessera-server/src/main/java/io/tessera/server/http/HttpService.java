package io.tessera.server.http;

import com.sun.net.httpserver.HttpServer;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one HTTP port: the JDK's server on virtual threads, exact-path routes, prefix routes for
 * paths with a variable part (the longest matching prefix wins; an exact route beats any prefix),
 * and a last line of defence that turns an escaped exception into a plain-text error instead of
 * a dropped connection.
 */
public final class HttpService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpService.class);

    /** Every method the JDK server passes on, for a route that answers whatever is asked. */
    public static final Set<String> ANY_METHOD = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");

    private record Route(String path, Set<String> methods, Handler handler) {
    }

    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final List<Route> prefixes = new ArrayList<>();
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    public HttpService(String host, int port) throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(host, port), 256);
        server.setExecutor(executor);
        server.createContext("/", exchange -> dispatch(new Request(exchange)));
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
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String host() {
        return server.getAddress().getHostString();
    }

    private void dispatch(Request request) throws IOException {
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
            if (!request.responded()) {
                request.text(413, e.getMessage() + "\n");
            }
        } catch (InvalidInputException e) {
            if (!request.responded()) {
                request.text(400, e.getMessage() + "\n");
            }
        } catch (IOException e) {
            LOG.debug("client connection failed on {}: {}", request.path(), e.toString());
        } catch (RuntimeException e) {
            LOG.error("internal error on {}", request.path(), e);
            if (!request.responded()) {
                request.text(500, "internal error: " + e + "\n");
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
