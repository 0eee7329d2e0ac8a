package io.tessera.ingest.views;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The CPU time ingestion runs take, counted on the maintaining thread run after run (a pass may
 * chase a watermark that keeps moving for long). Not thread-safe: one pass at a time marks and
 * counts.
 */
final class RunAccounting {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final LongAdder cpuNanos = new LongAdder();
    /** The maintaining thread's CPU time when last counted. */
    private long cpuMark = -1;

    /** Starts counting from now, on the calling thread. */
    void start() {
        cpuMark = threadCpuNanos();
    }

    /** Adds the CPU time this thread took since the last mark. */
    void count() {
        long now = threadCpuNanos();
        if (now >= 0 && cpuMark >= 0) {
            cpuNanos.add(now - cpuMark);
        }
        cpuMark = now;
    }

    /** All counted, in nanoseconds (0 where the JVM does not measure a thread's CPU time). */
    long cpuNanos() {
        return cpuNanos.sum();
    }

    private static long threadCpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }
}
