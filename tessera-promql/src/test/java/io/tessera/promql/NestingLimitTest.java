package io.tessera.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Deeply nested expressions are a parse error naming the limit, never an exhausted stack. */
class NestingLimitTest {

    @Test
    void twoThousandNestedParenthesesAreAParseErrorNamingTheLimit() {
        String query = "(".repeat(2_000) + "1" + ")".repeat(2_000);
        assertThatThrownBy(() -> Parser.parse(query))
                .isInstanceOf(ParseException.class)
                .hasMessage("1:" + (Parser.MAX_NESTING + 1) + ": parse error: expression nests more than "
                        + Parser.MAX_NESTING + " levels deep");
    }

    @Test
    void rightAssociativeAndUnaryChainsAreBoundedToo() {
        assertThatThrownBy(() -> Parser.parse("2" + "^2".repeat(5_000)))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("levels deep");
        assertThatThrownBy(() -> Parser.parse("-".repeat(5_000) + "1"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("levels deep");
        assertThatThrownBy(() -> Parser.parse("abs(".repeat(3_000) + "1" + ")".repeat(3_000)))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("levels deep");
    }

    @Test
    void nestingUpToTheLimitParses() {
        String query = "(".repeat(Parser.MAX_NESTING - 1) + "1" + ")".repeat(Parser.MAX_NESTING - 1);
        assertThat(Printer.print(Parser.parse(query))).isEqualTo(query);
    }

    @Test
    void aThousandTermChainParsesAndALongerOneIsAParseError() {
        assertThat(Parser.parse(String.join(" or ", java.util.Collections.nCopies(1_000, "up"))))
                .isInstanceOf(BinaryExpr.class);
        assertThatThrownBy(() -> Parser.parse(String.join(" or ", java.util.Collections.nCopies(3_000, "up"))))
                .isInstanceOf(ParseException.class)
                .hasMessage("1:1: parse error: expression is 3000 levels deep, more than the " + Parser.MAX_DEPTH
                        + " allowed (a chain of binary operators is one level per operator)");
    }
}
