package io.tessera.ingest.rows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * CSV as RFC 4180 writes it (comma separated, double quotes around fields that need them, a
 * doubled quote inside), decoded by Commons CSV. The first record is the header: the table's
 * column names, each once, in any order. Empty lines are skipped; every record has one field
 * per header name.
 */
final class CsvRowReader {

    private static final CSVFormat FORMAT =
            CSVFormat.RFC4180.builder().setIgnoreEmptyLines(true).get();

    private CsvRowReader() {}

    static void read(String body, RowBuilder rows) {
        int[] lineStarts = lineStarts(body);
        try (CSVParser parser = CSVParser.parse(body, FORMAT)) {
            Iterator<CSVRecord> records = parser.iterator();
            int[] header = null;
            while (true) {
                CSVRecord record;
                long breaksBefore = parser.getCurrentLineNumber();
                try {
                    if (!records.hasNext()) {
                        break;
                    }
                    record = records.next();
                } catch (UncheckedIOException | IllegalStateException e) {
                    throw new RowFormatException(
                            lineOf(body, lineStarts, breaksBefore),
                            null,
                            "malformed CSV: "
                                    + (e.getCause() == null
                                            ? e.getMessage()
                                            : e.getCause().getMessage()));
                }
                int line = lineAt(lineStarts, skipLineBreaks(body, record.getCharacterPosition()));
                if (header == null) {
                    header = header(record, line, rows);
                    continue;
                }
                if (record.size() != header.length) {
                    throw new RowFormatException(
                            line, null, "the record has " + record.size() + " fields, the header " + header.length);
                }
                rows.startRow(line);
                for (int f = 0; f < header.length; f++) {
                    rows.setText(header[f], record.get(f));
                }
                rows.endRow();
            }
            if (header == null) {
                throw new RowFormatException(1, null, "CSV rows need a header line of column names");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int[] header(CSVRecord record, int line, RowBuilder rows) {
        rows.startRow(line);
        int[] positions = new int[record.size()];
        boolean[] seen = new boolean[rows.columnCount()];
        for (int f = 0; f < record.size(); f++) {
            String name = record.get(f).trim();
            positions[f] = rows.position(name);
            if (seen[positions[f]]) {
                throw new RowFormatException(line, name, "the header names the column twice");
            }
            seen[positions[f]] = true;
        }
        for (int c = 0; c < seen.length; c++) {
            if (!seen[c]) {
                throw new RowFormatException(
                        line, rows.column(c).name(), "the header lacks the column; every row needs a value for it");
            }
        }
        return positions;
    }

    /** The first position from {@code at} that is no line break: where a record after skipped empty lines really starts. */
    private static long skipLineBreaks(String body, long at) {
        int i = (int) at;
        while (i < body.length() && (body.charAt(i) == '\r' || body.charAt(i) == '\n')) {
            i++;
        }
        return i;
    }

    /** The character offset at which each line starts. */
    private static int[] lineStarts(String body) {
        int[] starts = new int[16];
        int n = 1;
        for (int i = 0; i < body.length(); i++) {
            if (body.charAt(i) == '\n') {
                if (n == starts.length) {
                    starts = Arrays.copyOf(starts, n * 2);
                }
                starts[n++] = i + 1;
            }
        }
        return Arrays.copyOf(starts, n);
    }

    /** The 1-based line holding character {@code position}. */
    private static int lineAt(int[] starts, long position) {
        int lo = 0;
        int hi = starts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= position) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo + 1;
    }

    /** The line where the record that follows {@code lineBreaksRead} line breaks starts, empty lines skipped. */
    private static int lineOf(String body, int[] starts, long lineBreaksRead) {
        int line = (int) Math.min(lineBreaksRead, starts.length - 1);
        return lineAt(starts, skipLineBreaks(body, starts[line]));
    }
}
