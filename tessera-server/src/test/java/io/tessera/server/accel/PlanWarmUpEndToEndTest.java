package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.server.ExactAnswers;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import io.tessera.store.StoreDataStore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A server given a plan asks the plan's queries by itself once its views have caught up
 * (warming the query paths up), says so in {@code /metrics}, does not count those runs as
 * users' queries, and answers from its views exactly as before.
 */
class PlanWarmUpEndToEndTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 40 * 60_000;

    @Test
    void thePlansQueriesAreWarmedUpInTheBackgroundAndAnswersStayExact() throws Exception {
        try (TesseraServer server = AccelerationEndToEndTest.startWithViews(7, 12, false)) {
            String address = server.address();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (ServerHttp.metric(address, "tessera_plan_warm") != 1 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(ServerHttp.metric(address, "tessera_plan_warm")).isEqualTo(1);
            int queries = AccelerationEndToEndTest.plan().queryTexts().size();
            assertThat(ServerHttp.metric(address, "tessera_plan_warm_up_queries_total"))
                    .isEqualTo(queries * 300.0);
            String page = ServerHttp.get(address, "/metrics").body();
            assertThat(page.lines().filter(l -> l.startsWith("tessera_queries_total{")))
                    .as("the warm-up's runs are not users' queries")
                    .isNotEmpty()
                    .allSatisfy(l -> assertThat(l).endsWith(" 0.0"));

            for (String query : AccelerationEndToEndTest.plan().queryTexts()) {
                long t = T0 + SPAN - 61_234;
                JsonNode body = ServerHttp.getJson(
                        address, "/api/v1/query?query=" + ServerHttp.enc(query) + "&time=" + t / 1000.0);
                assertThat(body.path("infos").toString()).as(query).contains("answered from view");
                QueryResult exact = new PromqlEngine(PromqlEngine.Options.DEFAULTS)
                        .instant(query, t, new StoreDataStore(server.rawStore()));
                ExactAnswers.assertVectorAgrees(
                        query, body.path("data").path("result"), ((QueryResult.VectorResult) exact).samples(), 1e-9);
            }
        }
    }
}
