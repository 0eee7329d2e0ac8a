package io.tessera.promqltest;

import io.tessera.core.TesseraException;
import io.tessera.exec.memory.InMemoryDataStore;
import java.util.ArrayList;
import java.util.List;

/** Tessera's PromQL engine over an in-memory store, as the conformance runner drives it. */
final class TesseraEngineAdapter implements PromqlEngine {

    private final io.tessera.exec.PromqlEngine engine =
            new io.tessera.exec.PromqlEngine(io.tessera.exec.PromqlEngine.Options.DEFAULTS);
    private final InMemoryDataStore store = new InMemoryDataStore();

    @Override
    public void load(List<PointSeries> series) {
        store.clear();
        for (PointSeries s : series) {
            store.add(s.labels(), s.timestamps(), s.values());
        }
    }

    @Override
    public QueryOutcome instant(String expr, long t) {
        try {
            return convert(engine.instant(expr, t, store));
        } catch (TesseraException e) {
            return QueryOutcome.failure(e.getMessage());
        }
    }

    @Override
    public QueryOutcome range(String expr, long start, long end, long step) {
        try {
            return convert(engine.range(expr, start, end, step, store));
        } catch (TesseraException e) {
            return QueryOutcome.failure(e.getMessage());
        }
    }

    private static QueryOutcome convert(io.tessera.exec.QueryResult r) {
        QueryResult result = switch (r) {
            case io.tessera.exec.QueryResult.ScalarResult s -> new QueryResult.Scalar(s.t(), s.value());
            case io.tessera.exec.QueryResult.StringResult s -> new QueryResult.StringValue(s.t(), s.value());
            case io.tessera.exec.QueryResult.VectorResult v -> {
                List<QueryResult.Sample> samples = new ArrayList<>();
                long t = 0;
                for (io.tessera.exec.QueryResult.Sample s : v.samples()) {
                    samples.add(new QueryResult.Sample(s.labels(), s.value()));
                    t = s.t();
                }
                yield new QueryResult.Vector(t, samples);
            }
            case io.tessera.exec.QueryResult.MatrixResult m -> {
                List<PointSeries> series = new ArrayList<>();
                for (io.tessera.exec.QueryResult.Series s : m.series()) {
                    series.add(new PointSeries(s.labels(), s.ts(), s.values()));
                }
                yield new QueryResult.Matrix(series);
            }
        };
        return new QueryOutcome.Success(result, r.warnings(), r.infos());
    }
}
