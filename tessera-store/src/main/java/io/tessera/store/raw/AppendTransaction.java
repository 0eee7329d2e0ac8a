package io.tessera.store.raw;

import io.tessera.core.Labels;
import io.tessera.store.raw.SampleRejectedException.Reason;
import java.util.Arrays;

/**
 * One request's validation and application. The request's distinct series ("slots") are
 * validated in full, against the stored state and against the request's own earlier samples,
 * while their stripe locks are held; only then is anything applied. Samples of one series are
 * judged in request order, as Prometheus' appender judges them one by one, and a refusal names
 * the request's first offending sample.
 */
final class AppendTransaction {

    private final SeriesTable table;
    private final AppendRules rules;
    private final AppendRequest request;
    private final AppendLog log;
    private final boolean enforceMemoryLimit;

    private final int slots;
    private final Labels[] slotLabels;
    private final int[] firstSeries;
    private final int[] nextSeries;

    private final MemSeries[] slotSeries;
    private final long[] oldNewest;
    private final int[] accFrom;
    private final int[] accTo;
    private final int[] oooFrom;
    private final int[] oooTo;
    private long[] accTimes;
    private long[] accBits;
    private int accCount;
    private long[] oooTimes;
    private long[] oooBits;
    private int oooCount;
    private int duplicates;
    private long reserved;
    /** The recent-samples log of the last metric applied, for the next slot of the same metric. */
    private String lastMetric;

    private RecentSamples lastLog;

    AppendTransaction(
            SeriesTable table, AppendRules rules, AppendRequest request, AppendLog log, boolean enforceMemoryLimit) {
        this.table = table;
        this.rules = rules;
        this.request = request;
        this.log = log;
        this.enforceMemoryLimit = enforceMemoryLimit;
        Labels[] series = request.series();
        int[] offsets = request.sampleOffsets();
        int n = series.length;
        slotLabels = new Labels[n];
        firstSeries = new int[n];
        nextSeries = new int[n];
        int[] lastSeries = new int[n];
        int[] slotTable = new int[Integer.highestOneBit(Math.max(1, n)) << 2];
        int mask = slotTable.length - 1;
        int count = 0;
        for (int i = 0; i < n; i++) {
            nextSeries[i] = -1;
            if (offsets[i + 1] == offsets[i]) {
                continue;
            }
            int h = spread(series[i].hashCode()) & mask;
            int slot = -1;
            while (slotTable[h] != 0) {
                if (slotLabels[slotTable[h] - 1].equals(series[i])) {
                    slot = slotTable[h] - 1;
                    break;
                }
                h = (h + 1) & mask;
            }
            if (slot < 0) {
                slotTable[h] = count + 1;
                slotLabels[count] = series[i];
                firstSeries[count] = i;
                lastSeries[count] = i;
                count++;
            } else {
                nextSeries[lastSeries[slot]] = i;
                lastSeries[slot] = i;
            }
        }
        slots = count;
        slotSeries = new MemSeries[count];
        oldNewest = new long[count];
        accFrom = new int[count];
        accTo = new int[count];
        oooFrom = new int[count];
        oooTo = new int[count];
    }

    private static int spread(int h) {
        h *= 0x9e3779b9;
        return h ^ (h >>> 16);
    }

    AppendResult run() {
        if (slots == 0) {
            return new AppendResult(0, 0, 0);
        }
        int[] stripes = new int[slots];
        for (int s = 0; s < slots; s++) {
            stripes[s] = table.locks.stripeOf(slotLabels[s]);
        }
        int locked = table.locks.lockAll(stripes, slots);
        try {
            validate();
            try {
                log.record(request);
            } catch (RuntimeException | Error e) {
                table.memory.add(-reserved);
                throw e;
            }
            return apply();
        } finally {
            table.locks.unlockAll(stripes, locked);
        }
    }

    private void validate() {
        long[] times = request.timestamps();
        double[] values = request.values();
        int[] offsets = request.sampleOffsets();
        accTimes = new long[times.length];
        accBits = new long[times.length];
        long minValid = table.minValidTime;
        XorDecoder decoder = new XorDecoder();
        long bound = 0;
        SampleRejectedException firstError = null;
        int firstErrorSample = Integer.MAX_VALUE;
        for (int s = 0; s < slots; s++) {
            MemSeries series = table.byLabels.get(slotLabels[s]);
            slotSeries[s] = series;
            bound += series == null
                    ? MemoryModel.seriesOverhead(slotLabels[s])
                    : series.view().head().usedBytes();
            long newest = series == null ? Long.MIN_VALUE : series.newestTime();
            long newestBits = series == null ? 0 : series.newestBits();
            oldNewest[s] = newest;
            accFrom[s] = accCount;
            oooFrom[s] = oooCount;
            samples:
            for (int i = firstSeries[s]; i >= 0; i = nextSeries[i]) {
                for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                    long t = times[k];
                    long b = Double.doubleToRawLongBits(values[k]);
                    SampleRejectedException error = null;
                    if (t <= minValid) {
                        error = reject(
                                Reason.OUT_OF_BOUNDS,
                                i,
                                t,
                                "samples at or before " + minValid + " are outside retention");
                    } else if (t > newest) {
                        accTimes[accCount] = t;
                        accBits[accCount++] = b;
                        newest = t;
                        newestBits = b;
                    } else if (t == newest) {
                        error = checkRepeat(newestBits, b, i, t);
                    } else if (Long.compareUnsigned(newest - t, rules.outOfOrderWindowMillis()) > 0) {
                        error = reject(
                                Reason.OUT_OF_ORDER,
                                i,
                                t,
                                "the series' newest sample is at " + newest + " and the out-of-order window is "
                                        + rules.outOfOrderWindowMillis() + " ms");
                    } else {
                        error = acceptOutOfOrder(s, series, decoder, i, t, b);
                    }
                    if (error != null) {
                        if (k < firstErrorSample) {
                            firstError = error;
                            firstErrorSample = k;
                        }
                        break samples;
                    }
                }
            }
            accTo[s] = accCount;
            oooTo[s] = oooCount;
        }
        if (firstError != null) {
            throw firstError;
        }
        reserved = bound + (long) (accCount + oooCount) * MemoryModel.SAMPLE_BOUND;
        if (enforceMemoryLimit) {
            table.memory.reserve(
                    reserved,
                    (used, limit, bytes) ->
                            "memory limit reached: the store holds an estimated " + used + " bytes of its " + limit
                                    + "-byte limit and this request may need up to " + bytes + " more; ingest refused");
        } else {
            table.memory.add(reserved);
        }
    }

    /** Accepts a sample within the out-of-order window unless it repeats one; returns the error, if any. */
    private SampleRejectedException acceptOutOfOrder(
            int s, MemSeries series, XorDecoder decoder, int i, long t, long b) {
        int at = Arrays.binarySearch(accTimes, accFrom[s], accCount, t);
        if (at >= 0) {
            return checkRepeat(accBits[at], b, i, t);
        }
        for (int q = oooFrom[s]; q < oooCount; q++) {
            if (oooTimes[q] == t) {
                return checkRepeat(oooBits[q], b, i, t);
            }
        }
        if (series != null && t <= oldNewest[s] && series.find(t, decoder)) {
            return checkRepeat(decoder.bits(), b, i, t);
        }
        if (oooTimes == null) {
            oooTimes = new long[request.timestamps().length];
            oooBits = new long[oooTimes.length];
        }
        oooTimes[oooCount] = t;
        oooBits[oooCount++] = b;
        return null;
    }

    /** A repeated sample is ignored when bit-equal and refused otherwise. */
    private SampleRejectedException checkRepeat(long storedBits, long newBits, int seriesIndex, long t) {
        if (storedBits != newBits) {
            return reject(
                    Reason.DUPLICATE,
                    seriesIndex,
                    t,
                    "stored value " + Double.longBitsToDouble(storedBits)
                            + " (bits 0x" + Long.toHexString(storedBits) + "), new value "
                            + Double.longBitsToDouble(newBits)
                            + " (bits 0x" + Long.toHexString(newBits) + ")");
        }
        duplicates++;
        return null;
    }

    private SampleRejectedException reject(Reason reason, int seriesIndex, long t, String detail) {
        return new SampleRejectedException(
                new SampleRejectedException.RejectedSample(reason, seriesIndex, request.series()[seriesIndex], t),
                detail);
    }

    private AppendResult apply() {
        OutOfOrderMerge merge = oooCount > 0 ? new OutOfOrderMerge() : null;
        Labels[] newLabels = new Labels[slots];
        SeriesView[] newViews = new SeriesView[slots];
        RecentBatch recent = table.recentBudget.enabled() ? new RecentBatch(accCount + oooCount) : null;
        long[][] newTimes = recent == null ? null : new long[slots][];
        long[][] newBits = recent == null ? null : new long[slots][];
        int[] newTo = recent == null ? null : new int[slots];
        int created = 0;
        long memoryDelta = 0;
        long bytesDelta = 0;
        long chunksDelta = 0;
        for (int s = 0; s < slots; s++) {
            MemSeries series = slotSeries[s];
            long[] times = accTimes;
            long[] bits = accBits;
            int from = accFrom[s];
            int to = accTo[s];
            if (series != null) {
                memoryDelta -= series.memoryBytes();
                bytesDelta -= series.chunkBytes();
                chunksDelta -= series.view().closed().length + 1;
            }
            if (oooTo[s] > oooFrom[s]) {
                SampleSort.sort(oooTimes, oooBits, oooFrom[s], oooTo[s]);
                int split = oooFrom[s];
                while (split < oooTo[s] && oooTimes[split] < oldNewest[s]) {
                    split++;
                }
                if (split > oooFrom[s]) {
                    series.setView(merge.fold(series.view(), oooTimes, oooBits, oooFrom[s], split, rules.chunks()));
                    if (recent != null) {
                        recent.add(recentLog(s), series.id, oooTimes, oooBits, oooFrom[s], split);
                    }
                }
                if (split < oooTo[s]) {
                    int n = (to - from) + (oooTo[s] - split);
                    times = new long[n];
                    bits = new long[n];
                    mergeWithLate(accTimes, accBits, from, to, split, oooTo[s], times, bits);
                    from = 0;
                    to = n;
                }
            }
            if (from < to && series == null) {
                if (recent != null) {
                    newTimes[created] = from == 0 ? times : Arrays.copyOfRange(times, from, to);
                    newBits[created] = from == 0 ? bits : Arrays.copyOfRange(bits, from, to);
                    newTo[created] = to - from;
                }
                newLabels[created] = slotLabels[s];
                newViews[created++] = ChunkAppends.append(null, times, bits, from, to, rules.chunks());
            } else if (from < to) {
                if (recent != null) {
                    recent.add(recentLog(s), series.id, times, bits, from, to);
                }
                SeriesView before = series.view();
                SeriesView after = ChunkAppends.append(before, times, bits, from, to, rules.chunks());
                if (after != before) {
                    series.setView(after);
                }
            }
            if (series != null) {
                memoryDelta += series.memoryBytes();
                bytesDelta += series.chunkBytes();
                chunksDelta += series.view().closed().length + 1;
            }
        }
        if (created > 0) {
            MemSeries[] added = table.index.add(newLabels, newViews, created);
            for (int k = 0; recent != null && k < created; k++) {
                recent.add(recentLog(added[k].labels), added[k].id, newTimes[k], newBits[k], 0, newTo[k]);
            }
            for (MemSeries series : added) {
                table.byLabels.put(series.labels, series);
                memoryDelta += series.memoryBytes();
                bytesDelta += series.chunkBytes();
                chunksDelta += series.view().closed().length + 1;
            }
        }
        if (recent != null) {
            recent.flush();
        }
        table.samples.addAndGet(accCount + oooCount);
        table.chunkBytes.addAndGet(bytesDelta);
        table.chunkCount.addAndGet(chunksDelta);
        assert memoryDelta <= reserved : "grew by " + memoryDelta + " bytes, reserved " + reserved;
        table.memory.add(memoryDelta - reserved);
        return new AppendResult(accCount + oooCount, duplicates, created);
    }

    private RecentSamples recentLog(int slot) {
        return recentLog(slotLabels[slot]);
    }

    private RecentSamples recentLog(Labels labels) {
        String metric = labels.metricName();
        if (!metric.equals(lastMetric)) {
            lastLog = table.recentLog(metric);
            lastMetric = metric;
        }
        return lastLog;
    }

    /** Merges the in-order samples {@code [aFrom, aTo)} with the sorted late ones {@code [bFrom, bTo)} into {@code outT}/{@code outB}. */
    private void mergeWithLate(long[] aT, long[] aB, int aFrom, int aTo, int bFrom, int bTo, long[] outT, long[] outB) {
        long[] bT = oooTimes;
        long[] bB = oooBits;
        int k = 0;
        while (aFrom < aTo || bFrom < bTo) {
            if (bFrom >= bTo || aFrom < aTo && aT[aFrom] < bT[bFrom]) {
                outT[k] = aT[aFrom];
                outB[k++] = aB[aFrom++];
            } else {
                outT[k] = bT[bFrom];
                outB[k++] = bB[bFrom++];
            }
        }
    }
}
