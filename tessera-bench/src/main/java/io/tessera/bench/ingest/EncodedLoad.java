package io.tessera.bench.ingest;

import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The remote-write request bodies of a {@link LoadShape}, encoded ahead of sending, round by
 * round, and kept so that every target receives the same bytes. Each connection's series carry
 * their own value state and random stream, so rounds can be added later and continue them.
 */
final class EncodedLoad {

    /** Share of scrapes whose timestamp is off the interval grid, and by how much at most. */
    private static final int OFF_GRID_PER_MILLE = 20;

    private static final int MAX_OFF_GRID_MILLIS = 50;

    private final LoadShape shape;
    private final Labels[] labels;
    private final double[] values;
    private final SplittableRandom[] randoms;
    private final List<List<byte[]>> bodies = new ArrayList<>();
    private int rounds;
    private long bytes;

    EncodedLoad(LoadShape shape, long seed) {
        this.shape = shape;
        this.labels = new Labels[shape.series()];
        this.values = new double[shape.series()];
        this.randoms = new SplittableRandom[shape.connections()];
        SplittableRandom root = new SplittableRandom(seed);
        for (int s = 0; s < shape.series(); s++) {
            labels[s] = HostSeries.labels(s);
            values[s] = HostSeries.initial(s, root);
        }
        for (int c = 0; c < shape.connections(); c++) {
            randoms[c] = root.split();
            bodies.add(new ArrayList<>());
        }
    }

    LoadShape shape() {
        return shape;
    }

    int rounds() {
        return rounds;
    }

    /** Bytes of all encoded bodies. */
    long bytes() {
        return bytes;
    }

    /** Encodes rounds until there are {@code total}, one thread per connection up to the core count. */
    void ensureRounds(int total) throws InterruptedException {
        if (total <= rounds) {
            return;
        }
        int from = rounds;
        int threads = Math.min(shape.connections(), Runtime.getRuntime().availableProcessors());
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<Long>> encoded = new ArrayList<>();
            for (int c = 0; c < shape.connections(); c++) {
                int connection = c;
                encoded.add(pool.submit(() -> encode(connection, from, total)));
            }
            for (Future<Long> f : encoded) {
                bytes += f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("encoding the load failed", e.getCause());
        }
        rounds = total;
    }

    private long encode(int c, int fromRound, int toRound) {
        int[] groups = shape.groupsOf(c);
        SplittableRandom random = randoms[c];
        List<byte[]> out = bodies.get(c);
        long size = 0;
        for (int round = fromRound; round < toRound; round++) {
            for (int group : groups) {
                byte[] body = encodeRequest(group, round, random);
                out.add(body);
                size += body.length;
            }
        }
        return size;
    }

    private byte[] encodeRequest(int group, int round, SplittableRandom random) {
        int perRequest = shape.seriesPerRequest();
        int samples = shape.samplesPerSeries();
        WriteBatchBuilder batch =
                new WriteBatchBuilder(NameValidation.LEGACY, null, perRequest, shape.samplesPerRequest());
        for (int s = group * perRequest, end = s + perRequest; s < end; s++) {
            double v = values[s];
            for (int k = 0; k < samples; k++) {
                v = HostSeries.next(s, v, random);
                batch.addSample(shape.sampleTime(round, k) + jitter(random), v);
            }
            values[s] = v;
            batch.endSeries(labels[s]);
        }
        return RemoteWriteEncoder.encode(batch.build());
    }

    private static long jitter(SplittableRandom random) {
        if (random.nextInt(1000) >= OFF_GRID_PER_MILLE) {
            return 0;
        }
        return random.nextInt(-MAX_OFF_GRID_MILLIS, MAX_OFF_GRID_MILLIS + 1);
    }

    /** Connection {@code c}'s bodies for rounds {@code [fromRound, toRound)}, in sending order. */
    List<byte[]> bodies(int c, int fromRound, int toRound) {
        if (toRound > rounds) {
            throw new IllegalArgumentException("only " + rounds + " rounds are encoded, asked for " + toRound);
        }
        int perRound = shape.groupsOf(c).length;
        return bodies.get(c).subList(fromRound * perRound, toRound * perRound);
    }
}
