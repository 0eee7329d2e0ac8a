package io.tessera.server.accel;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the fuzzer checked and found: pairs (query, time) per seed, the share answered at least
 * partly from views, and discrepancies grouped by class, each class with its smallest
 * reproduction (the shortest query, then the first found).
 */
final class FuzzReport {

    private static final Pattern FUNCTION = Pattern.compile("([a-z_]+)\\s*\\(");

    /** One discrepancy, reproducible by asking {@code query} at {@code when} of a server in {@code phase}. */
    record Discrepancy(long seed, String phase, String query, String when, String mismatch, String detail, String infos) {

        String describe() {
            return "seed " + seed + ", " + phase + ": " + query + " at " + when + "\n      " + detail + "\n      infos: "
                    + OracleComparison.abbreviate(infos);
        }
    }

    /** A class of discrepancies: how many, and the smallest one. */
    static final class DiscrepancyClass {
        int count;
        Discrepancy smallest;
        final Set<Long> seeds = new LinkedHashSet<>();
    }

    private final Map<Long, long[]> perSeed = new TreeMap<>();
    private final Map<String, DiscrepancyClass> classes = new TreeMap<>();
    private double worstRankError;

    void pair(long seed, boolean fromView) {
        long[] counts = perSeed.computeIfAbsent(seed, s -> new long[3]);
        counts[0]++;
        counts[1] += fromView ? 1 : 0;
    }

    void rankError(double error) {
        worstRankError = Math.max(worstRankError, error);
    }

    void discrepancy(Discrepancy d) {
        perSeed.computeIfAbsent(d.seed(), s -> new long[3])[2]++;
        DiscrepancyClass c = classes.computeIfAbsent(classOf(d), k -> new DiscrepancyClass());
        c.count++;
        c.seeds.add(d.seed());
        if (c.smallest == null || d.query().length() < c.smallest.query().length()) {
            c.smallest = d;
        }
    }

    /** Something that is not a (query, time) pair but went wrong: a failed ingestion run, a refused plan. */
    void event(long seed, String phase, String what) {
        discrepancy(new Discrepancy(seed, phase, "(no query)", "-", eventClass(what), what, ""));
    }

    private static String eventClass(String what) {
        int colon = what.indexOf(':');
        return colon > 0 ? what.substring(0, colon) : what;
    }

    /**
     * A discrepancy's class: what differed, the functions of the query from the outside in, and
     * whether it had offset, a negative offset, {@code @} or a subquery.
     */
    static String classOf(Discrepancy d) {
        if (d.query().equals("(no query)")) {
            return d.mismatch() + " [" + d.phase() + "]";
        }
        Set<String> functions = new LinkedHashSet<>();
        Matcher m = FUNCTION.matcher(d.query());
        while (m.find()) {
            if (!m.group(1).equals("by") && !m.group(1).equals("without")) {
                functions.add(m.group(1));
            }
        }
        String q = d.query();
        List<String> modifiers = new ArrayList<>();
        if (q.contains("offset -")) {
            modifiers.add("negative offset");
        } else if (q.contains(" offset ")) {
            modifiers.add("offset");
        }
        if (q.contains(" @ ")) {
            modifiers.add("@");
        }
        if (q.matches(".*\\[[0-9a-z]+:[0-9a-z]*\\].*")) {
            modifiers.add("subquery");
        }
        return d.mismatch() + ": " + String.join(" of ", functions) + (modifiers.isEmpty() ? "" : " with " + String.join(", ", modifiers));
    }

    long pairs() {
        return perSeed.values().stream().mapToLong(c -> c[0]).sum();
    }

    long fromViews() {
        return perSeed.values().stream().mapToLong(c -> c[1]).sum();
    }

    long discrepancies() {
        return perSeed.values().stream().mapToLong(c -> c[2]).sum();
    }

    double fromViewsShare() {
        return pairs() == 0 ? 0 : (double) fromViews() / pairs();
    }

    String seedLine(long seed) {
        long[] c = perSeed.getOrDefault(seed, new long[3]);
        return String.format(Locale.ROOT, "fuzz seed %d: pairs=%d from_views=%.1f%% discrepancies=%d", seed, c[0],
                c[0] == 0 ? 0.0 : 100.0 * c[1] / c[0], c[2]);
    }

    /** The stable summary line. */
    String summaryLine() {
        return String.format(Locale.ROOT, "fuzz: seeds=%d pairs=%d from_views=%.1f%% discrepancies=%d", perSeed.size(), pairs(),
                100 * fromViewsShare(), discrepancies());
    }

    String render() {
        StringBuilder out = new StringBuilder();
        for (long seed : perSeed.keySet()) {
            out.append(seedLine(seed)).append('\n');
        }
        out.append(String.format(Locale.ROOT, "fuzz: worst quantile rank error within bounds %.4f%n", worstRankError));
        out.append("fuzz: ").append(classes.size()).append(" discrepancy classes\n");
        classes.forEach((name, c) -> out.append("  [").append(c.count).append("x, seeds ").append(c.seeds).append("] ").append(name)
                .append("\n    smallest: ").append(c.smallest.describe()).append('\n'));
        out.append(summaryLine()).append('\n');
        return out.toString();
    }
}
