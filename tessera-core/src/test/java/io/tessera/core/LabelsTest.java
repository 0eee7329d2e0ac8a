package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelsTest {

    @Test
    void sortsByNameAndDropsEmptyValues() {
        Labels labels = Labels.of("job", "api", "__name__", "up", "env", "");
        assertThat(labels.size()).isEqualTo(2);
        assertThat(labels.name(0)).isEqualTo("__name__");
        assertThat(labels.name(1)).isEqualTo("job");
        assertThat(labels.get("env")).isEmpty();
        assertThat(labels.has("env")).isFalse();
        assertThat(labels.metricName()).isEqualTo("up");
    }

    @Test
    void equalSetsAreEqualWhateverTheInputOrder() {
        Labels a = Labels.of("a", "1", "b", "2", "c", "3");
        Labels b = Labels.of(Map.of("c", "3", "a", "1", "b", "2"));
        assertThat(a).isEqualTo(b);
        assertThat(a.hashCode()).isEqualTo(b.hashCode());
        assertThat(a).isNotEqualTo(Labels.of("a", "1", "b", "2"));
    }

    @Test
    void rejectsDuplicateNames() {
        assertThatThrownBy(() -> Labels.of("a", "1", "a", "2"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("duplicate label name \"a\"");
    }

    @Test
    void ordersAsPrometheusDoes() {
        Labels a = Labels.of("a", "1");
        Labels ab = Labels.of("a", "1", "b", "1");
        Labels a2 = Labels.of("a", "2");
        Labels b = Labels.of("b", "0");
        assertThat(List.of(b, a2, ab, a).stream().sorted().toList()).containsExactly(a, ab, a2, b);
    }

    @Test
    void keepWithoutAndWith() {
        Labels l = Labels.of("__name__", "x", "job", "j", "instance", "i");
        assertThat(l.keep(List.of("job"))).isEqualTo(Labels.of("job", "j"));
        assertThat(l.without(List.of("job"))).isEqualTo(Labels.of("__name__", "x", "instance", "i"));
        assertThat(l.withoutMetricName()).isEqualTo(Labels.of("job", "j", "instance", "i"));
        assertThat(l.with("job", "k").get("job")).isEqualTo("k");
        assertThat(l.with("zone", "z").size()).isEqualTo(4);
        assertThat(l.with("job", "").has("job")).isFalse();
    }

    @Test
    void printsInPrometheusTextForm() {
        assertThat(Labels.of("__name__", "up", "job", "a\"b\\c\nd", "a", "1").toString())
                .isEqualTo("up{a=\"1\", job=\"a\\\"b\\\\c\\nd\"}");
        assertThat(Labels.EMPTY.toString()).isEqualTo("{}");
    }

    @Test
    void internerReturnsOneInstancePerSet() {
        LabelsInterner interner = new LabelsInterner();
        Labels first = interner.intern(Labels.of("a", "1"));
        Labels second = interner.intern(Labels.of("a", "1"));
        assertThat(second).isSameAs(first);
        assertThat(interner.size()).isEqualTo(1);
    }
}
