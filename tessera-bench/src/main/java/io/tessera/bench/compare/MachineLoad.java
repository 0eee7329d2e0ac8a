package io.tessera.bench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The load average of the machine (1, 5 and 15 minutes, from {@code /proc/loadavg}), or "unknown". */
final class MachineLoad {

    private MachineLoad() {}

    static String read() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
