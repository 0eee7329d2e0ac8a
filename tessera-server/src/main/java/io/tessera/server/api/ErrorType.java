package io.tessera.server.api;

import java.util.Locale;

/** Prometheus' API error types, with the HTTP status it answers each with. */
enum ErrorType {
    BAD_DATA(400),
    EXECUTION(422),
    /** 499 is nginx's "client closed request", which Prometheus uses for a cancelled query. */
    CANCELED(499),
    TIMEOUT(503),
    INTERNAL(500),
    NOT_FOUND(404);

    private final int status;

    ErrorType(int status) {
        this.status = status;
    }

    /** The name in lower case, as Prometheus' {@code errorType} says it. */
    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    int status() {
        return status;
    }
}
