package io.tessera.plan;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Content hashes of sub-DAGs: the SHA-256 of a canonical rendering of a node and everything
 * below it, independent of node ids, so the same definition hashes the same in any DAG.
 */
public final class DefinitionIds {

    private DefinitionIds() {
    }

    public static String of(PhysicalDag dag, int node) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(canonical(dag, node).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The node rendered with its inputs inlined in place of their ids. */
    static String canonical(PhysicalDag dag, int node) {
        PlanNode n = dag.node(node);
        StringBuilder sb = new StringBuilder();
        sb.append(n.getClass().getSimpleName()).append('(');
        switch (n) {
            case Scan s -> sb.append(s.source()).append(',').append(s.matchers());
            case TimeRange t -> sb.append(t.windowKind()).append(',').append(t.rangeMs());
            case PaneState p -> sb.append(p.state()).append(',').append(p.grouping()).append(",pane=")
                    .append(p.materialization().paneMs()).append(",phase=").append(p.materialization().phaseMs());
            default -> sb.append(n);
        }
        for (int input : n.inputs()) {
            sb.append(',').append(canonical(dag, input));
        }
        return sb.append(')').toString();
    }
}
