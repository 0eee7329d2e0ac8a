package io.tessera.promqltest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tessera.promql.Expr;
import io.tessera.promql.ParseException;
import io.tessera.promql.Parser;
import io.tessera.promql.Printer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every query of Prometheus' own PromQL test scripts parses (unless the script expects it to
 * fail) and survives parse, print, parse unchanged. Queries that need native histograms (their
 * functions and trim operators) are refused with a message that says so, until they are
 * supported; they are counted apart, and any other refusal fails.
 */
class ReferenceExpressionsTest {

    private static List<ReferenceCases.Case> cases() {
        Optional<Path> folder = ReferenceTests.directory();
        assumeTrue(folder.isPresent(), "no shared/reference/promql-tests folder above the working directory; skipped");
        return ReferenceCases.load(folder.get());
    }

    @TestFactory
    Stream<DynamicTest> everyReferenceQueryRoundTrips() {
        return cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.toString(), () -> {
                    Expr parsed;
                    try {
                        parsed = Parser.parse(c.query());
                    } catch (ParseException e) {
                        if (c.mayFail()) {
                            return;
                        }
                        org.junit.jupiter.api.Assumptions.assumeFalse(
                                needsNativeHistograms(e), c + " -> " + e.getMessage());
                        throw new AssertionError(c + " -> " + e.getMessage(), e);
                    }
                    assertRoundTrips(parsed);
                }));
    }

    @Test
    void reportsHowManyReferenceQueriesParse() {
        List<ReferenceCases.Case> all = cases();
        int parsed = 0;
        List<String> rejected = new ArrayList<>();
        List<String> unexpected = new ArrayList<>();
        int histograms = 0;
        for (ReferenceCases.Case c : all) {
            try {
                assertRoundTrips(Parser.parse(c.query()));
                parsed++;
            } catch (ParseException e) {
                if (!c.mayFail() && needsNativeHistograms(e)) {
                    histograms++;
                    continue;
                }
                (c.mayFail() ? rejected : unexpected).add(c + " -> " + e.getMessage());
            }
        }
        System.out.printf(
                "reference queries: %d, parsed and round-tripped: %d, rejected (expected to fail): %d, "
                        + "refused for native histograms: %d%n",
                all.size(), parsed, rejected.size(), histograms);
        rejected.forEach(r -> System.out.println("  rejected: " + r));
        assertThat(unexpected).isEmpty();
        assertThat(all).hasSizeGreaterThan(700);
    }

    private static boolean needsNativeHistograms(ParseException e) {
        return e.getMessage().contains("native histograms are not supported");
    }

    static void assertRoundTrips(Expr parsed) {
        String printed = Printer.print(parsed);
        Expr again;
        try {
            again = Parser.parse(printed);
        } catch (ParseException e) {
            fail("printed form " + printed + " does not parse: " + e.getMessage());
            return;
        }
        assertThat(again).as(printed).isEqualTo(parsed);
        assertThat(Printer.print(again)).isEqualTo(printed);
    }
}
