package io.tessera.exec.function;

/** Series windows for calling range kernels directly. */
final class TestWindows {

    private TestWindows() {}

    /** The window {@code [from, to)} of {@code ts/v} over {@code (start, end]}, evaluated at {@code evalT}. */
    static SeriesWindow of(
            long[] ts, double[] v, int from, int to, long start, long end, long evalT, double... params) {
        SeriesWindow window = new SeriesWindow(params.length);
        window.series(ts, v);
        window.window(from, to, start, end, evalT);
        System.arraycopy(params, 0, window.params(), 0, params.length);
        return window;
    }
}
