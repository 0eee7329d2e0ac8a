package io.tessera.store.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.sketch.State;
import java.util.HashMap;
import java.util.Map;

/** Turns read results into plain maps for comparison with a model. */
final class Reads {

    private Reads() {}

    /** Group to state of interval {@code i}; null when nothing is stored for it. */
    static Map<Labels, State> asMap(IntervalStates result, int i) {
        Map<Labels, State> out = new HashMap<>();
        result.forEach(i, (groupId, state) -> {
            State previous = out.put(result.group(groupId), state);
            assertThat(previous)
                    .as("group %s read twice", result.group(groupId))
                    .isNull();
        });
        int viaSegments = 0;
        for (int seg = result.firstSegment(i); seg < result.endSegment(i); seg++) {
            for (int k = 0; k < result.segmentLength(seg); k++) {
                assertThat(out.get(result.group(result.groupId(seg, k)))).isSameAs(result.state(seg, k));
                viaSegments++;
            }
        }
        assertThat(viaSegments).isEqualTo(out.size()).isEqualTo(result.stateCount(i));
        if (!result.isStored(i)) {
            assertThat(out).isEmpty();
            return null;
        }
        return out;
    }
}
