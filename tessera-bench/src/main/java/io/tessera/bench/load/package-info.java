/**
 * Loading generated data in time order: {@link BlockLoader} writes a {@link TimeOrderedDataset}
 * over remote write block after block, so that a server refusing samples far in the past accepts
 * them all.
 */
package io.tessera.bench.load;
