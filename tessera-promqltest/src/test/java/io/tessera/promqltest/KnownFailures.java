package io.tessera.promqltest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The evals our engine does not pass yet, as {@code script:line} entries in the test resource
 * {@code conformance-known-failures.txt}. A listed eval that fails is reported as skipped with
 * its failure; a listed eval that passes fails the suite until it is removed from the list, so
 * the list only ever shrinks. {@code -Dconformance.writeKnownFailures=FILE} writes the current
 * list instead of checking it.
 */
final class KnownFailures {

    private static final String RESOURCE = "/conformance-known-failures.txt";

    private final Set<String> listed;
    private final Set<String> failing = new ConcurrentSkipListSet<>();

    private KnownFailures(Set<String> listed) {
        this.listed = listed;
    }

    static KnownFailures load() {
        Set<String> listed = new TreeSet<>();
        try (InputStream in = KnownFailures.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    String entry = line.strip();
                    if (!entry.isEmpty() && !entry.startsWith("#")) {
                        listed.add(entry);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new KnownFailures(listed);
    }

    static String key(EvalOutcome outcome) {
        return outcome.script() + ":" + outcome.eval().line();
    }

    boolean isListed(EvalOutcome outcome) {
        return listed.contains(key(outcome));
    }

    void recordFailure(EvalOutcome outcome) {
        failing.add(key(outcome));
    }

    /** Writes the evals that failed in this run, when asked to by the system property. */
    void writeIfAsked() {
        String target = System.getProperty("conformance.writeKnownFailures");
        if (target == null) {
            return;
        }
        StringBuilder sb = new StringBuilder(
                "# Evals of the reference PromQL test scripts that Tessera does not pass yet.\n"
                        + "# Regenerate with -Dconformance.writeKnownFailures=<this file>; the suite fails when a listed eval passes.\n");
        for (String entry : failing) {
            sb.append(entry).append('\n');
        }
        try {
            Files.writeString(Path.of(target), sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean writing() {
        return System.getProperty("conformance.writeKnownFailures") != null;
    }
}
