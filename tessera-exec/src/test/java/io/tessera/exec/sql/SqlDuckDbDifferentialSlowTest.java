package io.tessera.exec.sql;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The long differential run: 1,000,000 rows, 320 generated queries, checked against DuckDB (-Pslow). */
@Tag("slow")
class SqlDuckDbDifferentialSlowTest {

    @Test
    void millionRowsAgreeWithDuckDb() throws Exception {
        SqlDuckDbDifferentialTest.run(Integer.getInteger("tessera.sql.rows", 1_000_000),
                Integer.getInteger("tessera.sql.queries", 320), 11L);
    }
}
