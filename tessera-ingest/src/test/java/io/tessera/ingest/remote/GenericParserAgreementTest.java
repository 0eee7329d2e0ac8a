package io.tessera.ingest.remote;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.tessera.core.Labels;
import io.tessera.ingest.WriteBatch;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Our encoder and decoder against protobuf's own schema-less parser. */
class GenericParserAgreementTest {

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14, 15, 16, 17, 18})
    void decoderAgreesWithTheGenericParser(long seed) throws InvalidProtocolBufferException {
        byte[] message = RemoteWriteEncoder.encodeUncompressed(RandomBatches.batch(seed, 30, 12));
        WriteBatch decoded = new RemoteWriteDecoder().decodeUncompressed(message, 0, message.length);

        UnknownFieldSet request = UnknownFieldSet.parseFrom(message);
        assertThat(request.asMap().keySet()).isSubsetOf(1);
        List<ByteString> series = request.hasField(1) ? request.getField(1).getLengthDelimitedList() : List.of();
        assertThat(series).hasSize(decoded.seriesCount());

        int sample = 0;
        for (int s = 0; s < series.size(); s++) {
            UnknownFieldSet ts = UnknownFieldSet.parseFrom(series.get(s));
            assertThat(ts.asMap().keySet()).isSubsetOf(1, 2);
            Labels labels = decoded.labels(s);
            List<ByteString> labelMessages = ts.getField(1).getLengthDelimitedList();
            assertThat(labelMessages).hasSize(labels.size());
            for (int i = 0; i < labelMessages.size(); i++) {
                UnknownFieldSet label = UnknownFieldSet.parseFrom(labelMessages.get(i));
                assertThat(label.getField(1).getLengthDelimitedList().getFirst().toStringUtf8())
                        .isEqualTo(labels.name(i));
                assertThat(label.getField(2).getLengthDelimitedList().getFirst().toStringUtf8())
                        .isEqualTo(labels.value(i));
            }
            List<ByteString> samples = ts.hasField(2) ? ts.getField(2).getLengthDelimitedList() : List.of();
            assertThat(samples).hasSize(decoded.sampleEnd(s) - decoded.sampleStart(s));
            for (ByteString bytes : samples) {
                UnknownFieldSet sm = UnknownFieldSet.parseFrom(bytes);
                List<Long> value = sm.getField(1).getFixed64List();
                List<Long> timestamp = sm.getField(2).getVarintList();
                assertThat(value.isEmpty() ? 0L : value.getFirst())
                        .isEqualTo(Double.doubleToRawLongBits(decoded.value(sample)));
                assertThat(timestamp.isEmpty() ? 0L : timestamp.getFirst()).isEqualTo(decoded.timestamp(sample));
                sample++;
            }
        }
        assertThat(sample).isEqualTo(decoded.sampleCount());
    }
}
