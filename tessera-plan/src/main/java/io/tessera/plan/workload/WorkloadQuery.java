package io.tessera.plan.workload;

import io.tessera.core.Durations;

/**
 * One query users run: an instant query evaluated every {@code everyMs}, or a range query over
 * {@code rangeMs} at {@code stepMs} refreshed every {@code everyMs}. {@code everyMs == 0} is a
 * one-off query. An {@code aligned} instant query is evaluated at multiples of {@code everyMs}
 * (as rules and aligned dashboards are) rather than at "now". A range query is aligned by default:
 * its start and end are multiples of its step, as Grafana asks; an unaligned one starts anywhere
 * (a client that asks for "the last hour" at "now"). A {@link Language#SQL} query is an
 * instant query whose text is SQL, evaluated at "now" every {@code everyMs}.
 */
public record WorkloadQuery(
        String query,
        Type type,
        long rangeMs,
        long stepMs,
        long everyMs,
        AccuracyTarget accuracy,
        boolean aligned,
        Language language) {

    public enum Type {
        INSTANT,
        RANGE
    }

    public enum Language {
        PROMQL,
        SQL
    }

    public WorkloadQuery {
        if (query == null || query.isBlank()) {
            throw new IllegalArgumentException("a workload query needs a query");
        }
        if (type == Type.RANGE && (rangeMs <= 0 || stepMs <= 0)) {
            throw new IllegalArgumentException("a range query needs a positive range and step");
        }
        if (type == Type.INSTANT && (rangeMs != 0 || stepMs != 0)) {
            throw new IllegalArgumentException("an instant query has no range or step");
        }
        if (everyMs < 0) {
            throw new IllegalArgumentException("an evaluation interval must not be negative");
        }
        if (aligned && type == Type.INSTANT && everyMs == 0) {
            throw new IllegalArgumentException("only a periodic instant query is aligned to its interval");
        }
        if (language == null) {
            language = Language.PROMQL;
        }
        if (language == Language.SQL && (type != Type.INSTANT || aligned)) {
            throw new IllegalArgumentException("a SQL query is evaluated at now(): it has no range, step or alignment");
        }
    }

    public WorkloadQuery(String query, Type type, long rangeMs, long stepMs, long everyMs, AccuracyTarget accuracy) {
        this(query, type, rangeMs, stepMs, everyMs, accuracy, type == Type.RANGE, Language.PROMQL);
    }

    /** A SQL query evaluated at now() every {@code everyMs} (0: once). */
    public static WorkloadQuery sql(String sql, long everyMs, AccuracyTarget accuracy) {
        return new WorkloadQuery(sql, Type.INSTANT, 0, 0, everyMs, accuracy, false, Language.SQL);
    }

    public boolean isSql() {
        return language == Language.SQL;
    }

    /** This query evaluated at multiples of its interval. */
    public WorkloadQuery alignedToInterval() {
        return new WorkloadQuery(query, type, rangeMs, stepMs, everyMs, accuracy, true, language);
    }

    /** This range query with its steps anywhere, not on multiples of its step. */
    public WorkloadQuery unaligned() {
        if (type != Type.RANGE) {
            throw new IllegalArgumentException(
                    "an instant query is at \"now\" unless aligned; unaligned() is for range queries");
        }
        return new WorkloadQuery(query, type, rangeMs, stepMs, everyMs, accuracy, false, language);
    }

    public static WorkloadQuery instant(String query, long everyMs) {
        return new WorkloadQuery(query, Type.INSTANT, 0, 0, everyMs, AccuracyTarget.DEFAULT);
    }

    public static WorkloadQuery range(String query, long rangeMs, long stepMs, long everyMs) {
        return new WorkloadQuery(query, Type.RANGE, rangeMs, stepMs, everyMs, AccuracyTarget.DEFAULT);
    }

    public boolean periodic() {
        return everyMs > 0;
    }

    /** Evaluation times per run: 1 for an instant query, the step count of a range query. */
    public long steps() {
        return type == Type.INSTANT ? 1 : rangeMs / stepMs + 1;
    }

    /** The query as a workload file line would describe it, e.g. {@code range 24h step 15s every 1m}. */
    public String describeSchedule() {
        String when = periodic()
                ? "every " + Durations.format(everyMs)
                        + (type == Type.INSTANT && aligned
                                ? " (aligned)"
                                : type == Type.RANGE && !aligned ? " (unaligned)" : "")
                : "one-off";
        if (isSql()) {
            return "SQL at now(), " + when;
        }
        return type == Type.INSTANT
                ? "instant, " + when
                : "range " + Durations.format(rangeMs) + " step " + Durations.format(stepMs) + ", " + when;
    }
}
