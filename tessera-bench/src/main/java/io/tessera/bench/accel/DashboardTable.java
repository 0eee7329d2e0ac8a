package io.tessera.bench.accel;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The dashboard run's table: one line per dataset, phase and query, with the ratio each line must reach. */
final class DashboardTable {

    private DashboardTable() {}

    static void print(List<DashboardRow> rows, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%n| data | phase | query | Prom p50 | Prom p95 | Tessera p50 | Tessera p95 | Prom/Tessera p50 | target | max error | answered |%n");
        out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
        int met = 0;
        int targeted = 0;
        for (DashboardRow r : rows) {
            boolean hasTarget = r.target() > 0;
            targeted += hasTarget ? 1 : 0;
            met += hasTarget && r.met() ? 1 : 0;
            out.printf(
                    Locale.ROOT,
                    "| %s | %s | `%s` | %.1f ms | %.1f ms | %.2f ms | %.2f ms | %.1fx | %s | %.1e | %s |%n",
                    r.dataset(),
                    r.phase().label,
                    r.query().text(),
                    r.prometheus().p50(),
                    r.prometheus().p95(),
                    r.tessera().p50(),
                    r.tessera().p95(),
                    r.ratio(),
                    hasTarget ? target(r) + (r.met() ? " met" : " MISSED") : "-",
                    r.error(),
                    r.answered());
        }
        out.printf(
                Locale.ROOT,
                "dashboard bench: %d of %d rows meet their target (no plan: Prometheus/Tessera p50 >= 1x and Tessera p95"
                        + " <= 3x its p50, on dataset b; with the plan: the ratio). Errors: relative against Prometheus,"
                        + " for quantiles the rank error among the window's raw samples where the answer is not Prometheus'"
                        + " own. Machine caveat: %d cores shared by both servers and this client; compare ratios.%n",
                met,
                targeted,
                Runtime.getRuntime().availableProcessors());
    }

    private static String target(DashboardRow r) {
        return r.phase() == DashboardRow.Phase.EXACT
                ? ">=1x, p95<=3p50"
                : String.format(Locale.ROOT, ">=%.0fx", r.target());
    }
}
