// The NKI trace reader: a valid version-1 document becomes plain structs;
// one that is not JSON, is cut short, has another version or a wrong field
// is refused with a message naming what is wrong.

#include "nki_fixtures.h"

#include "nki/trace_reader.h"

#include <QtTest>

using nkitest::TraceBuilder;

class TestNkiTrace : public QObject {
    Q_OBJECT

private slots:
    void readsAValidTrace()
    {
        TraceBuilder b;
        const int a = b.hbm("a", {128, 512});
        const int t = b.tile("t", "sbuf", 128, 1024, 7, std::make_pair(0, 4096));
        b.op("nisa.dma_copy", {{t, -1}}, {{a, -1}}, 8);
        b.loop("affine_range", 0, 0, 6);
        b.note("warning", "output-buffer", "output in nl.hbm", 3);
        const auto read = tirx::nki::readTrace(b.text());
        QVERIFY2(read.trace, read.error.c_str());
        const auto& trace = *read.trace;
        QCOMPARE(trace.version, 1);
        QCOMPARE(trace.entry, std::string("kernel"));
        QCOMPARE(trace.programs.size(), size_t{1});
        const auto& p = trace.programs.front();
        QCOMPARE(p.tensors.size(), size_t{2});
        QVERIFY(!p.tensors[0].onChip());
        QCOMPARE(p.tensors[1].bytesPerPartition, int64_t{1024});
        QVERIFY(p.tensors[1].address);
        QCOMPARE(p.tensors[1].address->byte, int64_t{4096});
        QCOMPARE(p.instructions.size(), size_t{1});
        QCOMPARE(p.instructions[0].writes.front().tensor, t);
        QCOMPARE(p.instructions[0].reads.front().tensor, a);
        QCOMPARE(p.instructions[0].loc.line, 8);
        QCOMPARE(p.loops.front().kind, std::string("affine_range"));
        QCOMPARE(p.notes.front().severity, tirx::nki::Severity::Warning);
        QCOMPARE(trace.fileOf(p.instructions[0].loc), std::string("/k/kernel.py"));
    }

    void readsBlockTiles()
    {
        TraceBuilder b;
        b.blockTile("blk", 4, 2, 512, 5);
        const auto read = tirx::nki::readTrace(b.text());
        QVERIFY2(read.trace, read.error.c_str());
        const auto& blocks = read.trace->programs[0].tensors[0].blocks;
        QVERIFY(blocks);
        QCOMPARE(blocks->count, int64_t{4});
        QCOMPARE(blocks->addresses.size(), size_t{4});
        QCOMPARE(blocks->addresses[3]->byte, int64_t{512});
        QCOMPARE(blocks->allocator, tirx::nki::BlockAllocator::ModAlloc);
    }

    void refusesWhatIsNotJson()
    {
        const auto read = tirx::nki::readTrace("{\"format\": tirx}");
        QVERIFY(!read.trace);
        QVERIFY2(read.error.find("not valid JSON") != std::string::npos, read.error.c_str());
    }

    void saysATruncatedTraceIsTruncated()
    {
        TraceBuilder b;
        b.tile("t", "sbuf", 128, 64, 3);
        const std::string text = b.text();
        const auto read = tirx::nki::readTrace(std::string_view(text).substr(0, text.size() / 2));
        QVERIFY(!read.trace);
        QVERIFY2(read.error.find("truncated") != std::string::npos, read.error.c_str());
    }

    void refusesAnotherVersion()
    {
        TraceBuilder b;
        auto doc = b.document();
        doc["version"] = 2;
        const auto read = tirx::nki::readTrace(doc.dump());
        QVERIFY(!read.trace);
        QVERIFY2(read.error.find("version 2 is not supported") != std::string::npos, read.error.c_str());
    }

    void refusesAnotherFormat()
    {
        const auto read = tirx::nki::readTrace(R"({"format": "something", "version": 1})");
        QVERIFY(!read.trace);
        QVERIFY2(read.error.find("format") != std::string::npos, read.error.c_str());
    }

    void namesTheFieldThatIsWrong_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("shape") << "/programs/0/tensors/0/shape"
                               << R"("big")"
                               << "programs[0].tensors[0].shape: expected an array";
        QTest::newRow("buffer") << "/programs/0/tensors/0/buffer"
                                << R"("dram")"
                                << "programs[0].tensors[0].buffer: unknown buffer \"dram\"";
        QTest::newRow("region tensor") << "/programs/0/instructions/0/writes/0/tensor"
                                       << "9"
                                       << "programs[0].instructions[0].writes[0].tensor: id 9 names no tensor";
        QTest::newRow("location file") << "/programs/0/instructions/0/loc/file"
                                       << "3"
                                       << "programs[0].instructions[0].loc.file: index 3 names no entry";
        QTest::newRow("severity") << "/programs/0/notes/0/severity"
                                  << R"("fatal")"
                                  << "programs[0].notes[0].severity: expected \"error\"";
        QTest::newRow("bytes") << "/programs/0/tensors/0/bytes_per_partition"
                               << "-4"
                               << "programs[0].tensors[0].bytes_per_partition: expected a non-negative integer";
    }

    void namesTheFieldThatIsWrong()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        TraceBuilder b;
        const int t = b.tile("t", "sbuf", 128, 64, 3);
        b.write(t, 4);
        b.note("error", "partition-start", "bad start", 3);
        auto doc = b.document();
        doc[nlohmann::json::json_pointer(pointer.toStdString())] = nlohmann::json::parse(value.toStdString());
        const auto read = tirx::nki::readTrace(doc.dump());
        QVERIFY(!read.trace);
        QVERIFY2(read.error.find(expected.toStdString()) != std::string::npos, read.error.c_str());
    }

    void refusesAMissingField()
    {
        TraceBuilder b;
        auto doc = b.document();
        doc.erase("programs");
        const auto read = tirx::nki::readTrace(doc.dump());
        QVERIFY(!read.trace);
        QVERIFY2(read.error.find("missing field \"programs\"") != std::string::npos, read.error.c_str());
    }

    void refusesAMissingFile()
    {
        const auto read = tirx::nki::readTraceFile("/nonexistent/trace.json");
        QVERIFY(!read.trace);
        QVERIFY2(read.error.find("no trace was written") != std::string::npos, read.error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestNkiTrace)
#include "test_nki_trace.moc"
