package io.tessera.bench.ingest;

import io.tessera.core.Labels;
import java.util.SplittableRandom;

/**
 * Series shaped like a node exporter's: each host has 100 series in ten families of ten, with
 * the label sets and value behaviour of the real ones (counters of CPU seconds in hundredths,
 * byte counters, byte and temperature gauges, 0/1 unit states, histogram buckets).
 */
final class HostSeries {

    static final int PER_HOST = 100;

    enum Kind {
        CPU_SECONDS,
        BYTES_COUNTER,
        BYTES_GAUGE,
        TEMPERATURE,
        STATE,
        BUCKET
    }

    private record Family(String name, Kind kind, String label, String[] values) {}

    private static final Family[] FAMILIES = {
        new Family("node_cpu_seconds_total", Kind.CPU_SECONDS, "mode", new String[] {
            "idle", "user", "system", "iowait", "irq", "softirq", "steal", "nice", "guest", "guest_nice"
        }),
        new Family("node_network_receive_bytes_total", Kind.BYTES_COUNTER, "device", devices("eth")),
        new Family("node_network_transmit_bytes_total", Kind.BYTES_COUNTER, "device", devices("eth")),
        new Family("node_disk_read_bytes_total", Kind.BYTES_COUNTER, "device", devices("sd")),
        new Family("node_filesystem_avail_bytes", Kind.BYTES_GAUGE, "mountpoint", new String[] {
            "/", "/boot", "/var", "/home", "/tmp", "/srv", "/opt", "/data0", "/data1", "/data2"
        }),
        new Family("node_memory_bytes", Kind.BYTES_GAUGE, "type", new String[] {
            "MemFree", "Cached", "Buffers", "Active", "Inactive", "Dirty", "Slab", "Shmem", "Mapped", "SwapCached"
        }),
        new Family("node_hwmon_temp_celsius", Kind.TEMPERATURE, "sensor", numbered("temp", 1)),
        new Family("node_systemd_unit_state", Kind.STATE, "name", new String[] {
            "sshd.service",
            "cron.service",
            "nginx.service",
            "postgresql.service",
            "docker.service",
            "containerd.service",
            "systemd-journald.service",
            "rsyslog.service",
            "chronyd.service",
            "node_exporter.service"
        }),
        new Family("http_requests_total", Kind.BYTES_COUNTER, "handler", new String[] {
            "/",
            "/api/v1/query",
            "/api/v1/query_range",
            "/api/v1/series",
            "/api/v1/labels",
            "/api/v1/write",
            "/metrics",
            "/-/healthy",
            "/-/ready",
            "/static"
        }),
        new Family("http_request_duration_seconds_bucket", Kind.BUCKET, "le", new String[] {
            "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "+Inf"
        }),
    };

    private HostSeries() {}

    private static String[] devices(String prefix) {
        String[] out = new String[10];
        for (int i = 0; i < out.length; i++) {
            out[i] = prefix + (prefix.equals("sd") ? String.valueOf((char) ('a' + i)) : Integer.toString(i));
        }
        return out;
    }

    private static String[] numbered(String prefix, int first) {
        String[] out = new String[10];
        for (int i = 0; i < out.length; i++) {
            out[i] = prefix + (first + i);
        }
        return out;
    }

    /** The labels of series {@code s}: host {@code s / 100}, family and member from {@code s % 100}. */
    static Labels labels(int s) {
        Family f = FAMILIES[(s % PER_HOST) / 10];
        return Labels.of(
                "__name__",
                f.name(),
                "instance",
                String.format("host-%05d:9100", s / PER_HOST),
                "job",
                "node",
                "region",
                "eu-" + (s / PER_HOST % 3),
                f.label(),
                f.values()[s % 10]);
    }

    static Kind kind(int s) {
        return FAMILIES[(s % PER_HOST) / 10].kind();
    }

    /** A plausible first value of series {@code s}. */
    static double initial(int s, SplittableRandom random) {
        return switch (kind(s)) {
            case CPU_SECONDS -> Math.round(random.nextDouble(1e3, 1e7)) / 100.0;
            case BYTES_COUNTER, BUCKET -> (double) random.nextLong(1L << 40);
            case BYTES_GAUGE -> 4096.0 * random.nextLong(1L << 28);
            case TEMPERATURE -> 30 + random.nextInt(300) / 10.0;
            case STATE -> random.nextInt(10) == 0 ? 0 : 1;
        };
    }

    /** The value after {@code previous}, one scrape later. */
    static double next(int s, double previous, SplittableRandom random) {
        return switch (kind(s)) {
            case CPU_SECONDS -> Math.round(previous * 100 + random.nextInt(1001)) / 100.0;
            case BYTES_COUNTER -> previous + random.nextInt(1 << 20);
            case BUCKET -> previous + random.nextInt(50);
            case BYTES_GAUGE ->
                random.nextInt(4) == 0 ? Math.max(0, previous + 4096.0 * (random.nextInt(2001) - 1000)) : previous;
            case TEMPERATURE -> Math.round(previous * 10 + random.nextInt(5) - 2) / 10.0;
            case STATE -> random.nextInt(500) == 0 ? 1 - previous : previous;
        };
    }
}
