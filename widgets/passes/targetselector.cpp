#include "passes/targetselector.h"

#include "fromstd.h"

#include "target/target.h"

using namespace Qt::StringLiterals;

namespace {
QString sizeText(int64_t bytes) { return bytes % 1024 == 0 ? u"%1 KiB"_s.arg(bytes / 1024) : u"%1 bytes"_s.arg(bytes); }
} // namespace

TargetSelector::TargetSelector(QWidget* parent) : QComboBox(parent)
{
    addItem(QString(), QString());
    setItemData(0, tr("The target the module names in Target(…), or the default when it names none"), Qt::ToolTipRole);
    for (const tirx::Target& target : tirx::targets()) {
        addItem(tr("Override: %1").arg(fromStd(target.tag)), fromStd(target.tag));
        setItemData(count() - 1, fromStd(target.description), Qt::ToolTipRole);
    }
    setToolTip(tr("The checks use the module's own target unless another is chosen here"));
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(12);
    updateModuleItem();
    connect(this, &QComboBox::currentIndexChanged, this, [this] {
        updateModuleItem();
        emit overrideChanged(overrideTag());
    });
}

QString TargetSelector::overrideTag() const { return currentData().toString(); }

void TargetSelector::setOverrideTag(const QString& tag)
{
    const int index = findData(tag);
    if (index >= 0) setCurrentIndex(index);
}

void TargetSelector::setActiveTarget(const QString& tag)
{
    m_active = tag;
    updateModuleItem();
}

void TargetSelector::updateModuleItem()
{
    // While an override is chosen the last lowering used it, not the module's.
    const bool moduleTargetKnown = overrideTag().isEmpty() && !m_active.isEmpty();
    setItemText(0, moduleTargetKnown ? tr("Module: %1").arg(m_active) : tr("Module's target"));
}

QString TargetSelector::capacityText(const tirx::Target& target)
{
    return tr("SBUF %1 per partition · PSUM %2 banks of %3")
        .arg(sizeText(target.maxSbufBytesPerPartition))
        .arg(target.psumBanks)
        .arg(sizeText(target.psumBankBytes));
}
