/**
 * Reading sample views: {@link SampleSweep} answers {@code rate}, {@code increase} and
 * {@code delta} (and a {@code sum} of them) at steps anywhere by sweeping each series' kept
 * samples once, the newest panes read raw while they are not built.
 */
package io.tessera.exec.view.samples;
