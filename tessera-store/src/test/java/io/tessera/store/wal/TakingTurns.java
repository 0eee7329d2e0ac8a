package io.tessera.store.wal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/** Work items {@code 0..count-1} shared by several threads, each taking the next item not yet taken. */
final class TakingTurns {

    private TakingTurns() {}

    /** Runs {@code item} for every index on {@code threads} threads and waits for them to finish. */
    static void run(int threads, int count, IntConsumer item) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            running.add(Thread.ofPlatform().start(() -> {
                for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    item.accept(i);
                }
            }));
        }
        for (Thread t : running) {
            t.join();
        }
    }

    /** Sleeps for {@code ms} milliseconds inside a work item; an interrupt ends the sleep and stays set. */
    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
