package io.tessera.store.wal;

import io.tessera.core.Interval;
import io.tessera.core.TesseraException;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.ViewStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The durable side of the summary store, under {@code <data-dir>/views}: the installed plan
 * ({@code PLAN}), and per view definition a directory of immutable files of panes, each written
 * at a snapshot with the panes built since the previous one, listed with each view's frontier in
 * {@code MANIFEST} (see {@link ViewManifest}). The manifest belongs to one raw-store cut; the log
 * after that cut tells which saved panes later samples reached.
 *
 * <p>Views are derived data: a damaged manifest or view file is discarded with a warning (see
 * {@link #warnings}) and the panes it held are built again from raw data. A damaged plan is not
 * derived and refuses the start.
 */
public final class DurableViews {

    /** What {@link #load} restored of one view. */
    public record Loaded(long frontier, List<Interval> invalid, int files, long entries) {}

    /** How many view files the manifest lists, and their bytes. */
    public record ListedFiles(int count, long bytes) {}

    private final Path dir;
    private final String plan;
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private ViewManifest manifest;
    private final Map<String, ViewManifest.View> saved = new LinkedHashMap<>();
    private long nextFile;
    private byte[] lastWritten;
    private volatile ListedFiles listedFiles = new ListedFiles(0, 0);
    private volatile long filesDiscarded;

    private DurableViews(Path dir, String plan, ViewManifest manifest) {
        this.dir = dir;
        this.plan = plan;
        this.manifest = manifest;
    }

    /**
     * Opens {@code <dataDir>/views} (created if absent): reads the plan and the manifest and
     * deletes files that no manifest lists (left by a crash while saving).
     *
     * @throws CorruptionException when the saved plan is damaged
     */
    public static DurableViews open(Path dataDir) {
        Path dir = dataDir.resolve("views");
        try {
            Files.createDirectories(dir);
            String plan = PlanFile.read(dir);
            ViewManifest manifest = null;
            List<String> problems = new ArrayList<>();
            Path file = dir.resolve(ViewManifest.NAME);
            if (Files.isRegularFile(file)) {
                try {
                    manifest = ViewManifest.decode(file, Files.readAllBytes(file));
                } catch (CorruptionException e) {
                    problems.add(
                            "discarding every view file, their panes are built again from raw data: " + problem(e));
                }
            }
            DurableViews views = new DurableViews(dir, plan, manifest);
            views.warnings.addAll(problems);
            views.nextFile = views.highestFileNumber() + 1;
            views.deleteUnlisted();
            return views;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the view directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The saved plan's JSON, or null. */
    public String plan() {
        return plan;
    }

    /** Saves {@code json} as the installed plan, durably, before returning. */
    public void savePlan(String json) {
        try {
            PlanFile.write(dir, json);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the installed plan in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The raw-store cut the saved views belong to, or null when none are saved. */
    public WalPosition position() {
        return manifest == null ? null : manifest.wal();
    }

    public long oldestSample() {
        return manifest == null ? Long.MAX_VALUE : manifest.oldestSample();
    }

    public long newestSample() {
        return manifest == null ? Long.MIN_VALUE : manifest.newestSample();
    }

    /**
     * Forgets what was saved of {@code viewIds}: the next save writes each of them that is still
     * captured from its first pane, and their old files go.
     */
    public synchronized void forget(java.util.Collection<String> viewIds) {
        for (String id : viewIds) {
            saved.remove(id);
        }
    }

    /** Forgets every saved view (their files go with the next save), for the reason given. */
    public void discardAll(String why) {
        if (manifest != null && !manifest.views().isEmpty()) {
            warnings.add("discarding every view file, their panes are built again from raw data: " + why);
        }
        manifest = null;
    }

    /**
     * Loads the saved panes of {@code viewId} into {@code store} (which must be empty), file by
     * file in pane order. At the first damaged file, that file and every later one of the view
     * are discarded with a warning, and the frontier returned is the end of the last pane loaded,
     * so the panes after it are built again.
     *
     * @return what was loaded, or null when nothing is saved for the view
     */
    public synchronized Loaded load(String viewId, ViewStore store) {
        ViewManifest.View view = manifest == null ? null : manifest.views().get(viewId);
        if (view == null) {
            return null;
        }
        ViewFileReader reader = new ViewFileReader();
        List<ViewManifest.FileEntry> kept = new ArrayList<>();
        long frontier = view.frontier();
        long entries = 0;
        Path viewDir = dir.resolve(ViewFileNames.encodeId(viewId));
        for (ViewManifest.FileEntry f : view.files()) {
            try {
                StateBatch batch = reader.read(viewDir.resolve(f.name()), f);
                store.insertBatch(batch);
                entries += batch.size();
                kept.add(f);
            } catch (IOException | TesseraException e) {
                long lastGood = kept.isEmpty() ? Long.MIN_VALUE : kept.getLast().lastEnd();
                filesDiscarded += view.files().size() - kept.size();
                warnings.add("view " + viewId + ": discarding " + (view.files().size() - kept.size())
                        + " view file(s) from " + viewDir.resolve(f.name())
                        + " on, their panes are built again from raw data: "
                        + problem(e));
                frontier = lastGood;
                break;
            }
        }
        long f = frontier;
        List<Interval> invalid =
                view.invalid().stream().filter(p -> p.end() <= f).toList();
        saved.put(viewId, new ViewManifest.View(frontier, invalid, kept));
        return new Loaded(frontier, invalid, kept.size(), entries);
    }

    /**
     * Saves {@code capture}, taken at the raw-store cut {@code position}: for each view a new
     * file with the panes after its saved frontier, then the manifest, then deletes the files
     * no longer listed (views retired by a plan change, files past retention). Nothing is
     * written when nothing changed.
     */
    public synchronized void save(WalPosition position, ViewCapture.All capture) throws IOException {
        Map<String, ViewManifest.View> next = new LinkedHashMap<>();
        ViewFileWriter writer = new ViewFileWriter();
        for (ViewCapture c : capture.views()) {
            ViewManifest.View before = saved.get(c.definitionId());
            long from = before == null ? Long.MIN_VALUE : before.frontier();
            List<ViewManifest.FileEntry> files = new ArrayList<>(before == null ? List.of() : before.files());
            long frontier = from;
            if (c.frontier() > from) {
                String name = Segments.name(nextFile);
                ViewManifest.FileEntry written = writer.write(
                        dir.resolve(ViewFileNames.encodeId(c.definitionId())),
                        name,
                        c.snapshot(),
                        new Interval(from, c.frontier()));
                if (written != null) {
                    nextFile++;
                    files.add(written);
                }
                frontier = c.frontier();
            }
            files.removeIf(f -> f.lastEnd() < c.retentionCutoff());
            long f = frontier;
            next.put(
                    c.definitionId(),
                    new ViewManifest.View(
                            frontier,
                            c.invalid().stream().filter(p -> p.end() <= f).toList(),
                            files));
        }
        ViewManifest m = new ViewManifest(position, capture.oldestSample(), capture.newestSample(), next);
        byte[] bytes = m.encode();
        if (lastWritten != null && Arrays.equals(bytes, lastWritten)) {
            return;
        }
        Path tmp = dir.resolve(Snapshots.TMP_PREFIX + ViewManifest.NAME);
        Files.deleteIfExists(tmp);
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            SnapshotWriter.writeFully(ch, ByteBuffer.wrap(bytes));
            ch.force(true);
        }
        Files.move(
                tmp,
                dir.resolve(ViewManifest.NAME),
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        FileSync.directory(dir);
        lastWritten = bytes;
        manifest = m;
        saved.clear();
        saved.putAll(next);
        deleteUnlisted();
    }

    private static String problem(Exception e) {
        String m = String.valueOf(e.getMessage());
        int cut = m.indexOf("; refusing to start");
        return cut < 0 ? m : m.substring(0, cut);
    }

    /** Problems found while opening and loading, for the log; each is reported once. */
    public List<String> drainWarnings() {
        List<String> out = List.copyOf(warnings);
        warnings.removeAll(out);
        return out;
    }

    public ListedFiles listed() {
        return listedFiles;
    }

    /** View files found damaged at start-up and discarded. */
    public long filesDiscarded() {
        return filesDiscarded;
    }

    private long highestFileNumber() throws IOException {
        long max = -1;
        try (DirectoryStream<Path> views = Files.newDirectoryStream(dir, Files::isDirectory)) {
            for (Path v : views) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(v)) {
                    for (Path f : files) {
                        String n = f.getFileName().toString();
                        if (n.length() == 8 && n.chars().allMatch(Character::isDigit)) {
                            max = Math.max(max, Long.parseLong(n));
                        }
                    }
                }
            }
        }
        return max;
    }

    /** Deletes view directories and files the current manifest does not list, and temporary files. */
    private void deleteUnlisted() throws IOException {
        Map<String, Set<String>> listed = new LinkedHashMap<>();
        int count = 0;
        long bytes = 0;
        if (manifest != null) {
            for (Map.Entry<String, ViewManifest.View> e : manifest.views().entrySet()) {
                Set<String> names = new HashSet<>();
                for (ViewManifest.FileEntry f : e.getValue().files()) {
                    names.add(f.name());
                    count++;
                    bytes += f.bytes();
                }
                listed.put(ViewFileNames.encodeId(e.getKey()), names);
            }
        }
        boolean deleted = false;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) {
                String n = e.getFileName().toString();
                if (Files.isDirectory(e)) {
                    Set<String> names = listed.get(n);
                    if (names == null) {
                        Snapshots.deleteTree(e);
                        deleted = true;
                        continue;
                    }
                    try (DirectoryStream<Path> files = Files.newDirectoryStream(e)) {
                        for (Path f : files) {
                            if (!names.contains(f.getFileName().toString())) {
                                Files.delete(f);
                                deleted = true;
                            }
                        }
                    }
                } else if (n.startsWith(Snapshots.TMP_PREFIX) || (n.equals(ViewManifest.NAME) && manifest == null)) {
                    Files.delete(e);
                    deleted = true;
                }
            }
        }
        if (deleted) {
            FileSync.directory(dir);
        }
        listedFiles = new ListedFiles(count, bytes);
    }
}
