package io.tessera.promqltest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The {@code eval} queries of Prometheus' PromQL test scripts, as the script parser reads them. */
final class ReferenceCases {

    /** One query; {@code mayFail} when the script expects its evaluation to fail. */
    record Case(String file, int line, String query, boolean mayFail) {

        @Override
        public String toString() {
            return file + ":" + line + " " + query;
        }
    }

    private ReferenceCases() {}

    /** The eval queries of every test script in {@code folder}, file by file in name order. */
    static List<Case> load(Path folder) {
        List<Case> cases = new ArrayList<>();
        for (Path f : ReferenceTests.files(folder)) {
            TestScript script = TestScript.read(f);
            for (EvalCommand eval : script.evals()) {
                boolean mayFail = eval.expect().isFail()
                        || eval.expect().legacyFailMatch().isPresent();
                cases.add(new Case(script.name(), eval.line(), eval.expr(), mayFail));
            }
        }
        return cases;
    }
}
