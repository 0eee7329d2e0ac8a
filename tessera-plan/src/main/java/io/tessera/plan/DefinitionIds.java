package io.tessera.plan;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Content hashes of sub-DAGs: the SHA-256 of a canonical rendering of a node and everything
 * below it, independent of node ids, so the same definition hashes the same in any DAG. Every
 * field but input ids is rendered; inputs follow in role order.
 */
public final class DefinitionIds {

    private DefinitionIds() {}

    public static String of(PhysicalDag dag, int node) {
        return hash(canonical(dag, node));
    }

    private static String hash(String canonical) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(canonical.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The id a view {@code p} would have over node {@code input} of {@code dag}. */
    public static String ofPaneStateOver(PhysicalDag dag, int input, PaneState p) {
        StringBuilder sb = new StringBuilder("PaneState(");
        paneState(sb, p);
        sb.append(',');
        appendCanonical(sb, dag, input);
        return hash(sb.append(')').toString());
    }

    private static void paneState(StringBuilder sb, PaneState p) {
        fields(
                sb,
                p.state(),
                p.grouping(),
                "pane=" + p.materialization().paneMs(),
                "phase=" + p.materialization().phaseMs());
    }

    /** The node rendered with its inputs inlined in place of their ids. */
    static String canonical(PhysicalDag dag, int node) {
        StringBuilder sb = new StringBuilder();
        appendCanonical(sb, dag, node);
        return sb.toString();
    }

    /** Renders into one builder, so that a deep tree is copied once rather than once per level. */
    private static void appendCanonical(StringBuilder sb, PhysicalDag dag, int node) {
        PlanNode n = dag.node(node);
        head(sb, n);
        for (int input : n.inputs()) {
            sb.append(',');
            appendCanonical(sb, dag, input);
        }
        sb.append(')');
    }

    /**
     * The length of every node's canonical rendering, in one pass over the DAG (inputs precede
     * the nodes that read them) and without rendering any subtree.
     */
    public static long[] canonicalLengths(PhysicalDag dag) {
        long[] lengths = new long[dag.size()];
        StringBuilder sb = new StringBuilder();
        for (int id = 0; id < dag.size(); id++) {
            PlanNode n = dag.node(id);
            sb.setLength(0);
            head(sb, n);
            long length = sb.length() + 1;
            for (int input : n.inputs()) {
                length += 1 + lengths[input];
            }
            lengths[id] = length;
        }
        return lengths;
    }

    /** The length of the rendering {@link #ofPaneStateOver} hashes, for an input rendering of {@code inputLength}. */
    public static long paneStateOverLength(PaneState p, long inputLength) {
        StringBuilder sb = new StringBuilder("PaneState(");
        paneState(sb, p);
        return sb.length() + 1 + inputLength + 1;
    }

    private static void head(StringBuilder sb, PlanNode n) {
        sb.append(n.getClass().getSimpleName()).append('(');
        switch (n) {
            case Scan s -> fields(sb, s.source(), s.matchers());
            case TimeRange t -> fields(sb, t.windowKind(), t.rangeMs());
            case TimeShift t -> fields(sb, t.offsetMs(), t.at(), t.kind());
            case RangeFunction f -> sb.append(f.function());
            case Subquery q -> fields(sb, q.rangeMs(), q.stepMs());
            case InstantFunction f -> fields(sb, f.function(), f.kind(), f.absentLabels());
            case VectorAggregate a -> fields(sb, a.op(), a.grouping(), a.without(), "param=" + (a.param() >= 0));
            case VectorBinary b -> fields(sb, b.op(), b.matching(), b.returnBool(), b.kind());
            case Negate g -> sb.append(g.kind());
            case NumberLiteral l -> sb.append(Double.doubleToLongBits(l.value()));
            case StringLiteral l ->
                sb.append('"')
                        .append(l.value().replace("\\", "\\\\").replace("\"", "\\\""))
                        .append('"');
            case PaneState p -> paneState(sb, p);
            case ViewRangeFunction v -> fields(sb, v.function(), v.windowMs());
            case ViewValue v -> {}
            case GridCorrection c -> sb.append(c.function());
            case Fallback f -> sb.append(f.kind());
            case SqlNode q -> sb.append(SqlNodes.describe(q));
        }
    }

    /** Appends {@code values} separated by commas. */
    private static void fields(StringBuilder sb, Object... values) {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(values[i]);
        }
    }
}
