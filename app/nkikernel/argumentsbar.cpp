#include "nkikernel/argumentsbar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

const QStringList kDtypes = {u"float32"_s,          u"bfloat16"_s, u"float16"_s, u"float8_e4m3"_s, u"float8_e5m2"_s,
                             u"float8_e4m3fn_x4"_s, u"int32"_s,    u"int16"_s,   u"int8"_s,        u"uint8"_s};

QString shapeText(const std::vector<int64_t>& shape)
{
    QStringList dims;
    for (int64_t d : shape) dims << QString::number(d);
    return dims.join(u'x');
}

QLabel* caption(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    return label;
}

// "name=expr; other=expr": expressions hold commas, so a semicolon separates them.
QString kwargsText(const std::vector<tirx::nki::KeywordArg>& kwargs)
{
    QStringList parts;
    for (const auto& k : kwargs) {
        if (!k.tensor) parts << QString::fromStdString(k.name) + u'=' + QString::fromStdString(k.expression);
    }
    return parts.join(u"; "_s);
}

} // namespace

ArgumentsBar::ArgumentsBar(QWidget* parent)
    : QWidget(parent), m_entry(new QComboBox(this)), m_kwargs(new QLineEdit(this)), m_grid(new QLineEdit(this)),
      m_lnc(new QComboBox(this)), m_programLabel(caption(tr("Program"), this)), m_program(new QComboBox(this)),
      m_status(new QLabel(this))
{
    setObjectName(u"NkiArgumentsBar"_s);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(6, 4, 6, 4);
    column->setSpacing(3);

    auto* top = new QHBoxLayout;
    top->setSpacing(6);
    m_entry->setToolTip(tr("The kernel function the launch calls"));
    m_entry->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_grid->setPlaceholderText(tr("none"));
    m_grid->setToolTip(tr("Launch grid, e.g. 2 or 2,3: one program instance per point"));
    m_grid->setMaximumWidth(70);
    m_lnc->addItems({u"1"_s, u"2"_s});
    m_lnc->setToolTip(tr("Logical NeuronCores: 2 runs two program instances"));
    m_program->setToolTip(tr("The program instance the memory views show"));
    m_program->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(caption(tr("Entry"), this));
    top->addWidget(m_entry);
    top->addSpacing(6);
    top->addWidget(caption(tr("Grid"), this));
    top->addWidget(m_grid);
    top->addWidget(caption(tr("LNC"), this));
    top->addWidget(m_lnc);
    top->addSpacing(6);
    top->addWidget(m_programLabel);
    top->addWidget(m_program);
    top->addWidget(m_status, 1);
    column->addLayout(top);

    // The tensors scroll sideways rather than widening the editor's column.
    auto* tensors = new QWidget(this);
    m_tensorRow = new QHBoxLayout(tensors);
    m_tensorRow->setContentsMargins(0, 0, 0, 0);
    m_tensorRow->setSpacing(4);
    m_tensorRow->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(u"NkiTensorScroll"_s);
    scroll->setWidget(tensors);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setFixedHeight(std::max(m_grid->sizeHint().height(), m_lnc->sizeHint().height()) +
                           scroll->horizontalScrollBar()->sizeHint().height() + 2);
    auto* middle = new QHBoxLayout;
    middle->setSpacing(6);
    middle->addWidget(caption(tr("Tensors"), this));
    middle->addWidget(scroll, 1);
    column->addLayout(middle);

    auto* bottom = new QHBoxLayout;
    bottom->setSpacing(6);
    m_kwargs->setPlaceholderText(tr("name=python expression; …  (evaluated in the kernel's module)"));
    m_kwargs->setToolTip(tr("Other arguments, as Python expressions separated by ';'"));
    bottom->addWidget(caption(tr("Other"), this));
    bottom->addWidget(m_kwargs, 1);
    column->addLayout(bottom);

    m_programLabel->hide();
    m_program->hide();

    connect(m_entry, &QComboBox::activated, this, &ArgumentsBar::entryChosen);
    connect(m_kwargs, &QLineEdit::editingFinished, this, &ArgumentsBar::edited);
    connect(m_grid, &QLineEdit::editingFinished, this, &ArgumentsBar::edited);
    connect(m_lnc, &QComboBox::activated, this, &ArgumentsBar::edited);
    connect(m_program, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_filling && index >= 0) emit programChanged(index);
    });
}

void ArgumentsBar::setSignatures(std::vector<tirx::nki::KernelSignature> signatures)
{
    m_signatures = std::move(signatures);
    const bool was = std::exchange(m_filling, true);
    const QString current = m_entry->currentText();
    m_entry->clear();
    for (const auto& s : m_signatures) m_entry->addItem(QString::fromStdString(s.name));
    m_entry->setCurrentIndex(std::max(0, m_entry->findText(current)));
    m_filling = was;
}

void ArgumentsBar::setLaunch(const tirx::nki::Launch& launch)
{
    const bool was = std::exchange(m_filling, true);
    m_hidden = launch;
    const QString entry = QString::fromStdString(launch.entry);
    if (!entry.isEmpty() && m_entry->findText(entry) < 0) m_entry->addItem(entry);
    m_entry->setCurrentIndex(entry.isEmpty() ? 0 : m_entry->findText(entry));
    setTensors(launch.args);
    m_kwargs->setText(kwargsText(launch.kwargs));
    m_grid->setText(launch.grid ? shapeText(*launch.grid).replace(u'x', u',') : QString());
    m_lnc->setCurrentIndex(launch.lnc == 2 ? 1 : 0);
    m_filling = was;
}

void ArgumentsBar::setTensors(const std::vector<tirx::nki::TensorArg>& tensors)
{
    for (auto& field : m_tensors) {
        delete field.label;
        delete field.shape;
        delete field.dtype;
    }
    m_tensors.clear();
    QWidget* row = m_tensorRow->parentWidget();
    for (const auto& t : tensors) {
        TensorField field;
        field.name = QString::fromStdString(t.name);
        field.label = new QLabel(field.name, row);
        field.label->setStyleSheet(u"font-weight: bold; margin-left: 4px"_s);
        field.shape = new QLineEdit(shapeText(t.shape), row);
        field.shape->setObjectName(u"shape:"_s + field.name);
        field.shape->setToolTip(tr("Shape of %1, dimensions joined by x (128x512)").arg(field.name));
        field.shape->setMaximumWidth(field.shape->fontMetrics().horizontalAdvance(u"00000x00000x"_s) + 12);
        field.dtype = new QComboBox(row);
        field.dtype->setObjectName(u"dtype:"_s + field.name);
        field.dtype->setEditable(true);
        field.dtype->addItems(kDtypes);
        field.dtype->setCurrentText(QString::fromStdString(t.dtype));
        field.dtype->setToolTip(tr("Dtype of %1").arg(field.name));
        const int at = m_tensorRow->count() - 1; // before the stretch
        m_tensorRow->insertWidget(at, field.label);
        m_tensorRow->insertWidget(at + 1, field.shape);
        m_tensorRow->insertWidget(at + 2, field.dtype);
        connect(field.shape, &QLineEdit::editingFinished, this, &ArgumentsBar::edited);
        connect(field.dtype, &QComboBox::currentTextChanged, this, &ArgumentsBar::edited);
        m_tensors.push_back(field);
    }
}

void ArgumentsBar::entryChosen()
{
    const int index = m_entry->currentIndex();
    if (m_filling || index < 0) return;
    if (index < static_cast<int>(m_signatures.size())) {
        // Another kernel of the file: its own tensors, keeping what the user
        // gave a parameter of the same name.
        tirx::nki::Launch fresh = tirx::nki::launchFromSignature(m_signatures[static_cast<size_t>(index)]);
        for (auto& t : fresh.args) {
            for (const auto& old : m_hidden.args) {
                if (old.name == t.name) t = old;
            }
        }
        const bool was = std::exchange(m_filling, true);
        setTensors(fresh.args);
        m_filling = was;
    }
    edited();
}

void ArgumentsBar::edited()
{
    if (m_filling) return;
    QString error;
    if (const auto read = launch(&error)) {
        m_hidden = *read;
        emit launchEdited();
    } else {
        setStatus(error, true);
    }
}

QLineEdit* ArgumentsBar::shapeEdit(const QString& argument) const
{
    for (const auto& f : m_tensors) {
        if (f.name == argument) return f.shape;
    }
    return nullptr;
}

QComboBox* ArgumentsBar::dtypeBox(const QString& argument) const
{
    for (const auto& f : m_tensors) {
        if (f.name == argument) return f.dtype;
    }
    return nullptr;
}

std::optional<tirx::nki::Launch> ArgumentsBar::launch(QString* error) const
{
    tirx::nki::Launch out = m_hidden;
    out.entry = m_entry->currentText().trimmed().toStdString();
    out.args.clear();
    for (const auto& f : m_tensors) {
        std::string why;
        const QString spec = f.shape->text().trimmed() + u':' + f.dtype->currentText().trimmed();
        auto tensor = tirx::nki::parseTensorSpec(f.name.toStdString(), spec.toStdString(), &why);
        if (!tensor) {
            *error = tr("%1: %2").arg(f.name, QString::fromStdString(why));
            return std::nullopt;
        }
        out.args.push_back(std::move(*tensor));
    }
    // Tensor keyword arguments come from the launch file and stay as they are.
    std::erase_if(out.kwargs, [](const tirx::nki::KeywordArg& k) { return !k.tensor; });
    for (const QString& part : m_kwargs->text().split(u';', Qt::SkipEmptyParts)) {
        const qsizetype eq = part.indexOf(u'=');
        const QString name = part.left(eq).trimmed();
        if (eq <= 0 || name.isEmpty()) {
            *error = tr("'%1' is not name=expression").arg(part.trimmed());
            return std::nullopt;
        }
        out.kwargs.push_back({name.toStdString(), std::nullopt, part.mid(eq + 1).trimmed().toStdString()});
    }
    const QString grid = m_grid->text().trimmed();
    if (grid.isEmpty()) {
        out.grid.reset();
    } else {
        std::string why;
        auto parsed = tirx::nki::parseGrid(grid.toStdString(), &why);
        if (!parsed) {
            *error = tr("Grid: %1").arg(QString::fromStdString(why));
            return std::nullopt;
        }
        out.grid = std::move(parsed);
    }
    out.lnc = m_lnc->currentIndex() == 1 ? 2 : 1;
    return out;
}

void ArgumentsBar::setPrograms(const QStringList& labels)
{
    const bool was = std::exchange(m_filling, true);
    const int current = m_program->currentIndex();
    m_program->clear();
    m_program->addItems(labels);
    m_program->setCurrentIndex(current >= 0 && current < labels.size() ? current : 0);
    const bool several = labels.size() > 1;
    m_programLabel->setVisible(several);
    m_program->setVisible(several);
    m_filling = was;
}

int ArgumentsBar::program() const { return std::max(0, m_program->currentIndex()); }

void ArgumentsBar::setProgram(int index) { m_program->setCurrentIndex(index); }

void ArgumentsBar::setStatus(const QString& text, bool problem)
{
    m_status->setText(text);
    m_status->setToolTip(text);
    m_status->setStyleSheet(problem ? u"color: #c62828"_s : QString());
}
