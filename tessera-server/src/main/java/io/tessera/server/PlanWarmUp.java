package io.tessera.server;

import io.tessera.server.metrics.MetricsRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks an installed plan's queries in the background, once its ingestion runs have caught up, at
 * the newest sample and whole minutes before it, as a dashboard would. A server just started (or
 * given a new plan) runs its query paths interpreted until the JIT has seen them a few hundred
 * times; without this, the first minutes of dashboards after a restart pay for that. Bounded by
 * {@link #RUNS_PER_QUERY} runs of each query and by a time budget; read-only. A new plan stops
 * the warm-up of the previous one.
 */
final class PlanWarmUp implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PlanWarmUp.class);

    /** About where the optimizing compiler has compiled a query's paths (measured on the dashboard bench). */
    static final int RUNS_PER_QUERY = 300;

    /** A dashboard's instants: the newest sample, then 1–5 whole minutes before it. */
    private static final int INSTANTS = 6;

    private static final long POLL_MS = 200;

    /** Answers a query at an instant and discards the answer. */
    @FunctionalInterface
    interface Asker {
        void ask(String query, long timeMs) throws Exception;
    }

    private final Asker asker;
    private final LongSupplier newestSampleMs;
    private final long budgetMs;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = Thread.ofPlatform().daemon().name("tessera-plan-warm-up").unstarted(r);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });
    private final AtomicLong completeTicks = new AtomicLong();
    private final LongAdder runs = new LongAdder();
    private Future<?> current;
    private volatile long generation;
    private volatile boolean warm = true;

    /**
     * @param newestSampleMs the newest sample's time, {@link Long#MIN_VALUE} while there is none
     * @param budgetMs       the most time one warm-up takes; 0 turns warming up off
     */
    PlanWarmUp(Asker asker, LongSupplier newestSampleMs, long budgetMs) {
        this.asker = asker;
        this.newestSampleMs = newestSampleMs;
        this.budgetMs = budgetMs;
    }

    void registerMetrics(MetricsRegistry metrics) {
        metrics.gauge(
                "tessera_plan_warm",
                "1 once the installed plan's queries have been warmed up (or warming up is off), 0 while that is"
                        + " pending.",
                () -> warm ? 1 : 0);
        metrics.counter(
                "tessera_plan_warm_up_queries_total",
                "Queries asked in the background to warm the installed plan's query paths up.",
                runs::sum);
    }

    /** An ingestion tick built every pane that was due: the views have caught up with the data. */
    void caughtUp() {
        completeTicks.incrementAndGet();
    }

    boolean warm() {
        return warm;
    }

    /** Starts warming {@code queries} up once the views have caught up, stopping any earlier warm-up. */
    synchronized void start(List<String> queries) {
        if (current != null) {
            current.cancel(true);
        }
        long mine = ++generation;
        if (budgetMs <= 0 || queries.isEmpty()) {
            warm = true;
            return;
        }
        warm = false;
        long ticksBefore = completeTicks.get();
        current = thread.submit(() -> {
            if (run(List.copyOf(queries), ticksBefore) && generation == mine) {
                warm = true;
            }
        });
    }

    /** Returns false when interrupted (a newer plan, or closing). */
    private boolean run(List<String> queries, long ticksBefore) {
        try {
            while (completeTicks.get() <= ticksBefore) {
                Thread.sleep(POLL_MS);
            }
            long began = System.nanoTime();
            long deadline = began + budgetMs * 1_000_000L;
            List<String> asked = new ArrayList<>(queries);
            int done = 0;
            for (int run = 0; run < RUNS_PER_QUERY && !asked.isEmpty() && System.nanoTime() < deadline; run++) {
                long newest = newestSampleMs.getAsLong();
                if (newest == Long.MIN_VALUE) {
                    break;
                }
                long t = newest - (run % INSTANTS) * 60_000L;
                for (int i = 0; i < asked.size() && System.nanoTime() < deadline; i++) {
                    if (Thread.currentThread().isInterrupted()) {
                        return false;
                    }
                    try {
                        asker.ask(asked.get(i), t);
                        runs.increment();
                        done++;
                    } catch (InterruptedException e) {
                        throw e;
                    } catch (Exception e) {
                        LOG.debug("warming up {} stopped: {}", asked.get(i), e.toString());
                        asked.remove(i--);
                    }
                }
            }
            LOG.info("warmed the plan's queries up: {} runs in {} ms", done, (System.nanoTime() - began) / 1_000_000);
        } catch (InterruptedException e) {
            return false;
        }
        return true;
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
