package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A real query over long series (forty subqueries of 10.8 M steps) stops using CPU soon after its
 * client closes the connection: the process's CPU time is measured before and after.
 */
class CancelledQueryCpuTest {

    @Test
    void aQueryWhoseClientWentAwayStopsBurningCpu() throws Exception {
        try (ApiClient api = new ApiClient()) {
            // forty subqueries of 10.8 M steps each: about 0.1 s apiece once the JIT has compiled
            // them (so several seconds even in a warm JVM), far longer on a cold one
            String query = java.util.stream.IntStream.rangeClosed(1, 40)
                    .mapToObj(i -> "count_over_time(vector(" + i + ")[3h:1ms])")
                    .collect(java.util.stream.Collectors.joining(" + "));
            String[] hostPort = api.server.address().toString().split(":");
            String host = hostPort[0];
            int port = Integer.parseInt(hostPort[hostPort.length - 1]);
            // the precondition (the query still running when its client closes) is retried: a
            // collection or another test's leftovers can stall the first attempt
            List<String> attempts = new ArrayList<>();
            for (int attempt = 0; attempt < 3; attempt++) {
                long busyNanos;
                String answeredEarly;
                try (Socket socket = new Socket(host, port)) {
                    OutputStream out = socket.getOutputStream();
                    out.write(("GET /api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)
                                    + "&time=100000" + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    Thread.sleep(400);
                    long start = processCpuNanos();
                    Thread.sleep(600);
                    busyNanos = processCpuNanos() - start;
                    int ready = socket.getInputStream().available();
                    answeredEarly = ready == 0
                            ? null
                            : new String(
                                    socket.getInputStream().readNBytes(Math.min(ready, 400)), StandardCharsets.UTF_8);
                }
                Thread.sleep(500);
                long start = processCpuNanos();
                Thread.sleep(2_000);
                long afterNanos = processCpuNanos() - start;
                String said = String.format(
                        "process CPU: %d ms in the 600 ms before the close, %d ms in the 2 s after it%s",
                        busyNanos / 1_000_000,
                        afterNanos / 1_000_000,
                        answeredEarly == null ? "" : "; answered early: " + answeredEarly);
                System.out.println(said);
                attempts.add(said);
                if (answeredEarly != null || busyNanos <= 200_000_000L) {
                    continue;
                }
                assertThat(afterNanos)
                        .as("process CPU in the 2 s after the close: %d ms", afterNanos / 1_000_000)
                        .isLessThan(400_000_000L);
                return;
            }
            throw new AssertionError("the query was never still running when its client closed: " + attempts);
        }
    }

    /** CPU time of the whole process: the worker running the query and the collector freeing what it allocates. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
