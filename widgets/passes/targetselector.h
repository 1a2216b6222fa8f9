#pragma once

#include <QComboBox>

namespace tirx {
struct Target;
}

// Which target the checks use. The first item is the module's own
// `Target(...)`, named once a lowering has resolved it; the others are
// explicit overrides that apply whatever the module says. An override is a
// choice for this session, not a setting.
class TargetSelector : public QComboBox {
    Q_OBJECT

public:
    explicit TargetSelector(QWidget* parent = nullptr);

    // The override's tag; empty while the module's own target is used.
    [[nodiscard]] QString overrideTag() const;
    // Chooses an override (empty: the module's target); unknown tags are ignored.
    void setOverrideTag(const QString& tag);
    // The target the last lowering used, shown as the module's while there
    // is no override; empty when unknown.
    void setActiveTarget(const QString& tag);
    [[nodiscard]] QString activeTarget() const { return m_active; }

    // "SBUF 192 KiB per partition · PSUM 8 banks of 2 KiB": the capacities the
    // checks hold a module to.
    [[nodiscard]] static QString capacityText(const tirx::Target& target);

signals:
    void overrideChanged(const QString& tag);

private:
    void updateModuleItem();

    QString m_active;
};
