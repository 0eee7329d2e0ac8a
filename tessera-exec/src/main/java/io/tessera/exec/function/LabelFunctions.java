package io.tessera.exec.function;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.Re2Regex;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.value.InstantVector;
import java.util.HashMap;
import java.util.Map;

/**
 * label_replace and label_join: new label sets for the series, values untouched. Series that
 * end up with the same labels are merged when their points never meet at a step, and refused
 * otherwise, as Prometheus does.
 */
final class LabelFunctions {

    private LabelFunctions() {}

    static InstantVector replace(InstantVector in, String dst, String replacement, String src, String regex) {
        Pattern pattern;
        try {
            pattern = Re2Regex.compile(regex);
        } catch (InvalidInputException e) {
            throw new InvalidInputException("invalid regular expression in label_replace(): " + regex, e);
        }
        if (!validLabelName(dst)) {
            throw new InvalidInputException("invalid destination label name in label_replace(): " + dst);
        }
        Map<String, Integer> named = pattern.namedGroups();
        Labels[] labels = new Labels[in.size()];
        for (int s = 0; s < in.size(); s++) {
            Labels l = in.labels(s);
            Matcher m = pattern.matcher(l.get(src));
            labels[s] = m.matches() ? l.with(dst, RegexTemplate.expand(replacement, m, named)) : l;
        }
        return relabel(in, labels);
    }

    static InstantVector join(InstantVector in, String dst, String separator, String[] sources) {
        for (String src : sources) {
            if (!validLabelName(src)) {
                throw new InvalidInputException("invalid source label name in label_join(): " + src);
            }
        }
        if (!validLabelName(dst)) {
            throw new InvalidInputException("invalid destination label name in label_join(): " + dst);
        }
        Labels[] labels = new Labels[in.size()];
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < in.size(); s++) {
            Labels l = in.labels(s);
            sb.setLength(0);
            for (int k = 0; k < sources.length; k++) {
                if (k > 0) {
                    sb.append(separator);
                }
                sb.append(l.get(sources[k]));
            }
            labels[s] = l.with(dst, sb.toString());
        }
        return relabel(in, labels);
    }

    /** Prometheus accepts any non-empty valid UTF-8 label name; Java strings are always valid. */
    private static boolean validLabelName(String name) {
        return !name.isEmpty();
    }

    /** {@code in} with series {@code s} relabelled to {@code labels[s]}, equal label sets merged. */
    private static InstantVector relabel(InstantVector in, Labels[] labels) {
        InstantVector out = new InstantVector(in.grid(), in.size());
        Map<Labels, Integer> index = new HashMap<>();
        for (int s = 0; s < in.size(); s++) {
            Integer existing = index.get(labels[s]);
            int o;
            if (existing == null) {
                o = out.addSeries(labels[s]);
                index.put(labels[s], o);
            } else {
                o = existing;
            }
            for (int i = 0; i < in.steps(); i++) {
                if (in.has(s, i)) {
                    if (existing != null && out.has(o, i)) {
                        throw new QueryExecutionException("vector cannot contain metrics with the same labelset");
                    }
                    out.set(o, i, in.value(s, i));
                }
            }
        }
        return out;
    }
}
