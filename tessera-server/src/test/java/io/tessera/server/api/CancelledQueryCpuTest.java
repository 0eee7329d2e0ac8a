package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A real query over one long series (a subquery of 10.8 M steps) stops using CPU soon after its
 * client closes the connection: the process's CPU time is measured before and after.
 */
class CancelledQueryCpuTest {

    @Test
    void aQueryWhoseClientWentAwayStopsBurningCpu() throws Exception {
        try (ApiClient api = new ApiClient()) {
            String query = "count_over_time(vector(1)[3h:1ms])";
            String[] hostPort = api.server.address().toString().split(":");
            long busyNanos;
            try (Socket socket = new Socket(hostPort[0], Integer.parseInt(hostPort[hostPort.length - 1]))) {
                OutputStream out = socket.getOutputStream();
                out.write(("GET /api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&time=100000"
                        + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(400);
                long start = processCpuNanos();
                Thread.sleep(600);
                busyNanos = processCpuNanos() - start;
            }
            Thread.sleep(500);
            long start = processCpuNanos();
            Thread.sleep(2_000);
            long afterNanos = processCpuNanos() - start;
            System.out.printf("process CPU: %d ms in the 600 ms before the close, %d ms in the 2 s after it%n", busyNanos / 1_000_000, afterNanos / 1_000_000);
            assertThat(busyNanos).as("the query was running before the close (%d ms CPU in 600 ms)", busyNanos / 1_000_000)
                    .isGreaterThan(200_000_000L);
            assertThat(afterNanos).as("process CPU in the 2 s after the close: %d ms", afterNanos / 1_000_000)
                    .isLessThan(400_000_000L);
        }
    }

    /** CPU time of the whole process: the worker running the query and the collector freeing what it allocates. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
