package io.tessera.sql;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Numbers out of range and expressions too long to walk are input errors that say so, never crashes. */
class SqlInputLimitsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT count(*) FROM requests WHERE bytes > 99999999999999999999999",
                "SELECT count(*) FROM requests WHERE code IN (1, 99999999999999999999999)",
                "SELECT count(*) FROM requests WHERE time > toDateTime(9223372036854775807)",
                "SELECT count(*) FROM requests WHERE time > 9223372036854775807 + INTERVAL '1' HOUR",
                "SELECT count(*) FROM requests WHERE time > now() - INTERVAL '9999999999999999' DAY",
                "SELECT count(*) FROM requests LIMIT 99999999999999999999999",
                "SELECT count(*) FROM requests GROUP BY 99999999999999999999999",
            })
    void numericOverflowIsAnInputErrorNamingTheNumber(String sql) {
        assertThatThrownBy(() -> SqlFrontendTest.parse(sql))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("out of range");
    }

    @Test
    void threeThousandTermOrIsAnInputErrorNamingTheLimit() {
        String where = String.join(" OR ", Collections.nCopies(3_000, "code = 1"));
        assertThatThrownBy(() -> SqlFrontendTest.parse("SELECT count(*) FROM requests WHERE " + where))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("levels deep");
    }
}
