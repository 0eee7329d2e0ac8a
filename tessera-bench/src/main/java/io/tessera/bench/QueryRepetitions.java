package io.tessera.bench;

import picocli.CommandLine.Option;

/**
 * How often a query bench runs each query: a number of unmeasured runs first, then the measured
 * ones. A command mixes them in with its own warm-up default ({@code @Mixin QueryRepetitions repetitions
 * = new QueryRepetitions(2)}) and picks the measured runs' default itself, as it depends on its
 * {@code --quick}.
 */
public final class QueryRepetitions {

    @Option(names = "--repetitions", description = "Measured runs of each query.")
    private Integer repetitions;

    @Option(names = "--warmup", description = "Unmeasured runs of each query first (default ${DEFAULT-VALUE}).")
    private int warmup;

    public QueryRepetitions(int warmup) {
        this.warmup = warmup;
    }

    /** The measured runs given with {@code --repetitions}, else {@code otherwise}. */
    public int measuredOr(int otherwise) {
        return repetitions != null ? repetitions : otherwise;
    }

    public int warmup() {
        return warmup;
    }
}
