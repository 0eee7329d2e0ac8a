package io.tessera.server.api;

/** A request the API answers with a Prometheus error body instead of data. */
final class ApiException extends RuntimeException {

    private final ErrorType type;

    ApiException(ErrorType type, String message) {
        super(message, null, false, false);
        this.type = type;
    }

    ErrorType type() {
        return type;
    }

    static ApiException badData(String message) {
        return new ApiException(ErrorType.BAD_DATA, message);
    }

    /** Prometheus' {@code invalidParamError}: {@code invalid parameter "<name>": <cause>}. */
    static ApiException invalidParameter(String name, String cause) {
        return badData("invalid parameter " + GoQuote.quote(name) + ": " + cause);
    }
}
