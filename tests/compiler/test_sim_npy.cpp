// The .npy reader and writer against files numpy itself wrote
// (tests/golden/sim/npy/, made with numpy 1.24 np.save): every supported
// dtype's values and shape, bfloat16 in the ml_dtypes "|V2" layout, a
// round trip through the writer, and a clear message for an unsupported
// dtype, a Fortran-order array and a truncated file.

#include "sim/array_stats.h"
#include "sim/npy.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <sys/stat.h>

using namespace tirx;
using namespace tirx::sim;

namespace {

std::string fixture(const char* name)
{
    return (std::filesystem::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "sim" / "npy" / name).string();
}

std::vector<float> valuesOf(const HostArray& a)
{
    std::vector<float> out;
    for (int64_t k = 0; k < a.elements(); ++k) out.push_back(elementAt(a, k));
    return out;
}

} // namespace

class TestSimNpy : public QObject {
    Q_OBJECT

private slots:
    void readsNumpyFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<std::vector<int64_t>>("shape");
        QTest::addColumn<std::vector<float>>("values");
        QTest::newRow("float32") << "f4.npy"
                                 << "float32" << std::vector<int64_t>{2, 3}
                                 << std::vector<float>{1.5f, -2.25f, 3.0f, 0.0f, 1e-3f, -7.0f};
        QTest::newRow("float16") << "f2.npy"
                                 << "float16" << std::vector<int64_t>{3}
                                 << std::vector<float>{0.5f, -65504.0f, 6.103515625e-05f};
        QTest::newRow("int8") << "i1.npy"
                              << "int8" << std::vector<int64_t>{3} << std::vector<float>{-128, 0, 127};
        QTest::newRow("int16") << "i2.npy"
                               << "int16" << std::vector<int64_t>{2, 2} << std::vector<float>{-300, 2, 3, 32767};
        QTest::newRow("int32") << "i4.npy"
                               << "int32" << std::vector<int64_t>{3}
                               << std::vector<float>{-2147483648.0f, 7.0f, 2147483647.0f};
        QTest::newRow("uint8") << "u1.npy"
                               << "uint8" << std::vector<int64_t>{3} << std::vector<float>{0, 200, 255};
        QTest::newRow("bool") << "b1.npy"
                              << "bool" << std::vector<int64_t>{4} << std::vector<float>{1, 0, 1, 1};
        QTest::newRow("bfloat16") << "v2.npy"
                                  << "bfloat16" << std::vector<int64_t>{3} << std::vector<float>{1.0f, -2.5f, 0.15625f};
        QTest::newRow("0-d") << "scalar.npy"
                             << "float32" << std::vector<int64_t>{} << std::vector<float>{4.0f};
    }

    void readsNumpyFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, dtype);
        QFETCH(std::vector<int64_t>, shape);
        QFETCH(std::vector<float>, values);
        const auto read = readNpy(fixture(file.toUtf8().constData()));
        QVERIFY2(read.array, read.error.c_str());
        QCOMPARE(read.array->dtype.str(), dtype.toStdString());
        QCOMPARE(read.array->shape, shape);
        QCOMPARE(valuesOf(*read.array), values);
    }

    void roundTrips_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f :
             {"f4.npy", "f2.npy", "i1.npy", "i2.npy", "i4.npy", "u1.npy", "b1.npy", "v2.npy", "scalar.npy"})
            QTest::newRow(f) << f;
    }

    void roundTrips()
    {
        QFETCH(QString, file);
        const auto read = readNpy(fixture(file.toUtf8().constData()));
        QVERIFY(read.array);
        std::string error;
        const auto bytes = encodeNpy(*read.array, &error);
        QVERIFY2(bytes, error.c_str());
        QCOMPARE(bytes->size() % 64, read.array->bytes.size() % 64); // header padded to 64
        const auto again = parseNpy(*bytes);
        QVERIFY2(again.array, again.error.c_str());
        QCOMPARE(again.array->dtype, read.array->dtype);
        QCOMPARE(again.array->shape, read.array->shape);
        QCOMPARE(again.array->bytes, read.array->bytes);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("float64") << "f8.npy"
                                 << "unsupported .npy dtype '<f8'";
        QTest::newRow("fortran") << "fortran.npy"
                                 << "fortran-order .npy arrays are not supported";
        QTest::newRow("truncated") << "truncated.npy"
                                   << "truncated .npy data: 19 bytes for 24";
        QTest::newRow("missing") << "no-such-file.npy"
                                 << "no-such-file.npy: cannot read the file: No such file or directory";
        QTest::newRow("not npy") << "../README.md"
                                 << "not an .npy file";
        // Found by fuzz_npy: a shape whose product wrapped around.
        QTest::newRow("shape past 64 bits") << "huge-shape.npy"
                                            << ".npy shape (3333333333, 3333333334) has more bytes than fit in 64 bits";
    }

    // The reader the CLI and the app share: a FIFO is refused, not waited on.
    void aFifoIsNotRead()
    {
        QTemporaryDir dir;
        const QByteArray fifo = dir.filePath(QStringLiteral("a.npy")).toLocal8Bit();
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        const auto read = readNpy(fifo.toStdString());
        QVERIFY(!read.array);
        QVERIFY2(read.error == fifo.toStdString() + ": cannot read the file: it is not a regular file",
                 read.error.c_str());
    }

    void errors()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const auto read = readNpy(fixture(file.toUtf8().constData()));
        QVERIFY(!read.array);
        QVERIFY2(read.error.find(message.toStdString()) != std::string::npos, read.error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestSimNpy)
#include "test_sim_npy.moc"
