package io.tessera.server.accel;

import java.util.ArrayList;
import java.util.Collection;
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

    private static final Pattern FAMILY = Pattern.compile("\\(([a-z]+) panes of");
    private static final Pattern REASON = Pattern.compile("no state for \\([0-9]+, [0-9]+\\] \\(([^)]*)\\)");
    private static final Pattern KIND = Pattern.compile("kind=([a-z_]+)");
    private static final Set<String> SPECIAL_KINDS = Set.of("nan_heavy", "extreme", "big_offset", "cancelling");

    /**
     * One discrepancy, reproducible by asking {@code query} at {@code when} of a server in {@code
     * phase}; {@code afterSwapBack} when plan A had been installed again over plan B by then.
     */
    record Discrepancy(
            long seed,
            String phase,
            boolean afterSwapBack,
            String query,
            String when,
            String mismatch,
            String series,
            String detail,
            String infos) {

        String describe() {
            return "seed " + seed + ", " + phase + ": " + query + " at " + when + "\n      " + detail
                    + "\n      infos: " + OracleComparison.abbreviate(infos);
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
    private final Map<String, Long> byPath = new TreeMap<>();
    private final Map<String, Long> byReason = new TreeMap<>();
    private final Map<String, long[]> byTimeKind = new TreeMap<>();
    private double worstRankError;

    /** A checked pair: answered {@code fromView} or not, by the way {@code infos} name, at a time of {@code timeKind}. */
    void pair(long seed, boolean fromView, String infos, String timeKind) {
        long[] counts = perSeed.computeIfAbsent(seed, s -> new long[3]);
        counts[0]++;
        counts[1] += fromView ? 1 : 0;
        byPath.merge(path(infos), 1L, Long::sum);
        Matcher reason = REASON.matcher(infos);
        while (reason.find()) {
            byReason.merge(reason.group(1).replaceAll("[0-9]+", "N"), 1L, Long::sum);
        }
        long[] t = byTimeKind.computeIfAbsent(timeKind, k -> new long[2]);
        t[0]++;
        t[1] += fromView ? 1 : 0;
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
        discrepancy(new Discrepancy(seed, phase, false, "(no query)", "-", eventClass(what), "", what, ""));
    }

    private static String eventClass(String what) {
        int colon = what.indexOf(':');
        return colon > 0 ? what.substring(0, colon) : what;
    }

    /**
     * A discrepancy's class, from what the answer says and what the query and data were: how the
     * accelerated answer was computed (the view families its infos name, or the exact fallback),
     * what triggered it (modifiers, special values in the series, a plan installed again), and
     * what differed.
     */
    static String classOf(Discrepancy d) {
        if (d.query().equals("(no query)")) {
            return d.mismatch() + " [" + d.phase() + "]";
        }
        if (d.mismatch().startsWith("invalid query")) {
            return d.mismatch();
        }
        String path = path(d.infos());
        return path + ", " + trigger(d, path.startsWith("from ")) + ": " + d.mismatch();
    }

    private static String path(String infos) {
        Set<String> families = new java.util.TreeSet<>();
        Matcher m = FAMILY.matcher(infos);
        while (m.find()) {
            families.add(m.group(1) + " panes");
        }
        addFirstFound(infos, families, "moved to the query time", "grid corrected", "values kept every", "grid values");
        addFirstFound(infos, families, "kept as functions of time", "curve");
        if (!families.isEmpty()) {
            return "from " + String.join(" + ", families);
        }
        return infos.contains("answered exactly from raw data") ? "exact fallback" : "no view involved";
    }

    /**
     * Adds to {@code found} the name of the first marker {@code text} contains; {@code markersAndNames}
     * alternates a marker and its name.
     */
    private static void addFirstFound(String text, Collection<String> found, String... markersAndNames) {
        for (int i = 0; i < markersAndNames.length; i += 2) {
            if (text.contains(markersAndNames[i])) {
                found.add(markersAndNames[i + 1]);
                return;
            }
        }
    }

    private static String trigger(Discrepancy d, boolean fromViews) {
        if (fromViews) {
            if (d.afterSwapBack()) {
                return "after plan A was installed again";
            }
            String special = specialValues(d);
            if (special != null) {
                return special;
            }
        }
        String q = d.query();
        List<String> modifiers = new ArrayList<>();
        addFirstFound(q, modifiers, "offset -", "negative offset", " offset ", "offset");
        addFirstFound(q, modifiers, " @ ", "@");
        if (q.matches(".*\\[[0-9a-z]+:[0-9a-z]*\\].*")) {
            modifiers.add("subquery");
        }
        if (!modifiers.isEmpty()) {
            return "with " + String.join(", ", modifiers);
        }
        String special = specialValues(d);
        if (special != null) {
            return special;
        }
        return d.afterSwapBack() ? "after plan A was installed again" : "plain shape";
    }

    private static String specialValues(Discrepancy d) {
        Matcher kind = KIND.matcher(d.series());
        if (kind.find() && SPECIAL_KINDS.contains(kind.group(1))) {
            return "on " + kind.group(1) + " series";
        }
        if (d.series().contains("job=jx") || d.series().contains("job=jb")) {
            return "on a group with special values";
        }
        return null;
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
        return String.format(
                Locale.ROOT,
                "fuzz seed %d: pairs=%d from_views=%.1f%% discrepancies=%d",
                seed,
                c[0],
                c[0] == 0 ? 0.0 : 100.0 * c[1] / c[0],
                c[2]);
    }

    /** The stable summary line. */
    String summaryLine() {
        return String.format(
                Locale.ROOT,
                "fuzz: seeds=%d pairs=%d from_views=%.1f%% discrepancies=%d",
                perSeed.size(),
                pairs(),
                100 * fromViewsShare(),
                discrepancies());
    }

    String render() {
        StringBuilder out = new StringBuilder();
        for (long seed : perSeed.keySet()) {
            out.append(seedLine(seed)).append('\n');
        }
        out.append(String.format(Locale.ROOT, "fuzz: worst quantile rank error within bounds %.4f%n", worstRankError));
        out.append("fuzz: answers by way: ");
        byPath.forEach((path, n) -> out.append(path).append(' ').append(n).append("; "));
        out.append("\nfuzz: why a view was not used: ");
        byReason.forEach((reason, n) -> out.append(reason).append(' ').append(n).append("; "));
        out.append("\nfuzz: from views by time: ");
        byTimeKind.forEach((kind, c) -> out.append(String.format(Locale.ROOT, "%s %d/%d; ", kind, c[1], c[0])));
        out.append('\n');
        out.append("fuzz: ").append(classes.size()).append(" discrepancy classes\n");
        classes.forEach((name, c) -> out.append("  [")
                .append(c.count)
                .append("x, seeds ")
                .append(c.seeds)
                .append("] ")
                .append(name)
                .append("\n    smallest: ")
                .append(c.smallest.describe())
                .append('\n'));
        out.append(summaryLine()).append('\n');
        return out.toString();
    }
}
