// A kernel's signature read without running it: the window fills its
// arguments bar from it before the user has trusted the kernel's folder.

#include "nki/signature.h"

#include <QtTest>

using tirx::nki::kernelSignatures;

class TestNkiSignature : public QObject {
    Q_OBJECT

private slots:
    void readsTheDecoratedKernelsParameters()
    {
        const auto found = kernelSignatures(R"(import nki
import nki.language as nl

def helper(t):  # not a kernel: a decorated one exists
    return t


@nki.jit(platform_target="trn2")
def attention(q, k: nl.tensor,
              v,  # values, (seq, d)
              scale: float = 0.125, *, mask=None, cfg=Config(a=1, b=(2, 3)), **extra):
    pass
)");
        QCOMPARE(found.size(), size_t{1});
        const auto& s = found.front();
        QCOMPARE(s.name, std::string("attention"));
        QCOMPARE(s.line, 9);
        QVERIFY(s.decorated);
        std::vector<std::string> names;
        for (const auto& p : s.parameters) names.push_back(p.name);
        QCOMPARE(names, (std::vector<std::string>{"q", "k", "v", "scale", "mask", "cfg", "extra"}));
        QCOMPARE(s.parameters[3].defaultText, std::string("0.125"));
        QCOMPARE(s.parameters[5].defaultText, std::string("Config(a=1, b=(2, 3))"));
        QVERIFY(s.parameters[6].variadic);

        // The tensors a launch starts from: parameters without a default.
        const auto launch = tirx::nki::launchFromSignature(s, {128, 64}, "bfloat16");
        QCOMPARE(launch.entry, std::string("attention"));
        QCOMPARE(launch.args.size(), size_t{3});
        QCOMPARE(launch.args[2].name, std::string("v"));
        QCOMPARE(launch.args[2].shape, (std::vector<int64_t>{128, 64}));
        QCOMPARE(launch.args[2].dtype, std::string("bfloat16"));
    }

    void withoutADecoratorEveryTopLevelFunctionIsACandidate()
    {
        const auto found = kernelSignatures("def first(a, b):\n    def inner(x):\n        pass\n\ndef second():\n"
                                            "    pass\nclass K:\n    def method(self, t):\n        pass\n");
        QCOMPARE(found.size(), size_t{2});
        QCOMPARE(found[0].name, std::string("first"));
        QCOMPARE(found[0].parameters.size(), size_t{2});
        QCOMPARE(found[1].name, std::string("second"));
        QVERIFY(found[1].parameters.empty());
    }

    void anUnclosedDefIsSkipped()
    {
        QVERIFY(kernelSignatures("@nki.jit\ndef broken(a, b\n").empty());
        QVERIFY(kernelSignatures("").empty());
    }
};

QTEST_MAIN(TestNkiSignature)
#include "test_nki_signature.moc"
