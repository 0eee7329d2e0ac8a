package io.tessera.bench.peer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resident memory of a process, from Linux's {@code /proc/<pid>/status}. */
public final class ProcessMemory {

    private ProcessMemory() {}

    /** The process' resident set size (VmRSS) in bytes, or -1 where it cannot be read. */
    public static long residentBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring("VmRSS:".length()).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
