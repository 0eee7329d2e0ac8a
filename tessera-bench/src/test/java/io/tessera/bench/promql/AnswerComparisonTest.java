package io.tessera.bench.promql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnswerComparisonTest {

    private static QueryAnswer parse(String body) {
        return QueryAnswer.parse(new ApiResponse(200, body, 0));
    }

    private static final String VECTOR = """
            {"status":"success","data":{"resultType":"vector","result":[
              {"metric":{"job":"a"},"value":[1700000000.123,"1.5"]},
              {"metric":{"job":"b"},"value":[1700000000.123,"NaN"]}]}}""";

    @Test
    void equalSetsAgreeWhateverTheOrder() {
        String reordered = """
                {"status":"success","data":{"resultType":"vector","result":[
                  {"metric":{"job":"b"},"value":[1700000000.123,"NaN"]},
                  {"metric":{"job":"a"},"value":[1700000000.123,"1.5000000001"]}]}}""";
        assertThat(AnswerComparison.compare(parse(VECTOR), parse(reordered)).agree())
                .isTrue();
    }

    @Test
    void aValueOutsideTheToleranceDisagrees() {
        String other = VECTOR.replace("\"1.5\"", "\"1.5001\"");
        AnswerComparison c = AnswerComparison.compare(parse(VECTOR), parse(other));
        assertThat(c.agree()).isFalse();
        assertThat(c.differingSeries()).isEqualTo(1);
        assertThat(c.details())
                .anySatisfy(d -> assertThat(d).contains("job=\"a\"").contains("1.5001"));
    }

    @Test
    void missingExtraAndTimestampDifferencesDisagree() {
        String fewer = VECTOR.replace(",\n  {\"metric\":{\"job\":\"b\"},\"value\":[1700000000.123,\"NaN\"]}", "");
        assertThat(AnswerComparison.compare(parse(VECTOR), parse(fewer)).agree())
                .isFalse();
        assertThat(AnswerComparison.compare(parse(fewer), parse(VECTOR)).agree())
                .isFalse();
        assertThat(AnswerComparison.compare(parse(VECTOR), parse(VECTOR.replace(".123", ".124")))
                        .agree())
                .isFalse();
    }

    @Test
    void errorsAgreeOnlyWithErrors() {
        QueryAnswer error = QueryAnswer.parse(
                new ApiResponse(422, "{\"status\":\"error\",\"errorType\":\"execution\",\"error\":\"boom\"}", 0));
        QueryAnswer other = QueryAnswer.parse(
                new ApiResponse(400, "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"different\"}", 0));
        assertThat(AnswerComparison.compare(error, other).agree()).isTrue();
        assertThat(AnswerComparison.compare(error, parse(VECTOR)).agree()).isFalse();
        assertThat(AnswerComparison.compare(parse(VECTOR), error).details().getFirst())
                .contains("Tessera failed");
    }

    @Test
    void infinitiesEqualOnlyThemselvesAndKindsMustMatch() {
        assertThat(AnswerComparison.close(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY))
                .isTrue();
        assertThat(AnswerComparison.close(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY))
                .isFalse();
        assertThat(AnswerComparison.close(Double.NaN, 0)).isFalse();
        assertThat(AnswerComparison.close(1e-12, -1e-12)).isTrue();
        String scalar =
                "{\"status\":\"success\",\"data\":{\"resultType\":\"scalar\",\"result\":[1700000000.123,\"1.5\"]}}";
        assertThat(AnswerComparison.compare(parse(scalar), parse(VECTOR)).agree())
                .isFalse();
    }
}
