package io.tessera.plan.planner;

import io.tessera.core.Durations;
import io.tessera.plan.Grouping;
import io.tessera.plan.StateSpec;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The printed form of an {@link Explanation}. */
final class ExplanationText {

    private ExplanationText() {}

    static String render(
            Workload workload,
            InstallablePlan plan,
            List<ViewSummary> candidates,
            List<String> notAccelerated,
            double planCost,
            double exactCost) {
        StringBuilder sb = new StringBuilder();
        long chosen = candidates.stream().filter(ViewSummary::chosen).count();
        sb.append(String.format(
                Locale.ROOT,
                "Plan: %d queries, %d views (%d pane views, the others kept on evaluation grids). Estimates: %d series per selector,"
                        + " scrape every %s.%n",
                workload.queries().size(),
                plan.materializedViews().size(),
                chosen,
                workload.seriesPerSelector(),
                Durations.format(workload.scrapeIntervalMs())));
        sb.append("Cost of the accelerable range functions: ")
                .append(micros(planCost))
                .append(" with this plan, ")
                .append(micros(exactCost))
                .append(" computed exactly at every evaluation (CPU per second).\n");
        for (int i = 0; i < workload.queries().size(); i++) {
            WorkloadQuery q = workload.queries().get(i);
            sb.append(String.format(Locale.ROOT, "  [%d] %s  (%s)%n", i, q.query(), q.describeSchedule()));
        }
        for (ViewSummary v : candidates) {
            sb.append('\n');
            if (v.chosen()) {
                sb.append("view ")
                        .append(shortId(v.definitionId()))
                        .append(": ")
                        .append(v.state().family())
                        .append(params(v.state()))
                        .append(" over ")
                        .append(v.source())
                        .append(", pane ")
                        .append(Durations.format(v.paneMs()))
                        .append(" (phase 0), ")
                        .append(grouping(v.grouping()))
                        .append(", ")
                        .append(v.mode())
                        .append(", retention ")
                        .append(Durations.format(v.retentionMs()))
                        .append('\n');
                sb.append("  memory: ")
                        .append(bytes(v.memoryBytes()))
                        .append("; serves queries ")
                        .append(v.servedQueries())
                        .append('\n');
            } else {
                sb.append("no view for ")
                        .append(v.state().family())
                        .append(params(v.state()))
                        .append(" over ")
                        .append(v.source())
                        .append(" (queries ")
                        .append(v.servedQueries())
                        .append("): runs exactly at query time\n");
            }
            String chosenName = v.chosen() ? v.mode().name() : "AT_QUERY";
            for (Map.Entry<String, Double> alt : v.alternatives().entrySet()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "  %-13s %14s",
                        alt.getKey(),
                        Double.isInfinite(alt.getValue()) ? "-" : micros(alt.getValue())));
                sb.append(
                        alt.getKey().equals(chosenName)
                                ? "  chosen"
                                : "  " + v.reasons().get(alt.getKey()));
                sb.append('\n');
            }
            for (Map.Entry<String, String> note : v.reasons().entrySet()) {
                if (!v.alternatives().containsKey(note.getKey())) {
                    sb.append("  ")
                            .append(note.getKey())
                            .append(": ")
                            .append(note.getValue())
                            .append('\n');
                }
            }
        }
        if (!notAccelerated.isEmpty()) {
            sb.append("\nnot accelerable:\n");
            for (String s : notAccelerated) {
                sb.append("  ").append(s).append('\n');
            }
        }
        return sb.toString();
    }

    static String lostBy(double cost, double chosenCost, String chosenName) {
        if (chosenCost > 0) {
            return String.format(Locale.ROOT, "lost: %.3gx the cost of %s", cost / chosenCost, chosenName);
        }
        return "lost: costs more than " + chosenName;
    }

    /** Cores as microseconds of CPU per second. */
    static String micros(double cores) {
        return String.format(Locale.ROOT, "%.4g µs/s", cores * 1e6);
    }

    static String bytes(double b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        while (b >= 1024 && u < units.length - 1) {
            b /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.3g %s", b, units[u]);
    }

    static String shortId(String definitionId) {
        String hex = definitionId.startsWith("sha256:") ? definitionId.substring(7) : definitionId;
        return hex.substring(0, Math.min(12, hex.length()));
    }

    private static String params(StateSpec spec) {
        if (spec.params().isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("{");
        spec.params()
                .forEach((k, v) -> sb.append(sb.length() > 1 ? ", " : "")
                        .append(k)
                        .append('=')
                        .append(v == Math.rint(v) ? String.valueOf((long) (double) v) : String.valueOf(v)));
        return sb.append('}').toString();
    }

    private static String grouping(Grouping g) {
        return switch (g.kind()) {
            case PER_SERIES -> "per series";
            case BY -> "by " + g.labels();
            case WITHOUT -> "without " + g.labels();
        };
    }
}
