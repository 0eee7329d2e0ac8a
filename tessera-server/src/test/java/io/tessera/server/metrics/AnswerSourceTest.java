package io.tessera.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The source of an answer from the infos the engines write (their wording, as PromQL and SQL answers carry it). */
class AnswerSourceTest {

    private static final String FROM_VIEW =
            "PromQL info: answered from view 3f2a9c1e0b7d4a6f8e2 (values kept every 1m by ingestion runs, exact)";

    @Test
    void noViewInfoIsExact() {
        assertThat(AnswerSource.of(List.of())).isEqualTo(AnswerSource.EXACT);
        assertThat(
                        AnswerSource.of(
                                List.of(
                                        "PromQL info: metric might not be a counter, name does not end in _total/_sum/_count/_bucket: \"x\"")))
                .isEqualTo(AnswerSource.EXACT);
        assertThat(AnswerSource.of(List.of(
                        "PromQL info: answered exactly from raw data, not from a view: no state for pane (0, 60000]")))
                .isEqualTo(AnswerSource.EXACT);
    }

    @Test
    void viewInfoAloneIsViews() {
        assertThat(AnswerSource.of(List.of(FROM_VIEW))).isEqualTo(AnswerSource.VIEWS);
        assertThat(AnswerSource.of(List.of("SQL info: answered from view 12ab in 60000 ms buckets")))
                .isEqualTo(AnswerSource.VIEWS);
    }

    @Test
    void viewAndRawPartsAreMixed() {
        assertThat(
                        AnswerSource.of(
                                List.of(
                                        FROM_VIEW
                                                + "; its newest 2 of 60 steps computed another way: view 3a56: no state for (1, 2] (pane not built)")))
                .isEqualTo(AnswerSource.MIXED);
        assertThat(AnswerSource.of(List.of(
                        FROM_VIEW, "PromQL info: answered exactly from raw data, not from a view: late samples")))
                .isEqualTo(AnswerSource.MIXED);
        assertThat(AnswerSource.of(List.of(
                        "SQL info: answered from view 12ab",
                        "SQL info: 2 of 60 panes of view 12ab answered exactly"
                                + " from raw rows (late rows arrived for them, or they are not built yet)")))
                .isEqualTo(AnswerSource.MIXED);
        assertThat(AnswerSource.of(List.of(
                        "PromQL info: avg_over_time answered from view 3f2a (values kept every 1m by ingestion runs,"
                                + " moved to the query time by the raw samples that entered and left the window since the grid point, exact, 3 series"
                                + " answered exactly from their raw samples)")))
                .isEqualTo(AnswerSource.MIXED);
    }
}
