// `tirx-cli memmap`'s text table when the plan caps its overlap list (N
// tensors at one address make N(N-1)/2 pairs, the plan lists the first
// MemoryPlan::kMostOverlapsListed, 1,000, and the table says how many more
// there are, as `check` does), the tile call a workspace's row names, and
// what its PSUM picture names.

#include "cli_run.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString source(const QString& relative) { return QStringLiteral(TIRX_SOURCE_DIR) + u'/' + relative; }

// `count` SBUF tiles of 16 bytes, every one at byte 0.
QString allAtOneAddress(int count)
{
    QString text = u"from tvm_tirx.script import tirx as T\n\n@T.function\ndef main():\n"_s;
    for (int i = 0; i < count; ++i)
        text +=
            u"    B%1 = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), \"float32\", scope=\"trn.sbuf\")])\n"_s.arg(i);
    return text;
}

} // namespace

class TestCliMemmap : public QObject {
    Q_OBJECT

private slots:
    // A workspace's row names the tile call it serves, with its place.
    void workspaceRowNamesItsTileCall()
    {
        const CliRun run = runCli({u"memmap"_s, source(u"resources/examples/activation.py"_s)});
        QCOMPARE(run.exitCode, 0);
        static const QRegularExpression row(
            uR"(\nconst_bias +trn\.sbuf .* TrnPrivateTensorAlloc for T\.trn\.tile\.activation at \d+:\d+\n)"_s);
        QVERIFY2(row.match(run.out).hasMatch(), qPrintable(run.out));
    }

    void overlapListSaysWhatItLeavesOut_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("listed");
        QTest::addColumn<QString>("note");
        // 45 tensors: 990 pairs, all listed, no note.
        QTest::newRow("990 pairs") << 45 << 990 << QString();
        // 50 tensors: 1,225 pairs, 225 past the cap.
        QTest::newRow("1,225 pairs") << 50 << 1000 << u"… and 225 more overlaps"_s;
        // 100 tensors: 4,950 pairs; the count has thousands separators.
        QTest::newRow("4,950 pairs") << 100 << 1000 << u"… and 3,950 more overlaps"_s;
    }

    void overlapListSaysWhatItLeavesOut()
    {
        QFETCH(int, count);
        QFETCH(int, listed);
        QFETCH(QString, note);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"overlaps.py"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(allAtOneAddress(count).toUtf8());
        file.close();
        // The plan of the input as written: the verifier stops the pipeline
        // at its first pass, which these overlaps fail.
        const CliRun run = runCli({u"memmap"_s, path, u"--after"_s, u"input"_s});
        // Overlapping SBUF tensors are an error in the input.
        QCOMPARE(run.exitCode, 1);
        const QStringList lines = run.out.split(u'\n', Qt::SkipEmptyParts);
        const auto overlapLines =
            std::count_if(lines.begin(), lines.end(), [](const QString& l) { return l.startsWith(u"overlap: "_s); });
        QCOMPARE(int(overlapLines), listed);
        const auto notes =
            std::count_if(lines.begin(), lines.end(), [](const QString& l) { return l.contains(u"more overlaps"_s); });
        if (note.isEmpty()) {
            QCOMPARE(int(notes), 0);
            return;
        }
        QCOMPARE(int(notes), 1);
        QVERIFY2(lines.contains(note), qPrintable(run.out.right(400)));
        // Right after the listed pairs, before the totals.
        const auto at = lines.indexOf(note);
        QVERIFY(lines[at - 1].startsWith(u"overlap: "_s));
        QVERIFY(lines[at + 1].startsWith(u"trn.psum: "_s));
    }

    void psumPictureNamesEachSlotInItsBank()
    {
        // memory_map.py: acc_psum, a workspace, over all 8 banks from bank
        // 0; the user's Acc over banks 2 and 3.
        QTemporaryDir dir;
        const QString svg = dir.filePath(u"psum.svg"_s);
        const CliRun run = runCli(
            {u"memmap"_s, source(u"resources/examples/memory_map.py"_s), u"--scope"_s, u"psum"_s, u"--svg"_s, svg});
        QCOMPARE(run.exitCode, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // A bank is an eighth of the map's width from its left: slot s of
        // acc_psum is centred in bank s, Acc's slot s in bank 2 + s.
        const QRegularExpression mapRect(
            u"<rect class=\"map\" x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\""_s);
        const auto map = mapRect.match(text);
        QVERIFY(map.hasMatch());
        const double left = map.captured(1).toDouble();
        const double bank = map.captured(3).toDouble() / 8;
        const double height = map.captured(4).toDouble();
        QVERIFY(bank > 100);
        const QRegularExpression slot(u"<text x=\"([0-9.]+)\" y=\"([0-9.]+)\"[^>]*>slot ([0-9])</text>"_s);
        QMap<int, QList<double>> slotsAt; // slot -> centres
        for (auto it = slot.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            slotsAt[m.captured(3).toInt()] << m.captured(1).toDouble();
        }
        QCOMPARE(slotsAt.size(), 8);
        for (int s = 0; s < 8; ++s) {
            const double centre = left + bank * (s + 0.5);
            QVERIFY2(std::any_of(slotsAt[s].begin(), slotsAt[s].end(),
                                 [&](double x) { return std::abs(x - centre) < 0.006; }),
                     qPrintable(u"slot %1"_s.arg(s)));
        }
        QVERIFY(std::any_of(slotsAt[0].begin(), slotsAt[0].end(), [&](double x) {
            return std::abs(x - (left + bank * 2.5)) < 0.006;
        })); // Acc's slot 0 in bank 2
        QVERIFY(std::any_of(slotsAt[1].begin(), slotsAt[1].end(),
                            [&](double x) { return std::abs(x - (left + bank * 3.5)) < 0.006; }));
        // Acc meets acc_psum in banks 2 and 3 only: that is what is red.
        const QRegularExpression overlap(
            u"<rect class=\"overlap\" x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\""_s);
        QList<QRegularExpressionMatch> shared;
        for (auto it = overlap.globalMatch(text); it.hasNext();) shared << it.next();
        QCOMPARE(shared.size(), 1);
        QVERIFY(std::abs(shared[0].captured(1).toDouble() - (left + bank * 2)) < 0.006);
        QVERIFY(std::abs(shared[0].captured(3).toDouble() - bank * 2) < 0.011);
        QCOMPARE(shared[0].captured(4).toDouble(), height);
        // The legend says what the star after acc_psum means.
        QVERIFY(text.contains(u">acc_psum *</text>"_s));
        QVERIFY(text.contains(u">* added by a pass</text>"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliMemmap)
#include "test_cli_memmap.moc"
