#include "layout/layoutplayground.h"

#include "editor/editorcolors.h"
#include "layout/layoutgridview.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

LayoutPlayground::LayoutPlayground(QWidget* parent)
    : QWidget(parent), m_shape(new QLineEdit(this)), m_dtype(new QComboBox(this)), m_scope(new QComboBox(this)),
      m_layout(new QLineEdit(this)), m_message(new QLabel(this)), m_grid(new LayoutGridView(this))
{
    m_dtype->setEditable(true);
    m_dtype->addItems({u"float32"_s, u"bfloat16"_s, u"float16"_s, u"int32"_s, u"int8"_s});
    m_scope->addItems({u"trn.sbuf"_s, u"trn.psum"_s, u"global"_s});
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* fields = new QFormLayout;
    fields->addRow(tr("Shape"), m_shape);
    fields->addRow(tr("Dtype"), m_dtype);
    fields->addRow(tr("Scope"), m_scope);
    fields->addRow(tr("Layout"), m_layout);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(fields);
    layout->addWidget(m_message);
    layout->addWidget(m_grid, 1);
    for (QLineEdit* edit : {m_shape, m_layout}) connect(edit, &QLineEdit::textChanged, this, &LayoutPlayground::update);
    connect(m_dtype, &QComboBox::currentTextChanged, this, &LayoutPlayground::update);
    connect(m_scope, &QComboBox::currentTextChanged, this, &LayoutPlayground::update);
    connect(m_grid, &LayoutGridView::hoverChanged, this, [this](const QString& text) {
        if (m_diagnostics.empty()) m_message->setText(text);
    });
    setInput(tirx::PlaygroundInput{});
}

void LayoutPlayground::setInput(const tirx::PlaygroundInput& in)
{
    const QSignalBlocker a(m_shape), b(m_dtype), c(m_scope), d(m_layout);
    m_shape->setText(QString::fromStdString(in.shape));
    m_dtype->setCurrentText(QString::fromStdString(in.dtype));
    m_scope->setCurrentText(QString::fromStdString(in.scope));
    m_layout->setText(QString::fromStdString(in.layout));
    update();
}

tirx::PlaygroundInput LayoutPlayground::input() const
{
    return {m_shape->text().toStdString(), m_dtype->currentText().toStdString(), m_scope->currentText().toStdString(),
            m_layout->text().toStdString()};
}

QLineEdit* LayoutPlayground::editFor(tirx::PlaygroundField field) const
{
    switch (field) {
    case tirx::PlaygroundField::Shape: return m_shape;
    case tirx::PlaygroundField::Dtype: return m_dtype->lineEdit();
    case tirx::PlaygroundField::Scope: return nullptr;
    case tirx::PlaygroundField::Layout: return m_layout;
    }
    return nullptr;
}

QString LayoutPlayground::message() const { return m_diagnostics.empty() ? QString() : m_message->text(); }

void LayoutPlayground::update()
{
    auto result = tirx::runPlayground(input());
    m_diagnostics = std::move(result.diagnostics);
    for (QLineEdit* edit : {m_shape, m_dtype->lineEdit(), m_layout}) edit->setStyleSheet({});
    if (m_diagnostics.empty() && result.grid) {
        m_grid->setGrid(std::make_shared<const tirx::LayoutGrid>(std::move(*result.grid)), u"A"_s);
        m_message->setText(tr("Hover a cell to see where it goes."));
        return;
    }
    const auto& first = m_diagnostics.front();
    const QString field = first.field == tirx::PlaygroundField::Shape   ? tr("shape")
                          : first.field == tirx::PlaygroundField::Dtype ? tr("dtype")
                          : first.field == tirx::PlaygroundField::Scope ? tr("scope")
                                                                        : tr("layout");
    const QColor error = EditorColors::forPalette(palette()).errorText;
    m_message->setText(u"<span style=\"color:%1\">%2, column %3: %4</span>"_s.arg(
        error.name(), field, QString::number(first.diagnostic.span.column),
        QString::fromStdString(first.diagnostic.message).toHtmlEscaped()));
    if (QLineEdit* edit = editFor(first.field)) {
        edit->setStyleSheet(u"QLineEdit { border: 1px solid %1; }"_s.arg(error.name()));
        // Columns count bytes; the fields are ASCII in practice, and a
        // multi-byte character only moves the caret a little.
        if (edit->hasFocus() == false) edit->setCursorPosition(static_cast<int>(first.diagnostic.span.column) - 1);
    }
}
