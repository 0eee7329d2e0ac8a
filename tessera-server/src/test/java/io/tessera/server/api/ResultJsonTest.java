package io.tessera.server.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonGenerator;
import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import io.tessera.spi.LabelsTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Vector results byte for byte as Prometheus' JSON encoder writes them. */
class ResultJsonTest {

    private static String json(QueryResult result) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (JsonGenerator g = ApiJson.open(buf)) {
            ResultJson.write(g, result);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void vectorSamplesAreSeparatedAndLabelsWrittenRaw() throws IOException {
        QueryResult.VectorResult v = new QueryResult.VectorResult(
                List.of(
                        new QueryResult.Sample(Labels.of("__name__", "up", "job", "a<b>&c"), 1_435_781_451_780L, 1),
                        new QueryResult.Sample(
                                Labels.of("path", "q\"uo\\te\n", "zone", "zürich"), 1_435_781_451_780L, 0.25),
                        new QueryResult.Sample(Labels.EMPTY, 1_435_781_452_000L, 12_345_678)),
                List.of(),
                List.of());
        String expected = "{\"resultType\":\"vector\",\"result\":["
                + "{\"metric\":{\"__name__\":\"up\",\"job\":\"a<b>&c\"},\"value\":[1435781451.780,\"1\"]},"
                + "{\"metric\":{\"path\":\"q\\\"uo\\\\te\\n\",\"zone\":\"zürich\"},\"value\":[1435781451.780,\"0.25\"]},"
                + "{\"metric\":{},\"value\":[1435781452,\"12345678\"]}]}";
        assertEquals(expected, json(v));
        assertEquals(expected, json(v), "the second rendering comes from the label cache");
    }

    /** A growing table of label sets, as a correction's output series are. */
    private static final class GrowingTable extends LabelsTable {
        final List<Labels> labels = new ArrayList<>();

        @Override
        public int size() {
            return labels.size();
        }

        @Override
        public Labels labels(int index) {
            return labels.get(index);
        }
    }

    @Test
    void samplesNamedByTableRowsAreWrittenAsTheirLabelSetsAre() throws IOException {
        GrowingTable table = new GrowingTable();
        table.labels.add(Labels.of("job", "a<b>&c"));
        table.labels.add(Labels.of("path", "q\"uo\\te\n", "zone", "zürich"));
        table.labels.add(Labels.EMPTY);
        table.labels.add(Labels.of("instance", "i-3"));
        int[][] rowSets = {{0, 1, 3}, {3, 2, 0}, {1}, {3, 4, 0}, {4, 2, 1, 0}};
        for (int[] rows : rowSets) {
            if (rows.length > 1 && rows[1] == 4) {
                table.labels.add(Labels.of("instance", "i-4", "job", "late"));
            }
            List<QueryResult.Sample> samples = new ArrayList<>();
            for (int k = 0; k < rows.length; k++) {
                samples.add(new QueryResult.Sample(table.labels(rows[k]), 1_435_781_451_780L + k, 0.5 * k - 1));
            }
            String expected = json(new QueryResult.VectorResult(samples, List.of(), List.of()));
            // the first answer of a table leaves it unrendered, the ones after copy its rendering,
            // which is made again once the table has grown past it
            assertEquals(
                    expected,
                    json(new QueryResult.VectorResult(
                            samples, List.of(), List.of(), new QueryResult.TableRows(table, rows))),
                    "rows " + java.util.Arrays.toString(rows));
        }
        assertEquals(LabelsTableJson.class, table.rendering().getClass());
    }

    @Test
    void matrixSeriesShareRenderedTimesOnlyWhereTheyAreEqual() throws IOException {
        QueryResult.MatrixResult m = new QueryResult.MatrixResult(
                List.of(
                        new QueryResult.Series(
                                Labels.of("job", "a"), new long[] {1_000, 16_000, 31_000}, new double[] {1, 2.5, -0.125
                                }),
                        new QueryResult.Series(
                                Labels.of("job", "b"), new long[] {16_000, 31_500}, new double[] {Double.NaN, 1e-7}),
                        new QueryResult.Series(Labels.of("job", "c"), new long[0], new double[0])),
                List.of(),
                List.of());
        assertEquals(
                "{\"resultType\":\"matrix\",\"result\":["
                        + "{\"metric\":{\"job\":\"a\"},\"values\":[[1,\"1\"],[16,\"2.5\"],[31,\"-0.125\"]]},"
                        + "{\"metric\":{\"job\":\"b\"},\"values\":[[16,\"NaN\"],[31.500,\"1e-07\"]]},"
                        + "{\"metric\":{\"job\":\"c\"}}]}",
                json(m));
    }

    @Test
    void emptyVector() throws IOException {
        assertEquals(
                "{\"resultType\":\"vector\",\"result\":[]}",
                json(new QueryResult.VectorResult(List.of(), List.of(), List.of())));
    }

    @Test
    void integralValuesAsGoWritesThem() {
        assertEquals("-3", GoFloats.sampleValue(-3));
        assertEquals("100000000000000", GoFloats.sampleValue(1e14));
        assertEquals("1e+21", GoFloats.sampleValue(1e21));
        assertEquals("1234567890123456800", GoFloats.sampleValue(1.2345678901234568e18));
        assertEquals("-0", GoFloats.sampleValue(-0.0));
    }
}
