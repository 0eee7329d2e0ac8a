package io.tessera.plan.planner;

import io.tessera.core.Durations;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.sketch.StateFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Views that keep the samples ({@link StateFamily#SAMPLES}) for the range functions of
 * unaligned range queries. A range query whose steps are not on multiples of its step (a client
 * asking for "the last hour" at "now") misses every evaluation grid, and its windows' edges miss
 * every pane grid: pane merges would need raw edges at every step, which read as much as the
 * exact evaluation. A view that keeps each series' samples in plain arrays answers {@code rate},
 * {@code increase} and {@code delta} at any steps by one sweep per series, without decoding
 * chunks. It costs memory (the samples again, 12 bytes each) and is kept only when the cost model
 * says the sweeps save more than its upkeep.
 */
final class SampleViewPlanner {

    /**
     * Measured per series on one core (an in-process loop over 10,000 series at a 10 s scrape and
     * 1,000 at 1 s, 241 steps): a sweep's cost per step (cursors, extrapolation, the output point)
     * and per sample laid out (copied from the panes, its drop summed).
     */
    static final double SWEEP_STEP_NS = 10;

    static final double SWEEP_SAMPLE_NS = 4;
    /** Bytes a kept sample costs: a 4-byte time offset and an 8-byte value. */
    static final double SAMPLE_BYTES = 12;

    static final long MIN_PANE_MS = 60_000;
    static final long MAX_PANE_MS = 300_000;

    /** One decision: the view (or null) and its explanation. */
    record Decision(MaterializedView view, List<Integer> served, String explanation) {}

    private final PhysicalDag dag;
    private final CostModel model;
    private final java.util.Set<Integer> curved;

    /** @param curved the queries curve views answer (their sums need no sweep) */
    SampleViewPlanner(PhysicalDag dag, CostModel model, java.util.Set<Integer> curved) {
        this.dag = dag;
        this.model = model;
        this.curved = curved;
    }

    /** The decision for the readers of one Scan whose function a samples view answers; null when none reads unaligned. */
    Decision decide(Scan scan, List<Reader> readers) {
        List<Reader> unaligned = new ArrayList<>();
        java.util.SortedSet<Integer> queries = new java.util.TreeSet<>();
        double exact = 0;
        double swept = 0;
        long need = 0;
        long window = 0;
        for (Reader r : readers) {
            if (!r.match().answersFromSamples()) {
                continue;
            }
            List<Reach> ranges = r.reaches().stream()
                    .filter(x -> !x.onGrid() && !x.pinned() && x.steps() > 1 && !curved.contains(x.root()))
                    .toList();
            if (ranges.isEmpty()) {
                continue;
            }
            unaligned.add(r);
            ranges.forEach(x -> queries.add(x.root()));
            exact += model.exact(new Reader(r.node(), r.match(), ranges));
            for (Reach x : ranges) {
                swept += x.evalsPerSecond() * sweepNs(x, r.windowMs()) * 1e-9;
                need = Math.max(need, x.extentMs() + r.windowMs() + Math.max(0, x.offsetMs()));
            }
            window = Math.max(window, r.windowMs());
        }
        if (unaligned.isEmpty()) {
            return null;
        }
        long pane = Math.min(MAX_PANE_MS, Math.max(MIN_PANE_MS, window));
        long retention = need + 2 * pane;
        StateSpec spec = StateSpec.of(StateFamily.SAMPLES);
        double memory = model.series() * model.samples(retention) * SAMPLE_BYTES;
        double upkeep = model.upkeep(Materialization.Mode.AT_INGESTION, spec, pane, retention);
        String source = Planner.selector(scan);
        String numbers = String.format(
                Locale.ROOT,
                "%s panes kept %s (%s): upkeep %s + sweeps %s vs exact %s",
                Durations.format(pane),
                Durations.format(retention),
                ExplanationText.bytes(memory),
                ExplanationText.micros(upkeep),
                ExplanationText.micros(swept),
                ExplanationText.micros(exact));
        if (upkeep + swept >= exact) {
            return new Decision(
                    null,
                    List.of(),
                    "no samples view of " + source + " for the unaligned range queries " + queries + ": " + numbers);
        }
        PaneState state = new PaneState(
                1,
                spec,
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, pane, 0, retention));
        String id = DefinitionIds.of(ViewMatcher.paneDag(scan, state), 2);
        return new Decision(
                new MaterializedView(id, 2, state, List.of()),
                unaligned.stream().map(Reader::node).toList(),
                "samples view " + ExplanationText.shortId(id) + " of " + source + " for the unaligned range queries "
                        + queries + " (their steps miss every grid; rate, increase and delta are swept from the kept"
                        + " samples at any steps, exact): " + numbers);
    }

    /** One run of {@code reach}: every series' samples over its span walked once, every step finalized, and the panes read. */
    private double sweepNs(Reach reach, long windowMs) {
        double span = reach.extentMs() + windowMs;
        double panes = span / MIN_PANE_MS + 1;
        return model.series()
                * (model.samples(span) * SWEEP_SAMPLE_NS
                        + reach.steps() * SWEEP_STEP_NS
                        + panes * GridViewPlanner.READ_NS);
    }
}
