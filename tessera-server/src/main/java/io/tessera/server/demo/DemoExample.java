package io.tessera.server.demo;

/**
 * One example query, answered both ways by the same server: as deployed (views where they cover
 * it) and with {@code accelerate=false}.
 *
 * @param planned          whether the installed plan has a view serving this query
 * @param fromView         whether the answer's {@code infos} said it was answered from a view
 * @param info             the first {@code infos} line of the accelerated answer, or ""
 * @param acceleratedMs    median latency as deployed
 * @param exactMs          median latency with {@code accelerate=false}
 * @param maxRelativeError the largest relative difference between the two answers, over every
 *                         series and point; infinite when their series or points differ
 * @param points           points in the exact answer
 */
public record DemoExample(
        String query,
        boolean planned,
        boolean fromView,
        String info,
        double acceleratedMs,
        double exactMs,
        double maxRelativeError,
        int points) {}
