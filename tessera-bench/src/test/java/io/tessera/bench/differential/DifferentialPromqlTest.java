package io.tessera.bench.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.bench.Peers;
import io.tessera.bench.peer.PrometheusProcess;
import io.tessera.bench.promql.AnswerComparison;
import io.tessera.bench.promql.DatasetLoader;
import io.tessera.bench.promql.DatasetShape;
import io.tessera.bench.promql.LoadResult;
import io.tessera.bench.promql.QueryAnswer;
import io.tessera.bench.promql.QueryApi;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ServerConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Differential test against a real Prometheus 2.42: the same generated data goes to both over
 * remote write, then several hundred generated PromQL queries, half instant and half range, go to
 * both query APIs; every answer must agree ({@link AnswerComparison}), or both must be errors.
 *
 * <p>The data ({@link io.tessera.bench.promql.InstanceSeries}): counters with resets, gauges,
 * classic histograms, four jobs, instances that start late or stop early (half of them with stale
 * markers), every scrape jittered off the 15 s grid. What the queries avoid and why is written
 * down in {@link QueryTemplates}; templates known not to agree yet are in
 * {@link KnownDisagreements} and reported without failing.
 *
 * <p>Short mode by default (300 series over 1 h, 600 queries); {@code -Dtessera.diff.full=true}
 * runs 2,000 series over 3 h with 1,500 queries. {@code -Dtessera.diff.seed} and
 * {@code -Dtessera.diff.queries} override the seed and the query count. Skips when no Prometheus
 * binary is found.
 */
class DifferentialPromqlTest {

    private static final boolean FULL = Boolean.getBoolean("tessera.diff.full");
    private static final long SEED = Long.getLong("tessera.diff.seed", 20_260_601L);
    private static final int QUERIES = Integer.getInteger("tessera.diff.queries", FULL ? 1_500 : 600);
    private static final int FIRST_DIFFS_SHOWN = 8;
    private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(60);

    private static DatasetShape shape;
    private static PrometheusProcess prometheus;
    private static TesseraServer tessera;

    @BeforeAll
    static void start() throws Exception {
        Peers.assumePrometheusInstalled("the differential PromQL test against Prometheus 2.42");
        shape = FULL
                ? DatasetShape.of(2_000, Duration.ofHours(3), Duration.ofSeconds(15), Duration.ofMinutes(20), SEED)
                : DatasetShape.of(300, Duration.ofHours(1), Duration.ofSeconds(15), Duration.ofMinutes(20), SEED);
        prometheus = PrometheusProcess.startReceiver();
        tessera = TesseraServer.start(ServerConfig.DEFAULTS.withListen("127.0.0.1:0"));
        DatasetLoader loader = new DatasetLoader(shape, 2, null);
        for (String target : List.of("Prometheus", "Tessera")) {
            LoadResult load = loader.load(
                    target,
                    target.equals("Tessera")
                            ? "http://" + tessera.address() + "/api/v1/write"
                            : prometheus.remoteWriteUrl());
            System.out.printf(
                    Locale.ROOT,
                    "%s loaded: %,d samples in %,d requests, %,d answered 204, %.1f s%n",
                    target,
                    load.samples(),
                    load.requests(),
                    load.accepted(),
                    load.nanos() / 1e9);
            assertThat(load.firstFailure())
                    .as(target + " refused a remote-write request")
                    .isNull();
            assertThat(load.accepted()).as(target + " requests answered 204").isEqualTo(load.requests());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        Peers.closeInOrder(prometheus, tessera);
    }

    @Test
    void tesseraAnswersLikePrometheus() throws Exception {
        List<GeneratedQuery> queries = QueryGenerator.generate(shape, QUERIES, SEED);
        Map<String, int[]> perTemplate = new TreeMap<>();
        List<String> unexpected = new ArrayList<>();
        List<String> known = new ArrayList<>();
        int agreed = 0;
        int bothErrors = 0;
        int nonEmpty = 0;
        long points = 0;
        long began = System.nanoTime();
        try (QueryApi theirs = new QueryApi(prometheus.baseUrl(), QUERY_TIMEOUT);
                QueryApi ours = new QueryApi("http://" + tessera.address(), QUERY_TIMEOUT)) {
            for (GeneratedQuery q : queries) {
                QueryAnswer expected = ask(theirs, q);
                QueryAnswer actual = ask(ours, q);
                AnswerComparison c = AnswerComparison.compare(expected, actual);
                int[] counts = perTemplate.computeIfAbsent(q.template(), t -> new int[3]);
                counts[0]++;
                if (c.agree()) {
                    agreed++;
                    counts[1]++;
                    bothErrors += expected.isError() ? 1 : 0;
                    nonEmpty += expected.series().isEmpty() ? 0 : 1;
                    for (var p : expected.series().values()) {
                        points += p.size();
                    }
                    continue;
                }
                counts[2]++;
                String report = q.describe() + "\n      " + String.join("\n      ", c.details());
                (KnownDisagreements.TEMPLATES.containsKey(q.template()) ? known : unexpected).add(report);
            }
        }
        System.out.println(summary(
                queries.size(),
                queries.stream().filter(GeneratedQuery::isRange).count(),
                agreed,
                bothErrors,
                nonEmpty,
                points,
                perTemplate,
                unexpected,
                known,
                (System.nanoTime() - began) / 1e9));
        assertThat(unexpected)
                .as("queries where Tessera disagrees with Prometheus 2.42, outside the known templates")
                .isEmpty();
    }

    private static QueryAnswer ask(QueryApi api, GeneratedQuery q) throws Exception {
        return QueryAnswer.parse(
                q.isRange() ? api.range(q.text(), q.start(), q.end(), q.step()) : api.instant(q.text(), q.start()));
    }

    private static String summary(
            int total,
            long ranges,
            int agreed,
            int bothErrors,
            int nonEmpty,
            long points,
            Map<String, int[]> perTemplate,
            List<String> unexpected,
            List<String> known,
            double seconds) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "%nDifferential PromQL, Tessera vs Prometheus 2.42 (%s mode: %,d series, %d"
                        + " scrapes of 15 s, seed %d): %d queries (%d range) in %.1f s, %d agreed (%d errors on both"
                        + " sides, %d non-empty results with %,d points), %d disagreed: %d unexpected, %d in"
                        + " known-disagreeing templates%n",
                FULL ? "full" : "short",
                shape.series(),
                shape.scrapes(),
                SEED,
                total,
                ranges,
                seconds,
                agreed,
                bothErrors,
                nonEmpty,
                points,
                total - agreed,
                unexpected.size(),
                known.size()));
        out.append(String.format(
                Locale.ROOT, "  %-24s %7s %7s %9s  %s%n", "template", "queries", "agreed", "disagreed", ""));
        for (Map.Entry<String, int[]> e : perTemplate.entrySet()) {
            int[] c = e.getValue();
            String reason = KnownDisagreements.TEMPLATES.get(e.getKey());
            String note = reason == null
                    ? (c[2] > 0 ? "UNEXPECTED" : "")
                    : c[2] == 0 ? "known, but all agreed now: remove it from the list" : "known: " + reason;
            out.append(String.format(Locale.ROOT, "  %-24s %7d %7d %9d  %s%n", e.getKey(), c[0], c[1], c[2], note));
        }
        appendFirst(out, "unexpected disagreements", unexpected);
        appendFirst(out, "disagreements in known templates", known);
        return out.toString();
    }

    private static void appendFirst(StringBuilder out, String title, List<String> reports) {
        if (reports.isEmpty()) {
            return;
        }
        out.append("The first ")
                .append(Math.min(FIRST_DIFFS_SHOWN, reports.size()))
                .append(" of ")
                .append(reports.size())
                .append(' ')
                .append(title)
                .append(":\n");
        for (String r : reports.subList(0, Math.min(FIRST_DIFFS_SHOWN, reports.size()))) {
            out.append("  ").append(r).append('\n');
        }
    }
}
