package io.tessera.ingest.views;

import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.summary.SummaryStore;

/**
 * The stores of the view tests: raw samples kept 30 h (and accepted that late), summaries, the
 * data store over both, and that data store counting its reads.
 */
final class ViewedStores {

    final RawStore raw = new RawStore(
            RawStoreConfig.defaults().withRetention(30 * 3_600_000L).withOutOfOrderWindow(30 * 3_600_000L));
    final SummaryStore summaries = new SummaryStore();
    final StoreDataStore store = new StoreDataStore(raw, summaries);
    final CountingDataStore counting = new CountingDataStore(store);
}
