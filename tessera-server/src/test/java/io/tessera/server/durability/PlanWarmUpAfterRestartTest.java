package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ServerConfig;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restarted server warms up the plan it restored from its data directory (the first dashboards
 * after a restart are the ones the warm-up is for), once the restored views are loaded, and
 * builds no pane again for it.
 */
class PlanWarmUpAfterRestartTest {

    @TempDir
    Path tmp;

    private ServerConfig config() {
        return DurableViewsTest.config(tmp.resolve("data"));
    }

    @Test
    void theRestoredPlanIsWarmedUp() throws Exception {
        try (TesseraServer server = TesseraServer.start(config())) {
            ServerHttp.importText(
                    server.address(),
                    DurableViewsTest.data(DurableViewsTest.T0, DurableViewsTest.T0 + DurableViewsTest.SPAN, 3));
            ServerHttp.installPlan(server.address(), InstallablePlanCodec.toJson(DurableViewsTest.plan()));
            server.runIngestionRuns();
        }
        try (TesseraServer server = TesseraServer.start(config())) {
            String address = server.address();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (ServerHttp.metric(address, "tessera_plan_warm") != 1 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(ServerHttp.metric(address, "tessera_plan_warm")).isEqualTo(1);
            assertThat(ServerHttp.metric(address, "tessera_plan_warm_up_queries_total"))
                    .isEqualTo(300.0 * DurableViewsTest.QUERIES.size());
            assertThat(ServerHttp.metric(address, "tessera_view_panes_built_total"))
                    .as("the warm-up read the restored views; nothing was built again")
                    .isZero();
        }
    }
}
