package io.tessera.server.api;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.promql.Expr;
import io.tessera.promql.ParenExpr;
import io.tessera.promql.ParseException;
import io.tessera.promql.Parser;
import io.tessera.promql.VectorSelector;
import io.tessera.store.raw.RawStore;
import java.util.ArrayList;
import java.util.List;

/** The typed parameters Prometheus' endpoints share, read and refused with its messages. */
final class ApiParams {

    private static final String EMPTY_SELECTOR = "vector selector must contain at least one non-empty matcher";

    private ApiParams() {}

    /** {@code limit}: 0 (no limit) when absent; Go's {@code strconv.Atoi}, then non-negative. */
    static int limit(FormValues form) {
        String s = form.first("limit");
        if (s.isEmpty()) {
            return 0;
        }
        if (!s.matches("[+-]?\\d+")) {
            throw ApiException.invalidParameter(
                    "limit", "strconv.Atoi: parsing " + GoQuote.quote(s) + ": invalid syntax");
        }
        long n;
        try {
            n = Long.parseLong(s.startsWith("+") ? s.substring(1) : s);
        } catch (NumberFormatException e) {
            throw ApiException.invalidParameter(
                    "limit", "strconv.Atoi: parsing " + GoQuote.quote(s) + ": value out of range");
        }
        if (n < 0) {
            throw ApiException.invalidParameter("limit", "limit must be non-negative");
        }
        return (int) Math.min(n, Integer.MAX_VALUE);
    }

    /** Prometheus' {@code parseTimeParam}: {@code fallback} when absent. */
    static long time(FormValues form, String name, long fallback) {
        String s = form.first(name);
        if (s.isEmpty()) {
            return fallback;
        }
        try {
            return PrometheusTime.parseTime(s);
        } catch (InvalidInputException e) {
            throw ApiException.invalidParameter(name, "invalid time value for '" + name + "': " + e.getMessage());
        }
    }

    /** A required time, which Prometheus reads with {@code parseTime} alone. */
    static long requiredTime(FormValues form, String name) {
        try {
            return PrometheusTime.parseTime(form.first(name));
        } catch (InvalidInputException e) {
            throw ApiException.invalidParameter(name, e.getMessage());
        }
    }

    static long durationNanos(FormValues form, String name) {
        try {
            return PrometheusTime.parseDurationNanos(form.first(name));
        } catch (InvalidInputException e) {
            throw ApiException.invalidParameter(name, e.getMessage());
        }
    }

    /**
     * The raw store's interval for Prometheus' closed range {@code [start, end]}; its defaults
     * (MinTime, MaxTime) stand for all time. Null for a range with nothing in it.
     */
    static Interval storeRange(long start, long end) {
        if (end < start) {
            return null;
        }
        long from = start <= PrometheusTime.MIN_TIME ? RawStore.ALL_TIME.start() : start - 1;
        long to = end >= PrometheusTime.MAX_TIME ? RawStore.ALL_TIME.end() : end;
        return Interval.of(from, to);
    }

    /**
     * Every {@code match[]} selector as its matchers. A selector whose matchers all match the
     * empty string is refused, as Prometheus refuses it.
     */
    static List<List<LabelMatcher>> matcherSets(List<String> selectors) {
        List<List<LabelMatcher>> sets = new ArrayList<>(selectors.size());
        for (String s : selectors) {
            Expr e;
            try {
                e = Parser.parse(s);
            } catch (ParseException ex) {
                if (ex.detail().equals(EMPTY_SELECTOR)) {
                    throw ApiException.badData("match[] must contain at least one non-empty matcher");
                }
                throw ApiException.badData(ex.getMessage());
            }
            while (e instanceof ParenExpr p) {
                e = p.expr();
            }
            if (!(e instanceof VectorSelector v) || v.offsetMillis() != 0 || v.at() != null) {
                throw ApiException.badData("1:1: parse error: " + GoQuote.quote(s) + " is not a metric selector");
            }
            sets.add(v.allMatchers());
        }
        return sets;
    }
}
