package io.tessera.promqltest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code eval} queries of Prometheus' PromQL test scripts, read where they are kept. */
final class ReferenceCases {

    private static final Pattern INSTANT =
            Pattern.compile("^eval(?:_(fail|warn|info|ordered))?\\s+instant\\s+(?:at\\s+\\S+\\s+)?(.+)$");
    private static final Pattern RANGE = Pattern.compile(
            "^eval(?:_(fail|warn|info))?\\s+range\\s+from\\s+\\S+\\s+to\\s+\\S+\\s+step\\s+\\S+\\s+(.+)$");

    /** One query; {@code mayFail} when the script expects its evaluation to fail. */
    record Case(String file, int line, String query, boolean mayFail) {

        @Override
        public String toString() {
            return file + ":" + line + " " + query;
        }
    }

    private ReferenceCases() {}

    /** The eval queries of every test script in {@code folder}, file by file in name order. */
    static List<Case> load(Path folder) {
        List<Case> cases = new ArrayList<>();
        try {
            for (Path f : ReferenceTests.files(folder)) {
                cases.addAll(parse(f.getFileName().toString(), Files.readAllLines(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    static List<Case> parse(String file, List<String> lines) {
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            Matcher m = INSTANT.matcher(line);
            if (!m.matches()) {
                m = RANGE.matcher(line);
                if (!m.matches()) {
                    continue;
                }
            }
            boolean mayFail = "fail".equals(m.group(1)) || expectsFailure(lines, i + 1);
            cases.add(new Case(file, i + 1, m.group(2).strip(), mayFail));
        }
        return cases;
    }

    /** Whether the lines after a command, up to the next blank line or command, expect a failure. */
    private static boolean expectsFailure(List<String> lines, int from) {
        for (int j = from; j < lines.size(); j++) {
            String next = lines.get(j).strip();
            if (next.isEmpty() || next.startsWith("eval") || next.startsWith("load") || next.startsWith("clear")) {
                return false;
            }
            if (next.startsWith("expect fail") || next.startsWith("expected_fail_")) {
                return true;
            }
        }
        return false;
    }
}
