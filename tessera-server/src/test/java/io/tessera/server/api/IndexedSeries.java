package io.tessera.server.api;

import java.util.function.IntUnaryOperator;

/** Text exposition of series told apart by an index label {@code i}, scraped every 15 s. */
final class IndexedSeries {

    private IndexedSeries() {}

    /**
     * {@code series} series {@code name{i="0"}}, {@code name{i="1"}}, … each with {@code samples}
     * samples 15 s apart from {@code t0}; sample {@code k} of each is {@code value.applyAsInt(k)}.
     */
    static String exposition(String name, int series, int samples, long t0, IntUnaryOperator value) {
        StringBuilder text = new StringBuilder();
        for (int s = 0; s < series; s++) {
            for (int k = 0; k < samples; k++) {
                text.append(name)
                        .append("{i=\"")
                        .append(s)
                        .append("\"} ")
                        .append(value.applyAsInt(k))
                        .append(' ')
                        .append(t0 + k * 15_000L)
                        .append('\n');
            }
        }
        return text.toString();
    }
}
