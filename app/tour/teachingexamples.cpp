#include "teachingexamples.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <array>

using namespace Qt::StringLiterals;

namespace {

const std::array kExamples = {
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Layouts"), "layout_store.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "A layout maps a logical index to a partition and a free offset: one store, "
                                      "rewritten by LowerTrainiumLayout.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Copies"), "copy_layout.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "Copying HBM into SBUF 128 rows at a time: each row block lands at its own "
                                      "free offset.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Elementwise"), "vector_add.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "One tile call becomes one instruction nest over 128 partitions; loads and "
                                      "stores are DMAs, the add runs on the Vector Engine.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Elementwise"), "activation.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "The Scalar Engine reads a constant bias from SBUF, so the pass adds a "
                                      "const_bias tile and fills it.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Elementwise"), "tiled_add.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "A loop over row tiles written by hand, the allocator's offsets, and a sum "
                                      "kept in PSUM.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Reductions"), "two_stage_reduce.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "Reduced dims that are not contiguous in the free axis take two passes "
                                      "through a partial_reduce tile.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Softmax"), "softmax.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "Row softmax, one row per partition: the negated row maximum becomes the "
                                      "exponential's bias.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Layer norm"), "layer_norm.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "Mean and variance by free-axis reductions, 1 / sqrt(var + eps) on the "
                                      "Scalar Engine, written in T.nki instructions.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Matmul with PSUM"), "matmul_psum.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "K = 512 is cut into four blocks of 128 partitions, each matmul adding into "
                                      "the same PSUM bank.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Matmul with PSUM"), "attention_scores.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "Q Kᵀ into a PSUM bank, then a row softmax: operands loaded transposed so "
                                      "the width lies on the partitions.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Allocation"), "naive_allocator.py",
                    QT_TRANSLATE_NOOP("Teaching", "TrnNaiveAllocator places SBUF tensors one after another in every "
                                                  "partition; global tensors stay unplaced.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "Allocation"), "memory_map.py",
                    QT_TRANSLATE_NOOP("Teaching", "Workspaces the passes add, PSUM placed by hand, and an overlap the "
                                                  "verifier warns about.")},
    TeachingExample{QT_TRANSLATE_NOOP("Teaching", "The verifier"), "sbuf_overflow.py",
                    QT_TRANSLATE_NOOP("Teaching",
                                      "Three 80 KiB tiles do not fit in a 192 KiB partition: the verifier stops "
                                      "the pipeline at the allocation.")},
};

} // namespace

std::span<const TeachingExample> teachingExamples() { return kExamples; }

QString teachingExamplePath(const TeachingExample& example)
{
    return u":/examples/"_s + QString::fromUtf8(example.file);
}

TeachingExamplesDialog::TeachingExamplesDialog(QWidget* parent) : QDialog(parent), m_list(new QTreeWidget(this))
{
    setObjectName(u"TeachingExamplesDialog"_s);
    setWindowTitle(tr("Teaching Examples"));
    auto* intro = new QLabel(tr("The bundled examples in the order a class meets them. Open one to read its "
                                "header comment, then step through its passes."),
                             this);
    intro->setWordWrap(true);

    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Topic"), tr("Example"), tr("Lesson")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(false);
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    int number = 0;
    for (const TeachingExample& example : kExamples) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(0, u"%1. %2"_s.arg(++number).arg(QCoreApplication::translate("Teaching", example.topic)));
        item->setText(1, QString::fromUtf8(example.file));
        item->setText(2, QCoreApplication::translate("Teaching", example.lesson));
        item->setToolTip(2, item->text(2));
    }
    m_list->header()->setStretchLastSection(true);
    m_list->resizeColumnToContents(0);
    m_list->resizeColumnToContents(1);
    m_list->setCurrentItem(m_list->topLevelItem(0));
    connect(m_list, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item) { choose(m_list->indexOfTopLevelItem(item)); });

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* open = buttons->addButton(tr("&Open"), QDialogButtonBox::AcceptRole);
    open->setDefault(true);
    connect(open, &QPushButton::clicked, this, [this] { choose(m_list->indexOfTopLevelItem(m_list->currentItem())); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(900, 480);
}

void TeachingExamplesDialog::choose(int row)
{
    if (row < 0 || row >= static_cast<int>(kExamples.size())) return;
    emit exampleChosen(teachingExamplePath(kExamples[static_cast<size_t>(row)]));
}
