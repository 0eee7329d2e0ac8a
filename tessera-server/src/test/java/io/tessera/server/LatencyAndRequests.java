package io.tessera.server;

import java.util.Random;

/** Test data in the Prometheus text format: a latency gauge and a request counter per series. */
public final class LatencyAndRequests {

    private LatencyAndRequests() {}

    /**
     * A latency gauge and a request counter for {@code series} series, 15 s apart with jittered
     * offsets over {@code (t0, t0 + span)}, in the text format; the counter resets now and then
     * when {@code resets}.
     */
    public static String exposition(long seed, int series, long t0, long span, boolean resets) {
        StringBuilder text = new StringBuilder();
        Random random = new Random(seed);
        for (int s = 0; s < series; s++) {
            double counter = 0;
            for (long t = t0 + 1 + random.nextInt(14_000); t < t0 + span; t += 15_000) {
                counter = resets && random.nextInt(200) == 0 ? 0 : counter + random.nextInt(20);
                text.append("latency{job=\"j")
                        .append(s % 3)
                        .append("\",instance=\"i")
                        .append(s)
                        .append("\"} ")
                        .append(Math.exp(random.nextGaussian()))
                        .append(' ')
                        .append(t)
                        .append('\n');
                text.append("requests_total{job=\"j")
                        .append(s % 3)
                        .append("\",instance=\"i")
                        .append(s)
                        .append("\"} ")
                        .append(counter)
                        .append(' ')
                        .append(t)
                        .append('\n');
            }
        }
        return text.toString();
    }
}
