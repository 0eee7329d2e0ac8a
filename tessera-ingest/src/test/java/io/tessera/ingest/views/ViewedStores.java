package io.tessera.ingest.views;

import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryAccelerator;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.summary.SummaryStore;
import java.util.List;

/**
 * The stores of the view tests: raw samples (by default kept 30 h and accepted that late),
 * summaries, the data store over both, and that data store counting its reads; an engine answering
 * exactly and one answering from the views once they are installed.
 */
final class ViewedStores {

    final RawStore raw;
    final SummaryStore summaries = new SummaryStore();
    final StoreDataStore store;
    final CountingDataStore counting;
    final PromqlEngine exact = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
    final PromqlEngine accelerated = new PromqlEngine(PromqlEngine.Options.DEFAULTS);

    ViewedStores() {
        this(RawStoreConfig.defaults().withRetention(30 * 3_600_000L).withOutOfOrderWindow(30 * 3_600_000L));
    }

    ViewedStores(RawStoreConfig rawConfig) {
        raw = new RawStore(rawConfig);
        store = new StoreDataStore(raw, summaries);
        counting = new CountingDataStore(store);
    }

    /**
     * A maintainer over these stores with {@code views} installed, told that samples from {@code
     * from} to {@code to} were written, with no run made yet; {@link #accelerated} reads the views.
     */
    ViewMaintainer installViews(PhysicalDag dag, List<MaterializedView> views, long from, long to) {
        ViewMaintainer maintainer = new ViewMaintainer(summaries, store, 0);
        maintainer.accepted(from, to, 1);
        maintainer.install(dag, views);
        accelerated.accelerate(rewriterFor(views));
        return maintainer;
    }

    /** Rewrites a query to read {@code views} where they answer it. */
    static QueryAccelerator rewriterFor(List<MaterializedView> views) {
        return d -> ViewMatcher.rewrite(d, d.roots().getFirst(), views);
    }
}
