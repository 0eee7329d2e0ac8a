package io.tessera.server.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.InvalidInputException;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.server.http.Request;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@code POST /api/v1/plan} installs a plan (the JSON {@code tessera plan} writes), swapping it
 * in atomically; {@code GET /api/v1/plan} returns the installed one.
 */
public final class PlanEndpoints {

    /** The only content type a plan is accepted in: a web page cannot send it without asking first (CORS). */
    public static final String CONTENT_TYPE = "application/json";

    private static final long MAX_PLAN_BYTES = 16 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Supplier<InstallablePlan> current;
    private final Consumer<InstallablePlan> install;
    private final long maxRetentionMs;

    /** {@code maxRetentionMs}: the longest retention a plan's view may ask for (see {@link PlanBounds}). */
    public PlanEndpoints(Supplier<InstallablePlan> current, Consumer<InstallablePlan> install, long maxRetentionMs) {
        this.current = current;
        this.install = install;
        this.maxRetentionMs = maxRetentionMs;
    }

    public void handle(Request request) throws IOException {
        if (request.method().equals("GET")) {
            InstallablePlan plan = current.get();
            if (plan == null) {
                request.json(
                        404, "{\"status\":\"error\",\"errorType\":\"not_found\",\"error\":\"no plan is installed\"}");
            } else {
                request.json(200, InstallablePlanCodec.toJson(plan));
            }
            return;
        }
        InstallablePlan plan;
        try {
            plan = InstallablePlanCodec.fromJson(new String(request.body(MAX_PLAN_BYTES), StandardCharsets.UTF_8));
        } catch (InvalidInputException | IllegalArgumentException e) {
            request.json(
                    400,
                    JSON.writeValueAsString(Map.of(
                            "status", "error", "errorType", "bad_data", "error", String.valueOf(e.getMessage()))));
            return;
        }
        try {
            PlanBounds.check(plan, maxRetentionMs);
            install.accept(plan);
        } catch (InvalidInputException e) {
            request.json(
                    400,
                    JSON.writeValueAsString(Map.of(
                            "status", "error", "errorType", "bad_data", "error", String.valueOf(e.getMessage()))));
            return;
        }
        List<Map<String, Object>> views = new ArrayList<>();
        for (MaterializedView view : plan.materializedViews()) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("definition_id", view.definitionId());
            v.put("family", view.state().state().family().name().toLowerCase(Locale.ROOT));
            v.put("pane_ms", view.paneMs());
            v.put("retention_ms", view.materialization().retentionMs());
            views.add(v);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("queries", plan.queryTexts().size());
        data.put("views", views);
        request.json(200, JSON.writeValueAsString(Map.of("status", "success", "data", data)));
    }
}
