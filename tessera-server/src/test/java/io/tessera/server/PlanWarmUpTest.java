package io.tessera.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PlanWarmUpTest {

    private static final long NEWEST = 1_767_225_600_000L;

    @Test
    void asksEveryQueryAtTheNewestSampleAndWholeMinutesBeforeOnceTheViewsHaveCaughtUp() throws Exception {
        Map<String, AtomicInteger> asked = new ConcurrentHashMap<>();
        List<Long> instants = new CopyOnWriteArrayList<>();
        try (PlanWarmUp warmUp = new PlanWarmUp(
                (query, t) -> {
                    asked.computeIfAbsent(query, q -> new AtomicInteger()).incrementAndGet();
                    instants.add(t);
                },
                () -> NEWEST,
                60_000)) {
            warmUp.start(List.of("a", "b"));
            Thread.sleep(600);
            assertThat(asked)
                    .as("nothing is asked before an ingestion tick has caught up")
                    .isEmpty();
            assertThat(warmUp.warm()).isFalse();

            warmUp.caughtUp();
            awaitWarm(warmUp);
            assertThat(asked.get("a")).hasValue(PlanWarmUp.RUNS_PER_QUERY);
            assertThat(asked.get("b")).hasValue(PlanWarmUp.RUNS_PER_QUERY);
            assertThat(instants)
                    .allSatisfy(t -> assertThat((NEWEST - t) % 60_000).isZero())
                    .allSatisfy(t -> assertThat(NEWEST - t).isBetween(0L, 5 * 60_000L))
                    .contains(NEWEST, NEWEST - 5 * 60_000L);
        }
    }

    @Test
    void aQueryThatFailsIsDroppedAndTheOthersGoOn() throws Exception {
        AtomicInteger good = new AtomicInteger();
        AtomicInteger bad = new AtomicInteger();
        try (PlanWarmUp warmUp = new PlanWarmUp(
                (query, t) -> {
                    if (query.equals("bad")) {
                        bad.incrementAndGet();
                        throw new IllegalStateException("no such view");
                    }
                    good.incrementAndGet();
                },
                () -> NEWEST,
                60_000)) {
            warmUp.caughtUp();
            warmUp.start(List.of("bad", "good"));
            warmUp.caughtUp();
            awaitWarm(warmUp);
            assertThat(bad).hasValue(1);
            assertThat(good).hasValue(PlanWarmUp.RUNS_PER_QUERY);
        }
    }

    @Test
    void theTimeBudgetStopsItAndZeroTurnsItOff() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        try (PlanWarmUp warmUp = new PlanWarmUp(
                (query, t) -> {
                    runs.incrementAndGet();
                    Thread.sleep(20);
                },
                () -> NEWEST,
                300)) {
            warmUp.start(List.of("slow"));
            warmUp.caughtUp();
            awaitWarm(warmUp);
            assertThat(runs.get()).isBetween(1, 30);
        }
        try (PlanWarmUp off = new PlanWarmUp((query, t) -> runs.set(-1), () -> NEWEST, 0)) {
            off.start(List.of("q"));
            off.caughtUp();
            assertThat(off.warm()).isTrue();
            Thread.sleep(300);
            assertThat(runs.get()).isNotNegative();
        }
    }

    @Test
    void aNewPlanStopsTheWarmUpOfThePreviousOne() throws Exception {
        CountDownLatch firstAsked = new CountDownLatch(1);
        AtomicInteger old = new AtomicInteger();
        AtomicInteger current = new AtomicInteger();
        try (PlanWarmUp warmUp = new PlanWarmUp(
                (query, t) -> {
                    if (query.equals("old")) {
                        old.incrementAndGet();
                        firstAsked.countDown();
                        Thread.sleep(50);
                    } else {
                        current.incrementAndGet();
                    }
                },
                () -> NEWEST,
                60_000)) {
            warmUp.start(List.of("old"));
            warmUp.caughtUp();
            assertThat(firstAsked.await(10, TimeUnit.SECONDS)).isTrue();
            warmUp.start(List.of("new"));
            assertThat(warmUp.warm()).isFalse();
            warmUp.caughtUp();
            awaitWarm(warmUp);
            assertThat(old.get()).isLessThan(PlanWarmUp.RUNS_PER_QUERY);
            assertThat(current).hasValue(PlanWarmUp.RUNS_PER_QUERY);
        }
    }

    @Test
    void withoutDataNothingIsAsked() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        try (PlanWarmUp warmUp = new PlanWarmUp((query, t) -> runs.incrementAndGet(), () -> Long.MIN_VALUE, 60_000)) {
            warmUp.start(List.of("q"));
            warmUp.caughtUp();
            awaitWarm(warmUp);
            assertThat(runs).hasValue(0);
        }
    }

    private static void awaitWarm(PlanWarmUp warmUp) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!warmUp.warm() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(warmUp.warm()).as("warmed up within 30 s").isTrue();
    }
}
