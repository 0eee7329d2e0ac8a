package io.tessera.promqltest;

import io.tessera.core.Durations;
import io.tessera.core.Labels;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the commands of a test script with promqltest's rules: lines are trimmed, a line
 * starting with {@code #} counts as blank, and a blank line ends a command's block.
 */
final class ScriptParser {

    private static final Pattern SPACE = Pattern.compile("[\t ]+");
    private static final Pattern LOAD = Pattern.compile("^load(?:_(with_nhcb))?\\s+(.+?)$");
    private static final Pattern EVAL_INSTANT =
            Pattern.compile("^eval(?:_(fail|warn|ordered|info))?\\s+instant\\s+(?:at\\s+(.+?))?\\s+(.+)$");
    private static final Pattern EVAL_RANGE = Pattern.compile(
            "^eval(?:_(fail|warn|info))?\\s+range\\s+from\\s+(.+)\\s+to\\s+(.+)\\s+step\\s+(.+?)\\s+(.+)$");
    private static final Pattern EXPECT =
            Pattern.compile("^expect\\s+(ordered|fail|warn|no_warn|info|no_info)(?:\\s+(regex|msg):(.+))?$");
    private static final String RANGE_VECTOR_PREFIX = "expect range vector";
    private static final Pattern EXPECT_RANGE =
            Pattern.compile("^" + RANGE_VECTOR_PREFIX + "\\s+from\\s+(.+)\\s+to\\s+(.+)\\s+step\\s+(.+)$");
    private static final String STRING_PREFIX = "expect string";
    private static final Set<String> NHCB_SUFFIXES = Set.of("_bucket", "_count", "_sum");

    private final String name;
    private final String[] lines;

    private ScriptParser(String name, String text) {
        this.name = name;
        this.lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            lines[i] = l.startsWith("#") ? "" : l;
        }
    }

    static List<Command> parse(String name, String text) {
        return new ScriptParser(name, text).commands();
    }

    private List<Command> commands() {
        List<Command> commands = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (l.isEmpty()) {
                continue;
            }
            String word = SPACE.split(l, 2)[0].toLowerCase(java.util.Locale.ROOT);
            if (word.equals("clear")) {
                commands.add(new ClearCommand(i + 1));
            } else if (word.startsWith("load")) {
                i = load(i, commands);
            } else if (word.startsWith("eval")) {
                i = eval(i, commands);
            } else {
                throw error(i, "invalid command \"" + l + "\"");
            }
        }
        return List.copyOf(commands);
    }

    // ---- load

    private int load(int i, List<Command> out) {
        Matcher m = LOAD.matcher(lines[i]);
        if (!m.matches()) {
            throw error(i, "invalid load command. (load[_with_nhcb] <step:duration>)");
        }
        boolean withNhcb = m.group(1) != null;
        long interval = duration(i, m.group(2), "step");
        int first = i;
        Map<Labels, PointSeries> series = new LinkedHashMap<>();
        Set<String> histograms = new LinkedHashSet<>();
        Set<Labels> histogramSeries = new LinkedHashSet<>();
        while (i + 1 < lines.length && !lines[i + 1].isEmpty()) {
            i++;
            SeriesLine s = seriesLine(i);
            if (s.hasHistogram()) {
                histograms.add(s.labels().metricName());
                histogramSeries.add(s.labels());
                series.remove(s.labels());
                continue;
            }
            series.put(s.labels(), sampled(s, interval));
            if (withNhcb) {
                nhcbBaseName(s.labels().metricName()).ifPresent(base -> {
                    histograms.add(base);
                    histogramSeries.add(
                            s.labels().with(Labels.METRIC_NAME, base).without(List.of("le")));
                });
            }
        }
        out.add(new LoadCommand(
                first + 1, interval, withNhcb, List.copyOf(series.values()), histograms, histogramSeries));
        return i;
    }

    private static PointSeries sampled(SeriesLine s, long interval) {
        int n = 0;
        for (SequenceValue v : s.values()) {
            n += v.omitted() ? 0 : 1;
        }
        long[] ts = new long[n];
        double[] vs = new double[n];
        int j = 0;
        for (int k = 0; k < s.values().size(); k++) {
            SequenceValue v = s.values().get(k);
            if (!v.omitted()) {
                ts[j] = k * interval;
                vs[j] = v.value();
                j++;
            }
        }
        return new PointSeries(s.labels(), ts, vs);
    }

    /** The native histogram a classic histogram series becomes with {@code load_with_nhcb}. */
    private static Optional<String> nhcbBaseName(String metric) {
        for (String suffix : NHCB_SUFFIXES) {
            if (metric.endsWith(suffix)) {
                return Optional.of(metric.substring(0, metric.length() - suffix.length()));
            }
        }
        return Optional.empty();
    }

    // ---- eval

    private int eval(int i, List<Command> out) {
        int first = i;
        Matcher instant = EVAL_INSTANT.matcher(lines[i]);
        Matcher range = EVAL_RANGE.matcher(lines[i]);
        boolean isInstant = instant.matches();
        if (!isInstant && !range.matches()) {
            throw error(
                    i,
                    "invalid evaluation command. Must be either 'eval[_fail|_warn|_ordered] instant "
                            + "[at <offset:duration>] <query>' or 'eval[_fail|_warn] range from <from> to <to> step <step> <query>'");
        }
        String modifier = isInstant ? instant.group(1) : range.group(1);
        String expr = isInstant ? instant.group(3) : range.group(5);
        QueryTime time;
        if (isInstant) {
            String at = instant.group(2);
            time = new QueryTime.Instant(duration(i, at == null ? "" : at, "timestamp"));
        } else {
            time = rangeOf(i, range.group(2), range.group(3), range.group(4));
        }
        Set<ExpectKind> legacy = modifier == null ? Set.of() : EnumSet.of(ExpectKind.parse(modifier));
        Map<ExpectKind, List<MessageMatch>> expectLines = new EnumMap<>(ExpectKind.class);
        Optional<MessageMatch> legacyFailMatch = Optional.empty();
        Optional<QueryTime.Range> rangeVector = Optional.empty();
        Map<Labels, ExpectedSeries> series = new LinkedHashMap<>();
        ExpectedResult expected = null;
        String unsupported = null;
        int position = 0;
        while (i + 1 < lines.length && !lines[i + 1].isEmpty()) {
            i++;
            String l = lines[i];
            boolean legacyFail = legacy.contains(ExpectKind.FAIL);
            if (legacyFail && l.startsWith("expected_fail_message")) {
                legacyFailMatch = Optional.of(MessageMatch.exact(
                        l.substring("expected_fail_message".length()).strip()));
                break;
            }
            if (legacyFail && l.startsWith("expected_fail_regexp")) {
                legacyFailMatch = Optional.of(
                        regex(i, l.substring("expected_fail_regexp".length()).strip()));
                break;
            }
            if (l.startsWith(RANGE_VECTOR_PREFIX)) {
                Matcher m = EXPECT_RANGE.matcher(l);
                if (!m.matches()) {
                    throw error(i, "invalid range vector definition \"" + l + "\"");
                }
                QueryTime.Range grid = rangeOf(i, m.group(1), m.group(2), m.group(3));
                rangeVector = Optional.of(grid);
                time = isInstant ? new QueryTime.Instant(grid.end()) : grid;
                continue;
            }
            if (l.startsWith(STRING_PREFIX)) {
                expected = new ExpectedResult.Text(stringLiteral(i, l));
                continue;
            }
            if (l.split(" ", -1)[0].equals("expect")) {
                expectLine(i, l, expectLines);
                continue;
            }
            if (Floats.isNumber(l)) {
                expected = new ExpectedResult.Scalar(Floats.parse(l));
                break;
            }
            SeriesLine s = seriesLine(i);
            if (s.values().size() > 1 && isInstant && rangeVector.isEmpty()) {
                throw error(
                        i,
                        "expecting multiple values in instant evaluation not allowed. consider using "
                                + "'expect range vector' directive to enable a range vector result for an instant query");
            }
            if (s.hasHistogram()) {
                unsupported = "native histogram in the expected result (line " + (i + 1) + ")";
            }
            series.put(s.labels(), new ExpectedSeries(s.labels(), s.values(), ++position));
        }
        if (expected == null) {
            expected = new ExpectedResult.SeriesSet(List.copyOf(series.values()));
        }
        Expectations expect = new Expectations(legacy, expectLines, legacyFailMatch);
        out.add(new EvalCommand(
                first + 1, lines[first], expr, time, rangeVector, expect, expected, Optional.ofNullable(unsupported)));
        return i;
    }

    private void expectLine(int i, String l, Map<ExpectKind, List<MessageMatch>> out) {
        Matcher m = EXPECT.matcher(l.strip());
        if (!m.matches()) {
            throw error(i, "invalid expect statement, must match `expect <type> <match_type>: <string>` format");
        }
        ExpectKind kind = ExpectKind.parse(m.group(1));
        MessageMatch match;
        if (m.group(2) == null) {
            match = MessageMatch.any();
        } else if (m.group(2).equals("msg")) {
            match = MessageMatch.exact(m.group(3).strip());
        } else {
            match = regex(i, m.group(3).strip());
        }
        out.computeIfAbsent(kind, k -> new ArrayList<>()).add(match);
        if (out.containsKey(ExpectKind.INFO) && out.containsKey(ExpectKind.NO_INFO)) {
            throw error(i, "invalid expect lines, info and no_info cannot be used together");
        }
        if (out.containsKey(ExpectKind.WARN) && out.containsKey(ExpectKind.NO_WARN)) {
            throw error(i, "invalid expect lines, warn and no_warn cannot be used together");
        }
        if (out.getOrDefault(ExpectKind.FAIL, List.of()).size() > 1) {
            throw error(i, "invalid expect lines, multiple expect fail lines are not allowed");
        }
    }

    private MessageMatch regex(int i, String pattern) {
        try {
            return MessageMatch.regex(pattern);
        } catch (PatternSyntaxException e) {
            throw error(i, "invalid regex " + pattern + ": " + e.getDescription());
        }
    }

    private String stringLiteral(int i, String l) {
        String rest = l.equals(STRING_PREFIX)
                ? ""
                : l.substring(STRING_PREFIX.length()).strip();
        if (rest.length() < 2
                || !(rest.startsWith("\"") && rest.endsWith("\"") || rest.startsWith("`") && rest.endsWith("`"))) {
            throw error(i, "expected string literal not valid - a quoted string literal is required");
        }
        try {
            return SeriesLineParser.parseLabels("{s=" + rest + "}").get("s");
        } catch (IllegalArgumentException e) {
            throw error(i, "expected string literal not valid - check that the string is correctly quoted");
        }
    }

    // ---- pieces

    private SeriesLine seriesLine(int i) {
        try {
            return SeriesLineParser.parse(lines[i]);
        } catch (IllegalArgumentException e) {
            throw error(i, e.getMessage());
        }
    }

    private QueryTime.Range rangeOf(int i, String from, String to, String step) {
        long start = duration(i, from, "start timestamp");
        long end = duration(i, to, "end timestamp");
        if (end < start) {
            throw error(
                    i, "invalid test definition, end timestamp (" + to + ") is before start timestamp (" + from + ")");
        }
        return new QueryTime.Range(start, end, duration(i, step, "step"));
    }

    /** A Prometheus duration ({@code 0} needs no unit), in milliseconds since t=0. */
    private long duration(int i, String text, String what) {
        if (text.equals("0")) {
            return 0;
        }
        try {
            return Durations.parseMillis(text);
        } catch (RuntimeException e) {
            throw error(i, "invalid " + what + " definition \"" + text + "\": " + e.getMessage());
        }
    }

    private ScriptSyntaxException error(int i, String message) {
        return new ScriptSyntaxException(name + ":" + (i + 1) + ": " + message);
    }
}
