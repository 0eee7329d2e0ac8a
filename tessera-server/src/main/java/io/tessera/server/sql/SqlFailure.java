package io.tessera.server.sql;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.tessera.core.TesseraException;
import io.tessera.exec.context.QueryCancelledException;
import io.tessera.exec.context.QueryTimeoutException;
import io.tessera.store.table.UnknownTableException;

/**
 * Why a SQL query failed, as each surface reports it: the status of {@code /api/v1/sql} (400 for
 * SQL that cannot be answered as written, 422 for a run that fails, 500 for a bug), and the
 * ClickHouse error code, name and HTTP status a ClickHouse client expects for the same failure.
 */
record SqlFailure(int status, int clickHouseCode, String clickHouseName, int clickHouseStatus, String message) {

    /** What a client is told of a bug: the exception, with its class and stack, goes to the log only. */
    static final String INTERNAL = "internal error; the server log has the details";

    static SqlFailure of(RuntimeException e) {
        String m = String.valueOf(e.getMessage());
        return switch (e) {
            case UnknownTableException t -> new SqlFailure(400, 60, "UNKNOWN_TABLE", 404, m);
            case InvalidInputException i
            when m.startsWith("SQL syntax error") || m.startsWith("empty SQL") ->
                new SqlFailure(400, 62, "SYNTAX_ERROR", 400, m);
            case InvalidInputException i
            when m.startsWith("unsupported SQL") -> new SqlFailure(400, 48, "NOT_IMPLEMENTED", 400, m);
            case InvalidInputException i
            when m.startsWith("unknown column") -> new SqlFailure(400, 47, "UNKNOWN_IDENTIFIER", 400, m);
            case InvalidInputException i
            when m.startsWith("unknown table") -> new SqlFailure(400, 60, "UNKNOWN_TABLE", 404, m);
            case InvalidInputException i -> new SqlFailure(400, 36, "BAD_ARGUMENTS", 400, m);
            case QueryTimeoutException t -> new SqlFailure(422, 159, "TIMEOUT_EXCEEDED", 500, m);
            case QueryCancelledException c -> new SqlFailure(422, 394, "QUERY_WAS_CANCELLED", 500, m);
            case LimitExceededException l -> new SqlFailure(422, 158, "TOO_MANY_ROWS", 500, m);
            case TesseraException t -> new SqlFailure(422, 1002, "UNKNOWN_EXCEPTION", 500, m);
            default -> new SqlFailure(500, 1001, "STD_EXCEPTION", 500, INTERNAL);
        };
    }
}
