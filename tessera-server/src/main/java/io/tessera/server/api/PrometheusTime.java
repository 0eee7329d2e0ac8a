package io.tessera.server.api;

import io.tessera.core.Durations;
import io.tessera.core.InvalidInputException;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Times and durations in the spellings Prometheus' HTTP API accepts, read exactly as its
 * {@code parseTime} and {@code parseDuration} do: a time is Unix seconds with a fraction (rounded
 * to the millisecond) or RFC 3339; a duration is float seconds or a Prometheus duration.
 */
final class PrometheusTime {

    /** Prometheus' {@code MinTime} and {@code MaxTime}, the defaults of optional ranges, in ms. */
    static final long MIN_TIME = (Long.MIN_VALUE / 1000 + 62_135_596_801L) * 1000;

    static final long MAX_TIME = (Long.MAX_VALUE / 1000 - 62_135_596_801L) * 1000 + 999;

    /** How Go's time formatting spells those two, which clients send back. */
    private static final String MIN_TIME_TEXT = "-292273086-05-16T16:47:06Z";

    private static final String MAX_TIME_TEXT = "292277026596-12-04T15:30:07.999999999Z";

    /** Seconds beyond which a float time would overflow epoch milliseconds. */
    private static final double MAX_FLOAT_SECONDS = Long.MAX_VALUE / 1000 - 1;

    private static final Pattern RFC3339 = Pattern.compile(
            "(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})(?:[.,](\\d+))?(?:(Z)|([+-])(\\d{2}):(\\d{2}))");

    private PrometheusTime() {}

    /** Epoch milliseconds of {@code s}. */
    static long parseTime(String s) {
        Double f = GoFloats.parse(s);
        if (f != null) {
            if (Double.isNaN(f) || Math.abs(f) > MAX_FLOAT_SECONDS) {
                throw cannotParseTime(s);
            }
            return floatSecondsToMillis(f);
        }
        Long rfc = parseRfc3339(s);
        if (rfc != null) {
            return rfc;
        }
        if (s.equals(MIN_TIME_TEXT)) {
            return MIN_TIME;
        }
        if (s.equals(MAX_TIME_TEXT)) {
            return MAX_TIME;
        }
        throw cannotParseTime(s);
    }

    /**
     * Go's {@code math.Modf}, then the fraction rounded half away from zero to milliseconds, then
     * {@code time.Unix(sec, nsec)} truncated back to milliseconds, step for step.
     */
    private static long floatSecondsToMillis(double t) {
        double whole = t < 0 ? Math.ceil(t) : Math.floor(t);
        double fraction = roundHalfAwayFromZero((t - whole) * 1000) / 1000;
        long sec = (long) whole;
        long nsec = (long) (fraction * 1e9);
        if (nsec < 0) {
            sec--;
            nsec += 1_000_000_000L;
        } else if (nsec >= 1_000_000_000L) {
            sec++;
            nsec -= 1_000_000_000L;
        }
        return sec * 1000 + nsec / 1_000_000;
    }

    private static double roundHalfAwayFromZero(double x) {
        double a = Math.abs(x);
        double r = Math.floor(a);
        if (a - r >= 0.5) {
            r += 1;
        }
        return Math.copySign(r, x);
    }

    private static Long parseRfc3339(String s) {
        Matcher m = RFC3339.matcher(s);
        if (!m.matches()) {
            return null;
        }
        try {
            int nanos = 0;
            String fraction = m.group(7);
            if (fraction != null) {
                String nine = (fraction.length() > 9
                        ? fraction.substring(0, 9)
                        : fraction + "000000000".substring(fraction.length()));
                nanos = Integer.parseInt(nine);
            }
            int offsetSeconds = 0;
            if (m.group(8) == null) {
                int hours = Integer.parseInt(m.group(10));
                int minutes = Integer.parseInt(m.group(11));
                if (hours >= 24 || minutes >= 60) {
                    return null;
                }
                offsetSeconds = (hours * 3600 + minutes * 60) * (m.group(9).equals("-") ? -1 : 1);
            }
            LocalDateTime local = LocalDateTime.of(
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(6)),
                    nanos);
            long epochSecond = local.toEpochSecond(ZoneOffset.ofTotalSeconds(offsetSeconds));
            return epochSecond * 1000 + nanos / 1_000_000;
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** Nanoseconds of {@code s}, as Go's {@code time.Duration}. */
    static long parseDurationNanos(String s) {
        Double f = GoFloats.parse(s);
        if (f != null) {
            double ns = f * 1e9;
            if (ns >= 0x1p63 || ns < -0x1p63) {
                throw new InvalidInputException(
                        "cannot parse " + GoQuote.quote(s) + " to a valid duration. It overflows int64");
            }
            if (Double.isNaN(ns)) {
                throw cannotParseDuration(s);
            }
            return (long) ns;
        }
        try {
            return Math.multiplyExact(Durations.parseMillis(s), 1_000_000L);
        } catch (InvalidInputException | ArithmeticException e) {
            throw cannotParseDuration(s);
        }
    }

    /** Go's {@code int64(d / time.Millisecond)}. */
    static long nanosToMillis(long nanos) {
        return nanos / 1_000_000L;
    }

    private static InvalidInputException cannotParseTime(String s) {
        return new InvalidInputException("cannot parse " + GoQuote.quote(s) + " to a valid timestamp");
    }

    private static InvalidInputException cannotParseDuration(String s) {
        return new InvalidInputException("cannot parse " + GoQuote.quote(s) + " to a valid duration");
    }
}
