package io.tessera.bench.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** The report's PNG plots: p50 latency per query on each side, and the Prometheus/Tessera ratio per query. */
final class ComparePlots {

    private static final int WIDTH = 1400;
    private static final int HEIGHT = 700;
    private static final String KEY =
            "query number and how Tessera answered: G grid view, P pane view, E exact, M mixed";

    private ComparePlots() {}

    /** Grouped bars of p50 latency per query, log scale: Prometheus, Tessera, Tessera exact. */
    static void latency(CompareRun run, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CategoryChart chart = chart(
                String.format(
                        Locale.ROOT,
                        "p50 latency per query (numbered as in the report), %,d series, log scale",
                        run.setup().dataset().series()),
                "latency (ms)");
        List<String> names = names(run);
        List<Double> prom = new ArrayList<>();
        List<Double> tessera = new ArrayList<>();
        List<Double> exact = new ArrayList<>();
        for (CompareRow r : run.rows()) {
            prom.add(r.prometheusP50());
            tessera.add(r.tesseraP50());
            exact.add(r.exact() == null ? Double.NaN : r.exact().percentileMillis(50));
        }
        chart.addSeries("Prometheus (" + KEY + ")", names, prom);
        chart.addSeries("Tessera (views where they cover the query)", names, tessera);
        boolean withExact = run.rows().stream().allMatch(r -> r.exact() != null);
        if (withExact) {
            chart.addSeries("Tessera, accelerate=false", names, exact);
        }
        floor(chart, withExact ? List.of(prom, tessera, exact) : List.of(prom, tessera));
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Bars of Prometheus p50 over Tessera p50 per query, log scale: above 1, Tessera is faster. */
    static void ratio(CompareRun run, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CategoryChart chart = chart(
                String.format(
                        Locale.ROOT,
                        "Prometheus p50 / Tessera p50 per query (numbered as in the report),"
                                + " %,d series, log scale; above 1: Tessera faster",
                        run.setup().dataset().series()),
                "ratio");
        List<String> names = names(run);
        List<Double> ratios = new ArrayList<>();
        for (CompareRow r : run.rows()) {
            ratios.add(r.ratio());
        }
        floor(chart, List.of(ratios));
        chart.addSeries("Prometheus p50 / Tessera p50 (" + KEY + ")", names, ratios);
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static CategoryChart chart(String title, String yAxis) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .yAxisTitle(yAxis)
                .build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setXAxisLabelRotation(90);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        return chart;
    }

    /** A log axis starting at the power of ten below the smallest bar (bars otherwise start at zero, which a log axis refuses). */
    private static void floor(CategoryChart chart, List<List<Double>> values) {
        double min = Double.POSITIVE_INFINITY;
        for (List<Double> list : values) {
            for (double v : list) {
                if (v > 0) {
                    min = Math.min(min, v);
                }
            }
        }
        chart.getStyler().setYAxisMin(Double.isInfinite(min) ? 0.01 : Math.pow(10, Math.floor(Math.log10(min))));
    }

    private static List<String> names(CompareRun run) {
        List<String> names = new ArrayList<>();
        int i = 0;
        for (CompareRow r : run.rows()) {
            names.add(++i + " " + r.answered().tag);
        }
        return names;
    }
}
