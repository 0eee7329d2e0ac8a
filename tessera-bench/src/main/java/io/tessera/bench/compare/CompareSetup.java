package io.tessera.bench.compare;

/** What a compare run was asked to do: the dataset, the command line, the peer's version and the run counts. */
record CompareSetup(
        CompareDataset dataset, String commandLine, String prometheusVersion, String heap, int runs, int warmups) {}
