package io.tessera.bench.accel;

/**
 * One line of the dashboard table: a query in one phase of the run, the p50 and p95 of Prometheus
 * and of Tessera in milliseconds (measured side by side), Tessera's largest error against
 * Prometheus, where Tessera's answers came from, and the ratio the row must reach.
 */
record DashboardRow(
        String dataset,
        Phase phase,
        AccelQuery query,
        Latency prometheus,
        Latency tessera,
        double error,
        String answered,
        double target) {

    enum Phase {
        /** No plan installed: Tessera's exact engine. */
        EXACT("no plan"),
        /** The planner's plan, data loaded, asked at its end and whole minutes before. */
        AT_NOW("at now"),
        /** The planner's plan while data keeps arriving, asked at the newest sample. */
        MOVING_NOW("moving now");

        final String label;

        Phase(String label) {
            this.label = label;
        }
    }

    /** p50 and p95 by nearest rank, in milliseconds. */
    record Latency(double p50, double p95) {

        static Latency of(long[] nanos) {
            long[] s = nanos.clone();
            java.util.Arrays.sort(s);
            return new Latency(rank(s, 0.5), rank(s, 0.95));
        }

        private static double rank(long[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
        }
    }

    double ratio() {
        return prometheus.p50() / tessera.p50();
    }

    boolean met() {
        return ratio() >= target && (phase != Phase.EXACT || tessera.p95() <= 3 * tessera.p50());
    }
}
