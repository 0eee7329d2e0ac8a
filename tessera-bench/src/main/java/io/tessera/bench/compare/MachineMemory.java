package io.tessera.bench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The machine's total memory from Linux's {@code /proc/meminfo}, for the report's header. */
final class MachineMemory {

    private MachineMemory() {}

    static String describe() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    long kib = Long.parseLong(
                            line.substring("MemTotal:".length()).trim().split("\\s+")[0]);
                    return String.format(Locale.ROOT, "%.1f GiB", kib / 1048576.0);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return "unknown";
        }
        return "unknown";
    }
}
