package io.tessera.exec.function;

import io.tessera.core.Labels;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Set;

/**
 * year(), month(), day_of_month(), day_of_week(), day_of_year(), days_in_month(), hour() and
 * minute() in UTC: of each value read as Unix seconds (truncated), or of the evaluation time
 * when called without an argument.
 */
final class DateFunctions {

    private static final Set<String> NAMES =
            Set.of("year", "month", "day_of_month", "day_of_week", "day_of_year", "days_in_month", "hour", "minute");

    private DateFunctions() {}

    static boolean supports(String name) {
        return NAMES.contains(name);
    }

    static InstantVector evaluate(String name, InstantVector in, StepGrid grid) {
        if (in == null) {
            InstantVector out = new InstantVector(grid, 1);
            int o = out.addSeries(Labels.EMPTY);
            for (int i = 0; i < grid.size(); i++) {
                out.set(o, i, field(name, grid.time(i) / 1000L));
            }
            return out;
        }
        InstantVector out = new InstantVector(in.grid(), in.size());
        for (int s = 0; s < in.size(); s++) {
            int o = out.addSeries(in.labels(s).withoutMetricName());
            for (int i = 0; i < in.steps(); i++) {
                if (in.has(s, i)) {
                    out.set(o, i, field(name, (long) in.value(s, i)));
                }
            }
        }
        return out;
    }

    private static double field(String name, long epochSeconds) {
        LocalDateTime t;
        try {
            t = LocalDateTime.ofEpochSecond(epochSeconds, 0, ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return Double.NaN;
        }
        return switch (name) {
            case "year" -> t.getYear();
            case "month" -> t.getMonthValue();
            case "day_of_month" -> t.getDayOfMonth();
            case "day_of_week" -> t.getDayOfWeek().getValue() % 7;
            case "day_of_year" -> t.getDayOfYear();
            case "days_in_month" -> t.toLocalDate().lengthOfMonth();
            case "hour" -> t.getHour();
            case "minute" -> t.getMinute();
            default -> throw new IllegalArgumentException(name);
        };
    }
}
