package io.tessera.plan.planner;

import io.tessera.plan.Materialization;
import io.tessera.plan.StateSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which readers of one candidate view the view serves, and how it is kept: a branch and bound
 * over the readers (each served or exact), pruned by lower bounds — a reader costs at least the
 * cheaper of its exact profile and a read on its own widest pane, and a view's upkeep only grows
 * as readers join (narrower panes, longer retention, fewer eligible modes).
 */
final class ViewSearch {

    static final int BUDGET = 1 << 16;

    /** The outcome: {@code served} empty means no view. */
    record Outcome(
            List<Reader> served,
            Materialization.Mode mode,
            long paneMs,
            long retentionMs,
            double cost,
            boolean budgetExhausted) {}

    private final CostModel model;
    private final StateSpec spec;
    private final boolean ingestion;
    private final List<Reader> readers;
    private final double[] exact;
    private final double[] suffixLowerBound;
    private final boolean[] chosen;
    private int visited;
    private double bestCost = Double.POSITIVE_INFINITY;
    private boolean[] best;

    ViewSearch(CostModel model, StateSpec spec, boolean ingestion, List<Reader> servable) {
        this.model = model;
        this.spec = spec;
        this.ingestion = ingestion;
        List<Reader> sorted = new ArrayList<>(servable);
        sorted.sort(Comparator.comparingDouble((Reader r) -> model.viewRead(r, r.idealPaneMs()) - model.exact(r)));
        this.readers = List.copyOf(sorted);
        int n = readers.size();
        exact = new double[n];
        suffixLowerBound = new double[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            Reader r = readers.get(i);
            exact[i] = model.exact(r);
            suffixLowerBound[i] = suffixLowerBound[i + 1] + Math.min(exact[i], model.viewRead(r, r.idealPaneMs()));
        }
        chosen = new boolean[n];
    }

    Outcome run() {
        search(0, 0, 0, 0);
        List<Reader> served = new ArrayList<>();
        for (int i = 0; i < readers.size(); i++) {
            if (best[i]) {
                served.add(readers.get(i));
            }
        }
        if (served.isEmpty()) {
            return new Outcome(List.of(), null, 0, 0, bestCost, visited >= BUDGET);
        }
        long pane = pane(served);
        long retention = retention(served, pane);
        Materialization.Mode mode = cheapestMode(served, pane, retention);
        return new Outcome(served, mode, pane, retention, bestCost, visited >= BUDGET);
    }

    private void search(int k, long pane, long retentionNeed, double exactSoFar) {
        visited++;
        double viewPart = pane == 0 ? 0 : viewCost(pane, retentionNeed + pane);
        if (exactSoFar + viewPart + suffixLowerBound[k] >= bestCost && best != null) {
            return;
        }
        if (k == readers.size()) {
            bestCost = exactSoFar + viewPart;
            best = chosen.clone();
            return;
        }
        if (visited >= BUDGET && best != null) {
            return;
        }
        Reader r = readers.get(k);
        chosen[k] = true;
        search(
                k + 1,
                pane == 0 ? r.idealPaneMs() : Reader.gcd(pane, r.idealPaneMs()),
                Math.max(retentionNeed, r.retentionNeedMs()),
                exactSoFar);
        chosen[k] = false;
        search(k + 1, pane, retentionNeed, exactSoFar + exact[k]);
    }

    /** Upkeep in the cheapest eligible mode plus the reads of the readers chosen so far. */
    private double viewCost(long pane, long retention) {
        List<Reader> served = new ArrayList<>();
        for (int i = 0; i < readers.size(); i++) {
            if (chosen[i]) {
                served.add(readers.get(i));
            }
        }
        Materialization.Mode mode = cheapestMode(served, pane, retention);
        if (mode == null) {
            return Double.POSITIVE_INFINITY;
        }
        double cost = model.upkeep(mode, spec, pane, retention);
        for (Reader r : served) {
            cost += model.viewRead(r, pane);
        }
        return cost;
    }

    Materialization.Mode cheapestMode(List<Reader> served, long pane, long retention) {
        Materialization.Mode best = null;
        double bestUpkeep = Double.POSITIVE_INFINITY;
        for (Materialization.Mode mode : Materialization.Mode.values()) {
            if (ineligible(mode, served) == null) {
                double upkeep = model.upkeep(mode, spec, pane, retention);
                if (upkeep < bestUpkeep) {
                    bestUpkeep = upkeep;
                    best = mode;
                }
            }
        }
        return best;
    }

    /** Why {@code mode} cannot keep a view for {@code served}, or null when it can. */
    String ineligible(Materialization.Mode mode, List<Reader> served) {
        return switch (mode) {
            case AT_INGESTION -> ingestion ? null : "the workload says the deployment runs no ingestion (data at rest)";
            case AT_QUERY_KEPT -> {
                for (Reader r : served) {
                    for (Reach reach : r.reaches()) {
                        if (!reach.pinned() && !reach.periodic(model.constants())) {
                            yield "query " + reach.root() + " is one-off: no later evaluation reuses kept panes";
                        }
                    }
                }
                yield null;
            }
        };
    }

    static long pane(List<Reader> served) {
        long pane = 0;
        for (Reader r : served) {
            pane = pane == 0 ? r.idealPaneMs() : Reader.gcd(pane, r.idealPaneMs());
        }
        return pane;
    }

    static long retention(List<Reader> served, long pane) {
        long need = 0;
        for (Reader r : served) {
            need = Math.max(need, r.retentionNeedMs());
        }
        return need + pane;
    }
}
