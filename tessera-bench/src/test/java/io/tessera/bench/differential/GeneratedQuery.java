package io.tessera.bench.differential;

import java.time.Instant;

/**
 * One query of the differential run: its template, text, and where it is evaluated — an instant
 * query at {@code start} ({@code end == start}, {@code step == 0}), or a range query.
 */
record GeneratedQuery(int number, String template, String text, long start, long end, long step) {

    boolean isRange() {
        return step > 0;
    }

    String describe() {
        return "#" + number + " [" + template + "] "
                + (isRange()
                        ? "range " + Instant.ofEpochMilli(start) + " .. " + Instant.ofEpochMilli(end) + " step "
                                + step / 1000 + "s"
                        : "instant at " + Instant.ofEpochMilli(start))
                + ": " + text;
    }
}
