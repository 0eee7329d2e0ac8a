package io.tessera.server.metrics;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.MetricWithFixedMetadata;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.tessera.server.http.Request;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleSupplier;

/**
 * Tessera's own metrics, with the JVM's and the process' ({@code jvm_*}, {@code process_*}), kept
 * in a Prometheus client registry that writes {@code /metrics}. Tessera's values are read from
 * their owners when scraped: a counter from the {@link LongAdder} it hands out or from a running
 * total its owner keeps, a gauge from its supplier. Series of one name may be added one by one,
 * each with its own label values; they must all name the same labels.
 */
public final class MetricsRegistry {

    private enum Type {
        COUNTER,
        GAUGE
    }

    private record Series(String[] labelValues, DoubleSupplier value) {}

    private record Family(Type type, List<String> labelNames, List<Series> series) {}

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Map<String, Family> families = new HashMap<>();
    private final ExpositionFormats formats = ExpositionFormats.init();

    public MetricsRegistry() {
        JvmMetrics.builder().register(registry);
    }

    /** The client registry, for metrics Tessera updates itself (histograms, labelled counters). */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** A counter; {@code labels} are alternating names and values, fixed for its lifetime. */
    public LongAdder counter(String name, String help, String... labels) {
        LongAdder adder = new LongAdder();
        add(name, help, Type.COUNTER, adder::sum, labels);
        return adder;
    }

    /** A counter whose running total its owner keeps; it never decreases while the process runs. */
    public void counter(String name, String help, DoubleSupplier total, String... labels) {
        add(name, help, Type.COUNTER, total, labels);
    }

    /** A gauge read from {@code value} at each scrape. */
    public void gauge(String name, String help, DoubleSupplier value, String... labels) {
        add(name, help, Type.GAUGE, value, labels);
    }

    private synchronized void add(String name, String help, Type type, DoubleSupplier value, String... labels) {
        if (labels.length % 2 != 0) {
            throw new IllegalArgumentException(
                    "labels of " + name + " must be name, value pairs: " + Arrays.toString(labels));
        }
        List<String> labelNames = new ArrayList<>();
        String[] labelValues = new String[labels.length / 2];
        for (int i = 0; i < labels.length; i += 2) {
            labelNames.add(labels[i]);
            labelValues[i / 2] = labels[i + 1];
        }
        Family family = families.get(name);
        if (family == null) {
            family = new Family(type, List.copyOf(labelNames), new CopyOnWriteArrayList<>());
            register(name, help, family);
            families.put(name, family);
        } else if (family.type() != type || !family.labelNames().equals(labelNames)) {
            throw new IllegalArgumentException("metric " + name + " is already a "
                    + family.type().name().toLowerCase() + " with labels " + family.labelNames());
        }
        family.series().add(new Series(labelValues, value));
    }

    private void register(String name, String help, Family family) {
        String[] labelNames = family.labelNames().toArray(String[]::new);
        MetricWithFixedMetadata.Builder<?, ?> builder = switch (family.type()) {
            case COUNTER ->
                CounterWithCallback.builder()
                        .callback(out ->
                                family.series().forEach(s -> out.call(s.value().getAsDouble(), s.labelValues())));
            case GAUGE ->
                GaugeWithCallback.builder()
                        .callback(out ->
                                family.series().forEach(s -> out.call(s.value().getAsDouble(), s.labelValues())));
        };
        builder.name(name).help(help).labelNames(labelNames).register(registry);
    }

    /** Every metric in the Prometheus text format, version 0.0.4. */
    public String render() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16384);
        try {
            PrometheusTextFormatWriter.create().write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Answers a scrape in the format its {@code Accept} header prefers: OpenMetrics or the Prometheus text format. */
    public void respond(Request request) throws IOException {
        ExpositionFormatWriter writer = formats.findWriter(request.header("Accept"));
        ByteArrayOutputStream out = new ByteArrayOutputStream(16384);
        writer.write(out, registry.scrape());
        request.respond(200, writer.getContentType(), out.toByteArray());
    }
}
