package io.tessera.bench.promql;

/** One HTTP answer of a query endpoint: status, body, and the time from sending to the last byte. */
public record ApiResponse(int status, String body, long nanos) {}
