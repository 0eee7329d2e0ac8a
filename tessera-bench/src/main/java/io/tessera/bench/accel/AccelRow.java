package io.tessera.bench.accel;

/**
 * One line of the table: p50 latencies in milliseconds of Prometheus, of Tessera reading views
 * and of Tessera answering exactly (before the plan was installed), the largest error of the
 * accelerated answer, and whether every accelerated run said it was answered from a view.
 */
record AccelRow(
        String dataset,
        AccelQuery query,
        double prometheusMs,
        double acceleratedMs,
        double exactMs,
        double error,
        boolean fromView) {

    double ratio() {
        return prometheusMs / acceleratedMs;
    }
}
