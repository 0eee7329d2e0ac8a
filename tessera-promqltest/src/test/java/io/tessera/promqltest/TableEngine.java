package io.tessera.promqltest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A fake engine answering from a hand-written table; it remembers what it was given to load. */
final class TableEngine implements PromqlEngine {

    final List<List<PointSeries>> loads = new ArrayList<>();
    final List<String> queries = new ArrayList<>();
    private final Map<String, QueryOutcome> answers = new HashMap<>();

    TableEngine answerInstant(String expr, long t, QueryOutcome outcome) {
        answers.put(instantKey(expr, t), outcome);
        return this;
    }

    TableEngine answerRange(String expr, long start, long end, long step, QueryOutcome outcome) {
        answers.put(rangeKey(expr, start, end, step), outcome);
        return this;
    }

    @Override
    public void load(List<PointSeries> series) {
        loads.add(series);
    }

    @Override
    public QueryOutcome instant(String expr, long t) {
        return answer(instantKey(expr, t));
    }

    @Override
    public QueryOutcome range(String expr, long start, long end, long step) {
        return answer(rangeKey(expr, start, end, step));
    }

    private QueryOutcome answer(String key) {
        queries.add(key);
        QueryOutcome o = answers.get(key);
        if (o == null) {
            throw new IllegalStateException("no answer in the table for " + key);
        }
        return o;
    }

    private static String instantKey(String expr, long t) {
        return "instant " + expr + " @" + t;
    }

    private static String rangeKey(String expr, long start, long end, long step) {
        return "range " + expr + " " + start + ".." + end + " step " + step;
    }
}
