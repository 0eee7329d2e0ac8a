package io.tessera.server.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleSupplier;

/**
 * Tessera's own metrics, rendered in the Prometheus text exposition format for {@code /metrics}.
 * Counters are {@link LongAdder}s; gauges are read from their owner when scraped.
 */
public final class MetricsRegistry {

    private record Family(String name, String help, String type, List<Series> series) {
    }

    private record Series(String labels, LongAdder counter, DoubleSupplier gauge) {
    }

    private final List<Family> families = new CopyOnWriteArrayList<>();

    /** A counter; {@code labels} are alternating names and values, fixed for its lifetime. */
    public LongAdder counter(String name, String help, String... labels) {
        LongAdder adder = new LongAdder();
        family(name, help, "counter").series().add(new Series(renderLabels(labels), adder, null));
        return adder;
    }

    public void gauge(String name, String help, DoubleSupplier value, String... labels) {
        family(name, help, "gauge").series().add(new Series(renderLabels(labels), null, value));
    }

    private synchronized Family family(String name, String help, String type) {
        for (Family f : families) {
            if (f.name().equals(name)) {
                if (!f.type().equals(type)) {
                    throw new IllegalArgumentException("metric " + name + " is already a " + f.type());
                }
                return f;
            }
        }
        Family f = new Family(name, help, type, new CopyOnWriteArrayList<>());
        families.add(f);
        return f;
    }

    private static String renderLabels(String... labels) {
        if (labels.length == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i + 1 < labels.length; i += 2) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(labels[i]).append("=\"")
                    .append(labels[i + 1].replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"))
                    .append('"');
        }
        return sb.append('}').toString();
    }

    /** The text exposition of every metric. */
    public String render() {
        StringBuilder sb = new StringBuilder(4096);
        for (Family f : new ArrayList<>(families)) {
            sb.append("# HELP ").append(f.name()).append(' ').append(f.help()).append('\n');
            sb.append("# TYPE ").append(f.name()).append(' ').append(f.type()).append('\n');
            for (Series s : f.series()) {
                double v = s.counter() != null ? s.counter().sum() : s.gauge().getAsDouble();
                sb.append(f.name()).append(s.labels()).append(' ').append(format(v)).append('\n');
            }
        }
        return sb.toString();
    }

    static String format(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%s", v);
    }
}
