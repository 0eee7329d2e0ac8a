package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Samples stamped ahead of the server's clock, with views installed and data arriving live: one
 * far in the future is refused with an answer the sender sees, one a few minutes ahead (within the
 * tolerance) is stored, and neither makes the on-time samples that follow late: they keep being
 * answered from views, equal to the exact answers.
 */
class FutureSamplesEndToEndTest {

    private static final long MINUTE = 60_000;
    private static final long SCRAPE = 5_000;
    /** The dashboards' step, which the plan gives its panes. */
    private static final long STEP = 15_000;

    private static final long YEAR_2100 = 4_102_444_800_000L;
    private static final List<String> PANELS =
            List.of("sum by (job) (rate(c[5m]))", "max_over_time(g[30m])", "rate(c[5m])");
    private static final int INSTANCES = 12;

    private final Random random = new Random(5);
    private final double[] counters = new double[INSTANCES];

    /** Every instance's gauge and counter at each of {@code times}. */
    private void write(AcceleratedServer s, long[] times) throws Exception {
        for (int i = 0; i < INSTANCES; i++) {
            double[] g = new double[times.length];
            double[] c = new double[times.length];
            for (int k = 0; k < times.length; k++) {
                g[k] = Math.exp(random.nextGaussian());
                counters[i] += random.nextInt(30);
                c[k] = counters[i];
            }
            String job = "j" + i % 3;
            s.write(Labels.of("__name__", "g", "job", job, "instance", "i" + i), times, g);
            s.write(Labels.of("__name__", "c", "job", job, "instance", "i" + i), times, c);
        }
    }

    private static void drain(AcceleratedServer s) {
        while (s.server.runIngestionRuns() > 0) {
            Thread.onSpinWait();
        }
    }

    /** Each panel at {@code t} and over the hour before, against its exact answer; returns the share answered from views. */
    private static double askAll(AcceleratedServer s, long t, String when) throws Exception {
        List<AcceleratedServer.Comparison> all = new ArrayList<>();
        for (String q : PANELS) {
            all.add(s.compareInstant(q, t));
            all.add(s.compareRange(q, t, 60 * MINUTE, STEP));
        }
        for (AcceleratedServer.Comparison c : all) {
            assertThat(c.relativeError())
                    .as(when + ": " + c.query() + " at " + c.time() + " " + c.infos())
                    .isLessThanOrEqualTo(1e-9);
        }
        double share =
                all.stream().filter(AcceleratedServer.Comparison::fromViews).count() / (double) all.size();
        if (share <= 0.5) {
            all.forEach(c -> System.out.println(when + ": " + c));
        }
        return share;
    }

    @Test
    void aFutureSampleIsRefusedAndOnTimeSamplesKeepBeingAnsweredFromViews() throws Exception {
        try (AcceleratedServer s = new AcceleratedServer("""
                listen: 127.0.0.1:0
                acceleration:
                  allowed_lateness: 5s
                """)) {
            long now = System.currentTimeMillis();
            List<Long> history = new ArrayList<>();
            for (long t = now - 2 * 60 * MINUTE; t <= now; t += SCRAPE) {
                history.add(t);
            }
            write(s, history.stream().mapToLong(Long::longValue).toArray());
            s.installPlanFor(PANELS, STEP, SCRAPE);
            drain(s);
            assertThat(askAll(s, Math.floorDiv(now - 6_000, STEP) * STEP, "before any future sample"))
                    .as("share from views before")
                    .isGreaterThan(0.5);

            HttpResponse<String> far = s.send(
                    Labels.of("__name__", "g", "job", "j0", "instance", "broken_clock"),
                    new long[] {YEAR_2100},
                    new double[] {1});
            assertThat(far.statusCode()).as(far.body()).isEqualTo(400);
            assertThat(far.body())
                    .contains("too far in the future", "at timestamp " + YEAR_2100, "storage.future_tolerance");

            long ahead = System.currentTimeMillis() + 5 * MINUTE;
            s.write(
                    Labels.of("__name__", "g", "job", "j0", "instance", "fast_clock"),
                    new long[] {ahead},
                    new double[] {2});
            drain(s);

            // live data, each round stamped with the clock when it is sent (as a scrape would be), until
            // the panes holding it are complete and built
            long firstLive = System.currentTimeMillis();
            long complete = (firstLive / STEP + 1) * STEP;
            long last = now;
            for (int round = 0; round < 40 && last < complete + 7_000; round++) {
                Thread.sleep(1_000);
                last = Math.max(last + 1, System.currentTimeMillis());
                write(s, new long[] {last});
                drain(s);
            }
            assertThat(last).as("the live rounds reached a built pane").isGreaterThanOrEqualTo(complete + 7_000);
            assertThat(s.metric("tessera_view_late_samples_total"))
                    .as("on-time samples judged late")
                    .isZero();
            assertThat(s.metric("tessera_view_stale_panes")).isZero();
            assertThat(askAll(s, complete, "after the future samples"))
                    .as("share from views after")
                    .isGreaterThan(0.5);
            assertThat(s.metric("tessera_view_maintenance_failures_total")).isZero();
        }
    }
}
