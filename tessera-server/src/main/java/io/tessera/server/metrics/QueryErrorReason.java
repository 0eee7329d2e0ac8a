package io.tessera.server.metrics;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.tessera.core.TesseraException;
import io.tessera.exec.context.QueryCancelledException;
import io.tessera.exec.context.QueryTimeoutException;

/** Why a query failed, as {@code tessera_query_errors_total} counts it (Prometheus' API error types, and the sample limit). */
public final class QueryErrorReason {

    public static final String BAD_DATA = "bad_data";
    public static final String TIMEOUT = "timeout";
    public static final String CANCELED = "canceled";
    public static final String TOO_MANY_SAMPLES = "too_many_samples";
    public static final String EXECUTION = "execution";
    public static final String INTERNAL = "internal";

    private QueryErrorReason() {}

    public static String of(RuntimeException e) {
        return switch (e) {
            case InvalidInputException i -> BAD_DATA;
            case QueryTimeoutException t -> TIMEOUT;
            case QueryCancelledException c -> CANCELED;
            case LimitExceededException l -> TOO_MANY_SAMPLES;
            case TesseraException t -> EXECUTION;
            default -> INTERNAL;
        };
    }
}
