package io.tessera.bench.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live heap of a child JVM, read with the JDK's {@code jcmd}: a full collection
 * ({@code GC.run}) and then the used bytes of its generations ({@code GC.heap_info}); and the
 * classes that hold most of it ({@code GC.class_histogram}). -1 or an empty list when
 * {@code jcmd} is not there or does not answer.
 */
final class JvmHeap {

    private static final Pattern USED = Pattern.compile("total \\d+K, used (\\d+)K");
    private static final long TIMEOUT_SECONDS = 120;

    private JvmHeap() {}

    /** Bytes in use after a full collection. */
    static long liveBytes(long pid) {
        if (run(pid, "GC.run") == null) {
            return -1;
        }
        String info = run(pid, "GC.heap_info");
        if (info == null) {
            return -1;
        }
        long kib = 0;
        boolean any = false;
        Matcher m = USED.matcher(info);
        while (m.find()) {
            kib += Long.parseLong(m.group(1));
            any = true;
        }
        return any ? kib * 1024 : -1;
    }

    /** The first {@code top} rows of the class histogram (instances, bytes, class), after its header. */
    static List<String> histogram(long pid, int top) {
        String text = run(pid, "GC.class_histogram");
        List<String> rows = new ArrayList<>();
        if (text == null) {
            return rows;
        }
        for (String line : text.split("\n")) {
            if (line.matches("\\s*\\d+:.*") && rows.size() < top) {
                rows.add(line.strip());
            }
        }
        return rows;
    }

    private static String run(long pid, String command) {
        Path jcmd = jcmd();
        if (jcmd == null) {
            return null;
        }
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
                    .redirectErrorStream(true)
                    .start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroy();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The {@code jcmd} next to the {@code java} running this JVM (the child runs the same one). */
    private static Path jcmd() {
        Path java = ProcessHandle.current()
                .info()
                .command()
                .map(Path::of)
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java"));
        Path jcmd = java.resolveSibling("jcmd");
        return Files.isExecutable(jcmd) ? jcmd : null;
    }
}
