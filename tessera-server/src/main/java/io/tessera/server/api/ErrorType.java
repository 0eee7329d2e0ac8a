package io.tessera.server.api;

/** Prometheus' API error types, with the HTTP status it answers each with. */
enum ErrorType {
    BAD_DATA("bad_data", 400),
    EXECUTION("execution", 422),
    /** 499 is nginx's "client closed request", which Prometheus uses for a cancelled query. */
    CANCELED("canceled", 499),
    TIMEOUT("timeout", 503),
    INTERNAL("internal", 500),
    NOT_FOUND("not_found", 404);

    private final String wireName;
    private final int status;

    ErrorType(String wireName, int status) {
        this.wireName = wireName;
        this.status = status;
    }

    String wireName() {
        return wireName;
    }

    int status() {
        return status;
    }
}
