package io.tessera.dist;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The architecture rules of the code base, checked over the main classes of every shipped module. */
class ArchitectureTest {

    /** The modules' root packages in reactor order: each may use only those before it. */
    private static final List<String> LAYERS = List.of(
            "io.tessera.core..",
            "io.tessera.sketch..",
            "io.tessera.spi..",
            "io.tessera.promql..",
            "io.tessera.sql..",
            "io.tessera.plan..",
            "io.tessera.exec..",
            "io.tessera.promqltest..",
            "io.tessera.store..",
            "io.tessera.ingest..",
            "io.tessera.server..");

    private static final int MAX_PARAMETERS = 8;

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.tessera");

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        slices().matching("io.tessera.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void everyModuleUsesOnlyModulesBeforeIt() {
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] later = LAYERS.subList(i + 1, LAYERS.size()).toArray(String[]::new);
            noClasses()
                    .that()
                    .resideInAPackage(LAYERS.get(i))
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(later)
                    .because("modules depend only on modules earlier in the reactor: " + Arrays.toString(later))
                    .check(CLASSES);
        }
    }

    @Test
    void theExecutorNeverReadsTheStoreDirectly() {
        noClasses()
                .that()
                .resideInAPackage("io.tessera.exec..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.tessera.store..")
                .because("the executor reaches data only through the DataStore SPI")
                .check(CLASSES);
    }

    @Test
    void theStoreReachesTheEngineOnlyThroughTheSpi() {
        noClasses()
                .that()
                .resideInAPackage("io.tessera.store..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.tessera.promql..", "io.tessera.sql..", "io.tessera.plan..", "io.tessera.exec..")
                .because("tessera-store implements io.tessera.spi and knows nothing of the engine")
                .check(CLASSES);
    }

    @Test
    void noMethodTakesMoreThanEightParameters() {
        methods()
                .that()
                .doNotHaveModifier(JavaModifier.SYNTHETIC)
                .should(takeAtMost(MAX_PARAMETERS))
                .check(CLASSES);
    }

    private static ArchCondition<JavaMethod> takeAtMost(int parameters) {
        return new ArchCondition<>("take at most " + parameters + " parameters") {
            @Override
            public void check(JavaMethod method, ConditionEvents events) {
                int count = method.getRawParameterTypes().size();
                if (count > parameters && !method.getName().startsWith("lambda$")) {
                    events.add(SimpleConditionEvent.violated(
                            method, method.getFullName() + " takes " + count + " parameters"));
                }
            }
        };
    }
}
