package io.tessera.exec.view.grid;

import io.tessera.exec.value.SeriesRows;

/**
 * {@code rate}, {@code increase} and {@code delta} of the step's series moved by {@link
 * CounterMove}; a series the move cannot answer is answered from its whole window.
 */
final class CounterCorrection {

    private final CorrectionScope scope;
    private final CounterMove counterMove;
    private final ExactWindows exact;
    /** How far the spans reach past their edges, for the samples next to them. */
    private final long ext;

    private final CounterSpans spans = new CounterSpans();

    CounterCorrection(CorrectionScope scope, CounterMove counterMove, ExactWindows exact, long ext) {
        this.scope = scope;
        this.counterMove = counterMove;
        this.exact = exact;
        this.ext = ext;
    }

    /**
     * Moves the step's series into {@code result}: a value, or none (fewer than two samples at T).
     *
     * @param goneFlat the samples that left by output series when shared, else null and the rows
     *     read now hold them at the series' entered row
     */
    void move(SeriesStep step, FlatRows goneFlat, CounterResult result) {
        long g = step.gridPoint;
        long t = step.time;
        if (t == g) {
            if (step.keptCount >= 2) {
                result.value(step.keptValue);
            } else {
                result.none();
            }
            return;
        }
        int a = step.enteredRow;
        SeriesRows rows = scope.rows();
        spans.moving(g, t);
        if (a < 0) {
            spans.entered(null, null, 0, 0);
        } else {
            int first = rows.first(a);
            spans.entered(rows.tsArray(a), rows.valuesArray(a), first, first + rows.count(a));
        }
        KeptCorrections.CounterAtG atG = null;
        if (goneFlat != null) {
            // the rows read now start after g: the last sample before it was kept
            atG = scope.left().counterAtG();
            spans.left(goneFlat.ts, goneFlat.vs, goneFlat.from(step.series), goneFlat.to(step.series));
        } else {
            // the rows that left are the rows read now
            spans.left(spans.enteredTs, spans.enteredValues, spans.enteredFrom, spans.enteredTo);
        }
        counterMove.move(step.keptValue, step.keptCount, scope.windowMs(), ext, atG, step.series, spans, result);
        if (result.outcome() == CounterResult.Outcome.EXACT) {
            exact.counter(step, result.exactReason(), counterMove, result);
        }
    }
}
