package io.tessera.promql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Random well-typed queries parse, and print to text that parses to the same tree. */
class RoundTripTest {

    static LongStream seeds() {
        return LongStream.range(0, 40);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void randomQueriesRoundTrip(long seed) {
        RandomQueries queries = new RandomQueries(seed);
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            String query = i % 5 == 0 ? queries.scalar(3) : queries.vector(4);
            Expr parsed;
            try {
                parsed = Parser.parse(query);
            } catch (ParseException e) {
                failures.add(query + " -> " + e.getMessage());
                continue;
            }
            String printed = Printer.print(parsed);
            Expr again = Parser.parse(printed);
            assertThat(again).as("%s printed as %s", query, printed).isEqualTo(parsed);
            assertThat(Printer.print(again)).isEqualTo(printed);
        }
        assertThat(failures).as("seed %d", seed).isEmpty();
    }
}
