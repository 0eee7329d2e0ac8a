package io.tessera.server.api;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.server.http.Request;
import io.tessera.store.raw.RawStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * {@code /api/v1/series}, {@code /api/v1/labels}, {@code /api/v1/label/<name>/values} and
 * {@code /api/v1/metadata}, answered from the raw store's index. Several {@code match[]}
 * selectors select the union of what each selects; {@code start} and {@code end} bound the
 * samples a series must have (both ends included, as Prometheus includes them).
 */
final class MetadataEndpoints {

    static final String LABEL_PATH = "/api/v1/label/";
    private static final String VALUES_SUFFIX = "/values";
    private static final String TRUNCATED = "results truncated due to limit";

    private final RawStore store;

    MetadataEndpoints(RawStore store) {
        this.store = store;
    }

    void series(Request request, FormValues form) throws IOException {
        List<String> selectors = form.all("match[]");
        if (selectors.isEmpty()) {
            throw ApiException.badData("no match[] parameter provided");
        }
        int limit = ApiParams.limit(form);
        Interval range = range(form);
        List<List<LabelMatcher>> sets;
        try {
            sets = ApiParams.matcherSets(selectors);
        } catch (ApiException e) {
            throw ApiException.invalidParameter("match[]", e.getMessage());
        }
        SortedSet<Labels> found = new TreeSet<>();
        if (range != null) {
            for (List<LabelMatcher> matchers : sets) {
                found.addAll(store.series(matchers, range));
            }
        }
        List<Labels> series = new ArrayList<>(found);
        List<String> warnings = new ArrayList<>();
        List<Labels> shown = truncate(series, limit, warnings);
        ApiResponses.success(
                request,
                g -> {
                    g.writeStartArray();
                    for (Labels l : shown) {
                        ResultJson.labels(g, l);
                    }
                    g.writeEndArray();
                },
                warnings,
                List.of());
    }

    void labelNames(Request request, FormValues form) throws IOException {
        matchedStrings(request, form, store::labelNames);
    }

    void labelValues(Request request, FormValues form) throws IOException {
        String path = request.path();
        String encoded = path.substring(LABEL_PATH.length(), path.length() - VALUES_SUFFIX.length());
        String name = LabelNameEscaping.unescape(encoded);
        if (name.isEmpty()) {
            throw ApiException.badData("invalid label name: " + GoQuote.quote(name));
        }
        matchedStrings(request, form, (matchers, range) -> store.labelValues(name, matchers, range));
    }

    /**
     * The union of what {@code lookup} finds for each {@code match[]} set (all series when there is none)
     * in the request's time range, sorted and limited.
     */
    private void matchedStrings(
            Request request, FormValues form, BiFunction<List<LabelMatcher>, Interval, Collection<String>> lookup)
            throws IOException {
        int limit = ApiParams.limit(form);
        Interval range = range(form);
        List<List<LabelMatcher>> sets = ApiParams.matcherSets(form.all("match[]"));
        SortedSet<String> found = new TreeSet<>();
        if (range != null) {
            if (sets.isEmpty()) {
                found.addAll(lookup.apply(List.of(), range));
            }
            for (List<LabelMatcher> matchers : sets) {
                found.addAll(lookup.apply(matchers, range));
            }
        }
        strings(request, found, limit);
    }

    /** Whether {@code path} is {@code /api/v1/label/<one segment>/values}. */
    static boolean isLabelValuesPath(String path) {
        if (!path.startsWith(LABEL_PATH) || !path.endsWith(VALUES_SUFFIX)) {
            return false;
        }
        String name = path.substring(LABEL_PATH.length(), path.length() - VALUES_SUFFIX.length());
        return !name.isEmpty() && name.indexOf('/') < 0;
    }

    /** Metric metadata is not kept: Prometheus' answer when it knows none. */
    void metadata(Request request, FormValues form) throws IOException {
        ApiParams.limit(form);
        ApiResponses.success(request, g -> {
            g.writeStartObject();
            g.writeEndObject();
        });
    }

    private static Interval range(FormValues form) {
        long start = ApiParams.time(form, "start", PrometheusTime.MIN_TIME);
        long end = ApiParams.time(form, "end", PrometheusTime.MAX_TIME);
        return ApiParams.storeRange(start, end);
    }

    private static void strings(Request request, Collection<String> sorted, int limit) throws IOException {
        List<String> warnings = new ArrayList<>();
        List<String> shown = truncate(new ArrayList<>(sorted), limit, warnings);
        ApiResponses.success(
                request,
                g -> {
                    g.writeStartArray();
                    for (String s : shown) {
                        g.writeString(s);
                    }
                    g.writeEndArray();
                },
                warnings,
                List.of());
    }

    private static <T> List<T> truncate(List<T> all, int limit, List<String> warnings) {
        if (limit > 0 && all.size() > limit) {
            warnings.add(TRUNCATED);
            return all.subList(0, limit);
        }
        return all;
    }
}
