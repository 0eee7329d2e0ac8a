package io.tessera.promqltest;

import java.util.List;
import java.util.Objects;

/**
 * What a query produced: a result with its annotations, or an error. Annotation texts are the
 * full messages as Prometheus renders them, e.g. {@code "PromQL warning: quantile value should
 * be between 0 and 1, got NaN"}; {@code expect warn msg: ...} lines compare against that text.
 */
sealed interface QueryOutcome {

    record Success(QueryResult result, List<String> warnings, List<String> infos) implements QueryOutcome {
        public Success {
            Objects.requireNonNull(result, "result");
            warnings = List.copyOf(warnings);
            infos = List.copyOf(infos);
        }
    }

    /** The query could not be parsed, checked or evaluated. */
    record Failure(String message) implements QueryOutcome {
        public Failure {
            Objects.requireNonNull(message, "message");
        }
    }

    static QueryOutcome of(QueryResult result) {
        return new Success(result, List.of(), List.of());
    }

    static QueryOutcome failure(String message) {
        return new Failure(message);
    }
}
