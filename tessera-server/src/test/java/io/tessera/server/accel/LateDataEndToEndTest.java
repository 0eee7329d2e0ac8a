package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Late data in a running server with the planner's plan installed: a backfill of 30 minutes of
 * one metric makes the panes it reaches answer exactly (and say so), the server's own maintenance
 * rebuilds them, and the share of answers from views comes back; every answer on the way equals
 * the same server's {@code accelerate=false} answer. Then plan A, B and A again under the same
 * queries: every answer equal, and the views' upkeep goes on without a failing tick.
 */
class LateDataEndToEndTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long HOUR = 3_600_000;
    private static final long SCRAPE = 15_000;
    private static final long END = T0 + 3 * HOUR;
    private static final List<String> PANELS_A = List.of(
            "sum_over_time(g[30m])",
            "avg_over_time(g[30m])",
            "max_over_time(g[30m])",
            "count_over_time(g[30m])",
            "stddev_over_time(g[30m])",
            "delta(g[30m])",
            "sum by (job) (sum_over_time(g[30m]))",
            "rate(c[5m])",
            "increase(c[30m])",
            "sum by (job) (rate(c[5m]))");
    private static final List<String> PANELS_B =
            List.of("min_over_time(g[30m])", "changes(g[30m])", "resets(c[30m])", "max by (job) (rate(c[5m]))");

    private static String config() {
        return """
                listen: 127.0.0.1:0
                storage:
                  retention: 1000d
                acceleration:
                  allowed_lateness: 5s
                """;
    }

    /** 3 jobs × 8 instances of a gauge g and a counter c from T0 to {@code to}, each on its own phase. */
    private static void writeData(AcceleratedServer s, long from, long to, Random random) throws Exception {
        for (int i = 0; i < 24; i++) {
            long phase = 2 * (1 + (i * 277L) % 7_000) + 2;
            List<Long> times = new ArrayList<>();
            for (long t = from - from % SCRAPE + phase; t <= to; t += SCRAPE) {
                if (t > from) {
                    times.add(t);
                }
            }
            long[] ts = times.stream().mapToLong(Long::longValue).toArray();
            double[] g = new double[ts.length];
            double[] c = new double[ts.length];
            double counter = 1_000 * i + from / 1_000_000.0;
            for (int k = 0; k < ts.length; k++) {
                g[k] = Math.exp(random.nextGaussian());
                counter += random.nextInt(30);
                c[k] = counter;
            }
            String job = "j" + i % 3;
            s.write(Labels.of("__name__", "g", "job", job, "instance", "i" + i), ts, g);
            s.write(Labels.of("__name__", "c", "job", job, "instance", "i" + i), ts, c);
        }
    }

    /** Each panel as an instant query at "now" and before it (on and off the minute grid), and as a range query. */
    private static List<AcceleratedServer.Comparison> askAll(AcceleratedServer s, List<String> panels, long now)
            throws Exception {
        List<AcceleratedServer.Comparison> out = new ArrayList<>();
        for (String q : panels) {
            for (long t : new long[] {now, now - 60_000, now - 23_457, now - 5 * 60_000, now - 12 * 60_000 - 1}) {
                out.add(s.compareInstant(q, t));
            }
            out.add(s.compareRange(q, now - now % 60_000, HOUR, 60_000));
        }
        return out;
    }

    private static double share(List<AcceleratedServer.Comparison> pairs) {
        return pairs.stream().filter(AcceleratedServer.Comparison::fromViews).count() / (double) pairs.size();
    }

    private static void assertAllExact(List<AcceleratedServer.Comparison> pairs, String when) {
        for (AcceleratedServer.Comparison c : pairs) {
            assertThat(c.relativeError())
                    .as(when + ": " + c.query() + " at " + c.time() + " " + c.infos())
                    .isLessThanOrEqualTo(1e-9);
        }
    }

    @Test
    void aBackfillIsRepairedAndTheShareFromViewsComesBack() throws Exception {
        try (AcceleratedServer s = new AcceleratedServer(config())) {
            writeData(s, T0, END, new Random(11));
            s.installPlanFor(PANELS_A, 60_000, SCRAPE);
            while (s.server.runIngestionRuns() > 0) {
                Thread.onSpinWait();
            }
            List<AcceleratedServer.Comparison> before = askAll(s, PANELS_A, END);
            assertAllExact(before, "before the backfill");
            double shareBefore = share(before);
            assertThat(shareBefore).as("share from views before the backfill").isGreaterThan(0.5);
            assertThat(s.metric("tessera_view_kept_pane_blocks"))
                    .as("instant windows over pane views merged whole blocks of panes kept between queries")
                    .isPositive();

            // 30 minutes of one metric arrive late: a shard that was down sends its gauge
            long from = END - 50 * 60_000;
            List<Long> times = new ArrayList<>();
            for (long t = from + 3_001; t <= from + 30 * 60_000; t += SCRAPE) {
                times.add(t);
            }
            long[] ts = times.stream().mapToLong(Long::longValue).toArray();
            double[] vs = new double[ts.length];
            for (int k = 0; k < vs.length; k++) {
                vs[k] = 100 + k;
            }
            long backfilled = System.nanoTime();
            s.write(Labels.of("__name__", "g", "job", "j0", "instance", "backfill"), ts, vs);
            double stale = s.metric("tessera_view_stale_panes");
            List<AcceleratedServer.Comparison> during = askAll(s, PANELS_A, END);
            assertAllExact(during, "right after the backfill");

            // the server's own maintenance (every second) rebuilds the stale panes
            double shareAfter = 0;
            double seconds = 0;
            while (seconds < 120) {
                List<AcceleratedServer.Comparison> now = askAll(s, PANELS_A, END);
                assertAllExact(now, "while repairing");
                seconds = (System.nanoTime() - backfilled) / 1e9;
                shareAfter = share(now);
                if (shareAfter >= 0.9 * shareBefore) {
                    break;
                }
                Thread.sleep(500);
            }
            System.out.printf(
                    Locale.ROOT,
                    "backfill of 30 min of g: %.0f panes stale, share from views %.1f%% before, %.1f%% right "
                            + "after, %.1f%% after %.1f s (%.0f panes rebuilt)%n",
                    stale,
                    100 * shareBefore,
                    100 * share(during),
                    100 * shareAfter,
                    seconds,
                    s.metric("tessera_view_panes_rebuilt_total"));
            assertThat(stale).as("the backfill reached built panes").isPositive();
            assertThat(shareAfter).as("share from views after the repair").isGreaterThanOrEqualTo(0.9 * shareBefore);
            assertThat(seconds).as("seconds until the share came back").isLessThan(120);
            assertThat(s.metric("tessera_view_maintenance_failures_total")).isZero();
        }
    }

    @Test
    void planATheBThenAAgainAnswersEqualAndUpkeepGoesOn() throws Exception {
        try (AcceleratedServer s = new AcceleratedServer(config())) {
            Random random = new Random(12);
            writeData(s, T0, END, random);
            s.installPlanFor(PANELS_A, 60_000, SCRAPE);
            while (s.server.runIngestionRuns() > 0) {
                Thread.onSpinWait();
            }
            long now = END;
            List<AcceleratedServer.Comparison> all = new ArrayList<>();
            all.addAll(askAll(s, PANELS_A, now));
            // a dashboard's load on both plans' panels at a time no later write reaches, the whole time the plans
            // change
            List<AcceleratedServer.Comparison> load = Collections.synchronizedList(new ArrayList<>());
            AtomicReference<Throwable> loadFailure = new AtomicReference<>();
            AtomicBoolean swapping = new AtomicBoolean(true);
            Thread dashboard = Thread.ofPlatform().start(() -> {
                try {
                    for (int k = 0; swapping.get() && k < 20_000; k++) {
                        String q = (k % 2 == 0 ? PANELS_A : PANELS_B)
                                .get((k / 2) % (k % 2 == 0 ? PANELS_A.size() : PANELS_B.size()));
                        load.add(s.compareInstant(q, T0 + 2 * HOUR - (k % 7) * 9_001));
                    }
                } catch (Throwable e) {
                    loadFailure.set(e);
                }
            });
            List<List<String>> sequence = List.of(PANELS_B, PANELS_A, PANELS_B, PANELS_A);
            for (List<String> panels : sequence) {
                s.installPlanFor(panels, 60_000, SCRAPE);
                for (int round = 0; round < 3; round++) {
                    // data goes on arriving, a late sample among it, while the queries of both plans are asked
                    writeData(s, now, now + 2 * 60_000, random);
                    now += 2 * 60_000;
                    s.write(
                            Labels.of("__name__", "c", "job", "j1", "instance", "late"),
                            new long[] {now - 20 * 60_000 + 7},
                            new double[] {5});
                    s.server.runIngestionRuns();
                    all.addAll(askAll(s, PANELS_A, now));
                    all.addAll(askAll(s, PANELS_B, now));
                }
            }
            swapping.set(false);
            dashboard.join(60_000);
            assertThat(loadFailure.get())
                    .as("the dashboard's queries during the plan changes")
                    .isNull();
            assertAllExact(load, "queries running while the plans changed");
            assertAllExact(all, "across plan changes");
            double built = s.metric("tessera_view_panes_built_total");
            writeData(s, now, now + 3 * 60_000, random);
            s.server.runIngestionRuns();
            assertThat(s.metric("tessera_view_panes_built_total"))
                    .as("views still built after A, B, A")
                    .isGreaterThan(built);
            assertThat(s.metric("tessera_view_maintenance_failures_total")).isZero();
            List<AcceleratedServer.Comparison> last = askAll(s, PANELS_A, now + 3 * 60_000);
            assertAllExact(last, "after the last plan change");
            System.out.printf(
                    Locale.ROOT,
                    "plan A, B, A: %d pairs equal to accelerate=false, %.1f%% from views, and %d more asked "
                            + "concurrently while the plans changed (%.1f%% from views); last plan %.1f%%%n",
                    all.size(),
                    100 * share(all),
                    load.size(),
                    100 * share(load),
                    100 * share(last));
            assertThat(load).as("queries ran during the plan changes").hasSizeGreaterThan(20);
            assertThat(share(last)).as("plan A's queries from its views again").isGreaterThan(0.5);
        }
    }
}
