package io.tessera.exec.function;

import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import java.util.Arrays;
import java.util.Comparator;

/**
 * sort, sort_desc, sort_by_label and sort_by_label_desc. Only an instant query's result has an
 * order, so over a grid of several steps the input is returned unchanged with Prometheus'
 * warning. Labels are kept, the metric name too.
 */
final class SortFunctions {

    private SortFunctions() {}

    /** By value, ascending or descending, NaN last either way. */
    static InstantVector byValue(InstantVector in, boolean descending, RunContext context) {
        if (isRange(in, context)) {
            return in;
        }
        Comparator<Integer> order = (a, b) -> {
            double x = in.value(a, 0);
            double y = in.value(b, 0);
            boolean nx = Double.isNaN(x);
            boolean ny = Double.isNaN(y);
            if (nx || ny) {
                return Boolean.compare(nx, ny);
            }
            return descending ? Double.compare(y, x) : Double.compare(x, y);
        };
        return reorder(in, order);
    }

    /** By the given labels in natural order, then by the whole label set. */
    static InstantVector byLabels(InstantVector in, String[] names, boolean descending, RunContext context) {
        if (isRange(in, context)) {
            return in;
        }
        Comparator<Integer> order = (a, b) -> {
            Labels la = in.labels(a);
            Labels lb = in.labels(b);
            for (String name : names) {
                String va = la.get(name);
                String vb = lb.get(name);
                if (va.equals(vb)) {
                    continue;
                }
                int c = NaturalOrder.less(va, vb) ? -1 : 1;
                return descending ? -c : c;
            }
            int c = la.compareTo(lb);
            return descending ? -c : c;
        };
        return reorder(in, order);
    }

    private static boolean isRange(InstantVector in, RunContext context) {
        if (in.grid().start() != in.grid().end()) {
            context.warn(Annotations.SORT_IN_RANGE_QUERY);
            return true;
        }
        return false;
    }

    private static InstantVector reorder(InstantVector in, Comparator<Integer> order) {
        Integer[] idx = new Integer[in.size()];
        int n = 0;
        for (int s = 0; s < in.size(); s++) {
            if (in.has(s, 0)) {
                idx[n++] = s;
            }
        }
        Integer[] present = Arrays.copyOf(idx, n);
        Arrays.sort(present, order);
        InstantVector out = new InstantVector(in.grid(), n);
        for (Integer s : present) {
            int o = out.addSeries(in.labels(s));
            out.set(o, 0, in.value(s, 0));
        }
        return out;
    }
}
