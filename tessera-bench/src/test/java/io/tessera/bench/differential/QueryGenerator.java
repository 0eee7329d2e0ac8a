package io.tessera.bench.differential;

import io.tessera.bench.promql.DatasetShape;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes the queries of a differential run from the templates, round robin so that every template
 * gets its share, alternating instant and range queries. Instant queries are evaluated on the
 * 15 s grid from a sixth into the data to ten minutes past its end (lookback and staleness);
 * range queries span 10 to 240 steps of 15 s to 2 m, starting on the grid inside the data.
 */
final class QueryGenerator {

    private static final long[] STEPS = {15_000, 30_000, 60_000, 120_000};

    private QueryGenerator() {}

    static List<GeneratedQuery> generate(DatasetShape shape, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Vocabulary vocabulary = new Vocabulary(random, shape);
        List<QueryTemplate> templates = QueryTemplates.all();
        List<GeneratedQuery> out = new ArrayList<>(count);
        int k = shape.scrapes();
        for (int i = 0; i < count; i++) {
            QueryTemplate template = templates.get(i % templates.size());
            String text = template.writer().apply(vocabulary);
            boolean range = !template.instantOnly() && (i / templates.size() + i % templates.size()) % 2 == 0;
            if (range) {
                long step = STEPS[random.nextInt(STEPS.length)];
                long start = shape.gridTime(random.nextInt(k / 6, k * 3 / 4));
                long maxPoints = Math.min(240, (shape.gridTime(k + 20) - start) / step);
                long points = random.nextLong(Math.min(10, maxPoints), maxPoints + 1);
                out.add(new GeneratedQuery(i, template.id(), text, start, start + points * step, step));
            } else {
                long t = shape.gridTime(random.nextInt(k / 6, k + 41));
                out.add(new GeneratedQuery(i, template.id(), text, t, t, 0));
            }
        }
        return out;
    }
}
