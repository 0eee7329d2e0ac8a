package io.tessera.exec.view.samples;

import java.util.List;

/** The grouping of a {@code sum by (labels)} or {@code sum without (labels)} summed while a sweep goes. */
public record SumGrouping(List<String> labels, boolean without) {}
