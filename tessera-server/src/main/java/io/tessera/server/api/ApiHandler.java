package io.tessera.server.api;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.tessera.exec.context.QueryCancelledException;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.context.QueryTimeoutException;
import io.tessera.server.http.Handler;
import io.tessera.server.http.Request;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One API endpoint: its parameters are collected, and whatever it throws is answered with the
 * Prometheus error type Prometheus would use (its {@code returnAPIError}).
 */
final class ApiHandler implements Handler {

    private static final Logger LOG = LoggerFactory.getLogger(ApiHandler.class);

    @FunctionalInterface
    interface Endpoint {
        void answer(Request request, FormValues form) throws IOException;
    }

    private final Endpoint endpoint;

    private ApiHandler(Endpoint endpoint) {
        this.endpoint = endpoint;
    }

    static Handler of(Endpoint endpoint) {
        return new ApiHandler(endpoint);
    }

    @Override
    public void handle(Request request) throws IOException {
        if (request.header("Origin") != null && !request.corsConfigured()) {
            allowCrossOrigin(request);
        }
        if (request.method().equals("OPTIONS")) {
            request.noContent();
            return;
        }
        ApiException error;
        try {
            endpoint.answer(request, FormValues.of(request));
            return;
        } catch (ApiException e) {
            error = e;
        } catch (QueryTimeoutException e) {
            error = new ApiException(ErrorType.TIMEOUT, e.getMessage());
        } catch (QueryCancelledException e) {
            error = new ApiException(ErrorType.CANCELED, e.getMessage());
        } catch (QueryExecutionException | LimitExceededException e) {
            error = new ApiException(ErrorType.EXECUTION, e.getMessage());
        } catch (InvalidInputException e) {
            error = ApiException.badData(e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("internal error answering {}", request.path(), e);
            error = new ApiException(ErrorType.INTERNAL, "internal error; the server log has the details");
        } catch (StackOverflowError e) {
            LOG.error("{} nested too deeply to evaluate", request.path(), e);
            error = new ApiException(ErrorType.EXECUTION, "the query is nested too deeply to evaluate");
        }
        if (request.responded()) {
            LOG.warn("{} failed after its response started: {}", request.path(), error.getMessage());
            return;
        }
        ApiResponses.error(request, error);
    }

    /**
     * Prometheus' CORS headers with its default origin pattern, which admits any origin to read;
     * with {@code web.cors_origin} set, the HTTP layer applies that pattern instead.
     */
    private static void allowCrossOrigin(Request request) {
        request.setHeader("Access-Control-Allow-Headers", "Accept, Authorization, Content-Type, Origin");
        request.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
        request.setHeader("Access-Control-Expose-Headers", "Date");
        request.setHeader("Vary", "Origin");
        request.setHeader("Access-Control-Allow-Origin", "*");
    }
}
