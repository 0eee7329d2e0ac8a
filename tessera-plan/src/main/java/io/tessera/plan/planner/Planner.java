package io.tessera.plan.planner;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.Subquery;
import io.tessera.plan.TableViews;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.plan.lowering.SqlLowering;
import io.tessera.plan.lowering.SqlViewRewrite;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.plan.workload.AccuracyTarget;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.promql.Parser;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import io.tessera.sql.SqlFrontend;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntToDoubleFunction;

/**
 * Plans views for a workload. Every query is lowered into one shared DAG (equal sub-DAGs are one
 * node, so one view serves every query it can); every range function a view could answer is a
 * reader of the candidate view of its Scan and state family; per candidate, a search picks the
 * readers it serves, the pane width (the gcd of their windows and evaluation cadences, phase 0),
 * the sketch parameters (from the strictest accuracy target of its readers) and the mode —
 * AT_INGESTION, AT_QUERY_KEPT, or no view (AT_QUERY) — by the {@link CostModel}. A periodic
 * range query may also keep its result at its step grid ({@link GridViewPlanner}), and an
 * unaligned one as curves of its sums ({@link CurveViewPlanner}). SQL queries
 * join the same search ({@link SqlReaders}): over a table as readers of a view grouped by their
 * keys, over a metric as readers of the per-series view PromQL's range functions read.
 */
public final class Planner {

    /** The subquery resolution when a subquery gives none, as the engine's default. */
    static final long DEFAULT_SUBQUERY_STEP_MS = 60_000;

    private final Workload workload;
    private final CostModel model;
    private final CostModel tableModel;
    private final PhysicalDag dag;
    private final Map<Integer, Set<Reach>> reaches = new TreeMap<>();

    private Planner(Workload workload, CostConstants constants) {
        this.workload = workload;
        this.model = new CostModel(constants, workload.seriesPerSelector(), workload.scrapeIntervalMs());
        this.tableModel = CostModel.forTable(constants, workload.sqlRowsPerSecond(), workload.sqlGroups());
        DagBuilder builder = new DagBuilder();
        PromqlLowering lowering = new PromqlLowering(builder, workload.lookbackMs());
        SqlLowering sql = new SqlLowering(builder);
        for (WorkloadQuery q : workload.queries()) {
            builder.root(
                    q.isSql()
                            ? sql.lower(SqlFrontend.parse(q.query(), workload.catalog(), SqlReaders.LOWERED_AT))
                            : lowering.lower(Parser.parse(q.query())));
        }
        this.dag = builder.build();
    }

    public static PlanResult plan(Workload workload) {
        return plan(workload, CostConstants.DEFAULTS);
    }

    public static PlanResult plan(Workload workload, CostConstants constants) {
        return PlanExplainer.explain(workload, new Planner(workload, constants).run());
    }

    /** One candidate view: a Scan and family, and for a table view its sorted keys and folded column (else null). */
    private record GroupKey(int scan, StateFamily family, List<String> keys, String column) {

        boolean table() {
            return keys != null;
        }
    }

    private PlanDecisions run() {
        for (int i = 0; i < workload.queries().size(); i++) {
            visit(dag.roots().get(i), Reach.ofRoot(i, workload.queries().get(i), model.constants()));
        }
        Map<GroupKey, List<Reader>> groups = new LinkedHashMap<>();
        List<String> notAccelerated = new ArrayList<>();
        for (Map.Entry<Integer, Set<Reach>> e : reaches.entrySet()) {
            int id = e.getKey();
            if (!(dag.node(id) instanceof RangeFunction f)) {
                continue;
            }
            ViewMatcher.Match m = ViewMatcher.match(dag, id);
            if (m == null) {
                notAccelerated.add(f.function() + " in queries " + queriesOf(e.getValue()) + ": " + whyNot(f));
                continue;
            }
            List<Reach> own = new ArrayList<>();
            for (Reach r : e.getValue()) {
                own.add(m.shift() == null ? r : r.below(m.shift(), DEFAULT_SUBQUERY_STEP_MS));
            }
            groups.computeIfAbsent(new GroupKey(m.scan(), m.family(), null, null), k -> new ArrayList<>())
                    .add(new Reader(id, m, own));
        }
        Map<Integer, SqlReaders.Candidate> sqlReaders = new HashMap<>();
        for (int i = 0; i < workload.queries().size(); i++) {
            WorkloadQuery q = workload.queries().get(i);
            if (!q.isSql()) {
                continue;
            }
            SqlReaders.Outcome o = SqlReaders.analyze(dag, i, dag.roots().get(i), q.query(), workload.catalog());
            if (o.candidate() == null) {
                notAccelerated.add("SQL query [" + i + "]: " + o.reason() + "; it runs exactly");
                continue;
            }
            SqlReaders.Candidate c = o.candidate();
            String mismatch = c.bucketMismatch(q.everyMs() > 0 ? Reader.gcd(c.windowMs(), q.everyMs()) : c.windowMs());
            if (mismatch != null) {
                notAccelerated.add("SQL query [" + i + "]: " + mismatch + "; it runs exactly");
                continue;
            }
            GroupKey key = c.metric()
                    ? new GroupKey(c.scan(), c.family(), null, null)
                    : new GroupKey(c.scan(), c.family(), c.keys(), c.column());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(c.reader(Reach.ofRoot(i, q, model.constants())));
            sqlReaders.put(c.aggregate(), c);
        }

        List<ViewSummary> summaries = new ArrayList<>();
        List<MaterializedView> views = new ArrayList<>();
        Set<Integer> served = new HashSet<>();
        Map<Integer, PaneState> sqlViews = new TreeMap<>();
        Map<Integer, TableWindow> sqlViewWindows = new TreeMap<>();
        double planCost = 0;
        double exactCost = 0;
        Map<Integer, Double> readerCost = new TreeMap<>();
        for (Map.Entry<GroupKey, List<Reader>> g : groups.entrySet()) {
            Scan scan = (Scan) dag.node(g.getKey().scan());
            TableWindow window = null;
            if (g.getKey().table()) {
                SqlReaders.Candidate first =
                        sqlReaders.get(g.getValue().getFirst().node());
                window = SqlReaders.viewWindow((TableWindow) dag.node(first.window()), first);
            }
            Candidate c = decide(g.getKey(), scan, window, g.getValue());
            summaries.add(c.summary());
            planCost += c.summary().costPerSecond();
            exactCost += c.summary().alternatives().get("AT_QUERY");
            if (c.view() != null) {
                views.add(c.view());
                c.served().forEach(r -> served.add(r.node()));
                for (Reader r : c.served()) {
                    if (sqlReaders.containsKey(r.node())) {
                        TableWindow viewWindow = window;
                        r.queries().forEach(q -> {
                            sqlViews.put(q, c.view().state());
                            if (viewWindow != null) {
                                sqlViewWindows.put(q, viewWindow);
                            }
                        });
                    }
                }
            }
            for (Reader r : g.getValue()) {
                readerCost.put(
                        r.node(),
                        c.served().contains(r) ? model.viewRead(r, c.view().paneMs()) : model.exact(r));
            }
        }
        List<String> kindDecisions = new ArrayList<>();
        Set<Integer> curved = new HashSet<>();
        for (CurveViewPlanner.Decision d : new CurveViewPlanner(dag, workload, model).decide()) {
            kindDecisions.add(d.explanation());
            if (d.view() != null) {
                views.add(d.view());
                served.add(d.root());
                curved.addAll(d.queries());
            }
        }
        SampleViewPlanner samples = new SampleViewPlanner(dag, model, curved);
        for (Map.Entry<GroupKey, List<Reader>> g : groups.entrySet()) {
            if (g.getKey().table() || g.getKey().family() != StateFamily.COUNTER) {
                continue;
            }
            SampleViewPlanner.Decision d =
                    samples.decide((Scan) dag.node(g.getKey().scan()), g.getValue());
            if (d != null) {
                kindDecisions.add(d.explanation());
                if (d.view() != null) {
                    views.add(d.view());
                    served.addAll(d.served());
                }
            }
        }
        IntToDoubleFunction current = id -> readerCost.getOrDefault(id, Double.POSITIVE_INFINITY);
        for (GridViewPlanner.Decision d : new GridViewPlanner(dag, workload, model, current).decide()) {
            kindDecisions.add(d.explanation());
            if (d.view() != null) {
                views.add(d.view());
                if (d.root() >= 0) {
                    served.add(d.root());
                }
            }
        }
        PhysicalDag planned = ViewMatcher.rewrite(dag, dag.roots(), views, served::contains);
        if (!sqlViews.isEmpty()) {
            planned = SqlViewRewrite.apply(planned, sqlViews, sqlViewWindows);
        }
        InstallablePlan plan = InstallablePlan.of(
                planned, workload.queries().stream().map(WorkloadQuery::query).toList());
        return new PlanDecisions(plan, summaries, notAccelerated, planCost, exactCost, kindDecisions);
    }

    private void visit(int id, Reach reach) {
        if (!reaches.computeIfAbsent(id, k -> new LinkedHashSet<>()).add(reach)) {
            return;
        }
        PlanNode node = dag.node(id);
        Reach below = reach.below(node, DEFAULT_SUBQUERY_STEP_MS);
        for (int input : node.inputs()) {
            visit(input, below);
        }
    }

    private record Candidate(ViewSummary summary, MaterializedView view, List<Reader> served) {}

    private Candidate decide(GroupKey key, Scan scan, TableWindow tableWindow, List<Reader> readers) {
        StateFamily family = key.family();
        CostModel model = key.table() ? tableModel : this.model;
        Grouping grouping = key.table() ? new Grouping(Grouping.Kind.BY, key.keys()) : Grouping.PER_SERIES;
        AccuracyTarget accuracy = null;
        for (Reader r : readers) {
            for (int q : r.queries()) {
                AccuracyTarget a = workload.queries().get(q).accuracy();
                accuracy = accuracy == null ? a : accuracy.strictest(a);
            }
        }
        StateSpec spec = SketchParameters.specFor(family, accuracy);
        double exactAll = 0;
        for (Reader r : readers) {
            exactAll += model.exact(r);
        }
        Map<String, Double> costs = new LinkedHashMap<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        costs.put("AT_QUERY", exactAll);
        List<Integer> allQueries = readers.stream()
                .flatMap(r -> r.queries().stream())
                .distinct()
                .sorted()
                .toList();
        String source = key.table()
                ? "table " + ((Source.Table) scan.source()).name() + " (" + key.column() + ")"
                : selector(scan);
        if (spec == null) {
            String why = family + " cannot meet the accuracy target (quantile rank error "
                    + accuracy.quantileRankError() + "): the best sketch gives "
                    + String.format("%.4g", SketchParameters.kllRankError(org.apache.datasketches.kll.KllSketch.MAX_K));
            for (Materialization.Mode mode : Materialization.Mode.values()) {
                costs.put(mode.name(), Double.POSITIVE_INFINITY);
                reasons.put(mode.name(), why);
            }
            return new Candidate(
                    new ViewSummary(
                            null,
                            source,
                            StateSpec.of(family),
                            0,
                            grouping,
                            null,
                            0,
                            0,
                            allQueries,
                            exactAll,
                            costs,
                            reasons),
                    null,
                    List.of());
        }
        List<Reader> servable = readers.stream().filter(Reader::servable).toList();
        ViewSearch search = new ViewSearch(model, spec, workload.ingestion(), servable);
        ViewSearch.Outcome outcome = search.run();
        List<Reader> reference = outcome.served().isEmpty() ? servable : outcome.served();
        long pane = ViewSearch.pane(reference);
        long retention = reference.isEmpty() ? 0 : ViewSearch.retention(reference, pane);
        for (Materialization.Mode mode : Materialization.Mode.values()) {
            String ineligible = reference.isEmpty()
                    ? "every evaluation is pinned by @ to a fixed time"
                    : search.ineligible(mode, reference);
            if (ineligible != null) {
                costs.put(mode.name(), Double.POSITIVE_INFINITY);
                reasons.put(mode.name(), "ineligible: " + ineligible);
                continue;
            }
            double cost = model.upkeep(mode, spec, pane, retention);
            for (Reader r : readers) {
                cost += reference.contains(r) ? model.viewRead(r, pane) : model.exact(r);
            }
            costs.put(mode.name(), cost);
        }
        Materialization.Mode chosen = outcome.served().isEmpty() ? null : outcome.mode();
        String chosenName = chosen == null ? "AT_QUERY" : chosen.name();
        double chosenCost = costs.get(chosenName);
        for (Map.Entry<String, Double> e : costs.entrySet()) {
            if (!e.getKey().equals(chosenName) && !reasons.containsKey(e.getKey())) {
                reasons.put(e.getKey(), ExplanationText.lostBy(e.getValue(), chosenCost, chosenName));
            }
        }
        if (outcome.budgetExhausted()) {
            reasons.put("search", "the search stopped after " + ViewSearch.BUDGET + " steps; this is the best found");
        }
        if (chosen == null) {
            return new Candidate(
                    new ViewSummary(
                            null,
                            source,
                            spec,
                            pane,
                            grouping,
                            null,
                            retention,
                            reference.isEmpty() ? 0 : model.memoryBytes(spec, pane, retention),
                            allQueries,
                            chosenCost,
                            costs,
                            reasons),
                    null,
                    List.of());
        }
        for (Reader r : readers) {
            if (!outcome.served().contains(r)) {
                reasons.put(
                        "exact " + r.match().function().function() + " in " + r.queries(),
                        !r.servable()
                                ? "pinned by @: no view keeps its window"
                                : "reads exactly: serving it too would cost "
                                        + ExplanationText.micros(costServing(model, spec, readers, outcome.served(), r))
                                        + " in all (a narrower pane or longer retention for"
                                        + " every reader) vs " + ExplanationText.micros(chosenCost));
            }
        }
        Materialization materialization = new Materialization(chosen, pane, 0, retention);
        PaneState state = new PaneState(1, spec, grouping, materialization);
        String id = DefinitionIds.of(
                key.table() ? TableViews.definition(scan, tableWindow, state) : ViewMatcher.paneDag(scan, state), 2);
        List<Integer> servedQueries = outcome.served().stream()
                .flatMap(r -> r.queries().stream())
                .distinct()
                .sorted()
                .toList();
        ViewSummary summary = new ViewSummary(
                id,
                source,
                spec,
                pane,
                grouping,
                chosen,
                retention,
                model.memoryBytes(spec, pane, retention),
                servedQueries,
                chosenCost,
                costs,
                reasons);
        return new Candidate(summary, new MaterializedView(id, 2, state, List.of()), outcome.served());
    }

    /** The cost of the group when {@code extra} joins the served readers, in the cheaper mode. */
    private double costServing(
            CostModel model, StateSpec spec, List<Reader> readers, List<Reader> served, Reader extra) {
        List<Reader> more = new ArrayList<>(served);
        more.add(extra);
        long pane = ViewSearch.pane(more);
        long retention = ViewSearch.retention(more, pane);
        ViewSearch search = new ViewSearch(model, spec, workload.ingestion(), more);
        Materialization.Mode mode = search.cheapestMode(more, pane, retention);
        if (mode == null) {
            return Double.POSITIVE_INFINITY;
        }
        double cost = model.upkeep(mode, spec, pane, retention);
        for (Reader r : readers) {
            cost += more.contains(r) ? model.viewRead(r, pane) : model.exact(r);
        }
        return cost;
    }

    private String whyNot(RangeFunction f) {
        if (f.functionKind().flatMap(RangeFunctionKind::viewFamily).isEmpty()) {
            return "no state family merges " + f.function() + " across panes; it runs exactly";
        }
        PlanNode input = dag.node(f.input());
        if (input instanceof TimeShift t) {
            input = dag.node(t.input());
            if (input instanceof TimeRange) {
                return "its parameters are not constants under offset/@; it runs exactly";
            }
        }
        return input instanceof Subquery
                ? "it reads a subquery, not a selector; it runs exactly"
                : "its input is not a range selector; it runs exactly";
    }

    private static List<Integer> queriesOf(Set<Reach> reaches) {
        return reaches.stream().map(Reach::root).distinct().sorted().toList();
    }

    static String selector(Scan scan) {
        String name = null;
        List<String> rest = new ArrayList<>();
        for (LabelMatcher m : scan.matchers()) {
            if (m.name().equals(Labels.METRIC_NAME) && m.type() == io.tessera.core.MatchType.EQUAL && name == null) {
                name = m.value();
            } else {
                rest.add(m.toString());
            }
        }
        String braces = rest.isEmpty() ? "" : "{" + String.join(", ", rest) + "}";
        return (name == null ? "" : name) + (name == null && braces.isEmpty() ? "{}" : braces);
    }
}
