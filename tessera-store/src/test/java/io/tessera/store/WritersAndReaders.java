package io.tessera.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Writer and reader tasks on threads of their own, all released at once; readers are told to go
 * on while the writers are at work and no task has failed.
 */
public final class WritersAndReaders {

    public interface Writer {
        void run() throws Exception;
    }

    public interface Reader {
        void run(BooleanSupplier keepReading) throws Exception;
    }

    private WritersAndReaders() {}

    /** Runs them all to the end; returns the first failure of any task, or null. */
    public static Throwable run(List<Writer> writers, List<Reader> readers) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        BooleanSupplier keepReading = () -> writing.get() && failure.get() == null;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> writerThreads = new ArrayList<>();
        for (Writer w : writers) {
            writerThreads.add(Thread.ofPlatform().start(() -> guard(failure, start, w::run)));
        }
        List<Thread> readerThreads = new ArrayList<>();
        for (Reader r : readers) {
            readerThreads.add(Thread.ofPlatform().start(() -> guard(failure, start, () -> r.run(keepReading))));
        }
        start.countDown();
        for (Thread t : writerThreads) {
            t.join();
        }
        writing.set(false);
        for (Thread t : readerThreads) {
            t.join();
        }
        return failure.get();
    }

    private static void guard(AtomicReference<Throwable> failure, CountDownLatch start, Writer body) {
        try {
            start.await();
            body.run();
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }
}
