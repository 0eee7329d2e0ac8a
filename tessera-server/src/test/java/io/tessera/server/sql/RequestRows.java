package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.server.TesseraServer;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * Rows of the {@code requests} table of {@link SqlSurfacesTest#CONFIG} as CSV, a second apart, with
 * what the tests expect of them: per host {count, sum of latency, sum of status}, and the count of
 * each status.
 */
record RequestRows(String csv, Map<String, double[]> byHost, Map<String, Map<Long, Long>> statusCounts) {

    /**
     * {@code count} rows from {@code base}: row {@code i} has the host {@code host.apply(i)} (which
     * may draw from {@code random}), then a status of 200, 300, 400 or 500 and a latency below
     * {@code latencyScale / latencyDivisor} in steps of {@code 1 / latencyDivisor}, both drawn
     * from {@code random}.
     */
    static RequestRows generate(
            long base, int count, Random random, IntFunction<String> host, double latencyScale, double latencyDivisor) {
        StringBuilder rows = new StringBuilder("ts,host,status,latency\n");
        Map<String, double[]> byHost = new TreeMap<>();
        Map<String, Map<Long, Long>> statusCounts = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            String name = host.apply(i);
            long status = 200 + 100L * random.nextInt(4);
            double latency = Math.round(random.nextDouble() * latencyScale) / latencyDivisor;
            rows.append(base + i * 1000L)
                    .append(",\"")
                    .append(name.replace("\"", "\"\""))
                    .append("\",")
                    .append(status)
                    .append(',')
                    .append(latency)
                    .append('\n');
            double[] e = byHost.computeIfAbsent(name, h -> new double[3]);
            e[0]++;
            e[1] += latency;
            e[2] += status;
            statusCounts.computeIfAbsent(name, h -> new TreeMap<>()).merge(status, 1L, Long::sum);
        }
        return new RequestRows(rows.toString(), byHost, statusCounts);
    }

    /** Posts the rows to {@code server}'s {@code requests} table, which must accept them. */
    void postTo(TesseraServer server) {
        HttpResponse<String> r = TableRowsEndpointTest.post(server, "/api/v1/tables/requests/rows", "text/csv", csv);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }
}
