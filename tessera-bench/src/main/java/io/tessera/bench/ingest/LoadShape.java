package io.tessera.bench.ingest;

/**
 * What the load generator sends: {@code series} series in groups of {@code seriesPerRequest};
 * one request carries {@code samplesPerSeries} consecutive samples, {@code intervalMillis}
 * apart, of every series of one group. A round is one request per group. Each group belongs to
 * one connection, which sends its requests in order, so no series ever sees an older sample
 * after a newer one.
 */
record LoadShape(
        int series,
        int seriesPerRequest,
        int samplesPerSeries,
        long intervalMillis,
        int connections,
        long startMillis) {

    LoadShape {
        if (series <= 0 || seriesPerRequest <= 0 || series % seriesPerRequest != 0) {
            throw new IllegalArgumentException(
                    "series (" + series + ") must be a positive multiple of " + seriesPerRequest);
        }
        if (connections <= 0 || connections > groups(series, seriesPerRequest)) {
            throw new IllegalArgumentException("connections must be from 1 to the number of request groups, "
                    + groups(series, seriesPerRequest) + ": " + connections);
        }
    }

    private static int groups(int series, int seriesPerRequest) {
        return series / seriesPerRequest;
    }

    int groups() {
        return groups(series, seriesPerRequest);
    }

    int samplesPerRequest() {
        return seriesPerRequest * samplesPerSeries;
    }

    long samplesPerRound() {
        return (long) series * samplesPerSeries;
    }

    /** The groups connection {@code c} sends, in its sending order. */
    int[] groupsOf(int c) {
        int[] out = new int[(groups() - c + connections - 1) / connections];
        for (int i = 0; i < out.length; i++) {
            out[i] = c + i * connections;
        }
        return out;
    }

    /** The nominal time of sample {@code k} of round {@code round}. */
    long sampleTime(int round, int k) {
        return startMillis + ((long) round * samplesPerSeries + k) * intervalMillis;
    }
}
