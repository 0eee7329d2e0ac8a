package io.tessera.bench.accel;

import io.tessera.plan.StateSpec;
import java.util.List;

/** The per-series pane views a hand-built plan keeps over one Scan: their pane width and states. */
public record ScanPanes(long paneMs, List<StateSpec> states) {}
