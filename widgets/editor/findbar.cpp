#include "editor/findbar.h"

#include <QAction>
#include <QApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace {

QPushButton* makeButton(const QString& text, QWidget* parent)
{
    auto* button = new QPushButton(text, parent);
    button->setAutoDefault(false);
    button->setFocusPolicy(Qt::TabFocus);
    return button;
}

} // namespace

FindBar::FindBar(CodeEditor* editor, QWidget* parent)
    : QWidget(parent), m_editor(editor), m_target(editor), m_targets{editor}, m_find(new QLineEdit(this)),
      m_replace(new QLineEdit(this)), m_caseSensitive(new QToolButton(this)), m_wholeWord(new QToolButton(this)),
      m_status(new QLabel(this)), m_replaceRow(new QWidget(this))
{
    setObjectName(u"FindBar"_s);
    m_find->setPlaceholderText(m_editor->findName());
    m_find->setClearButtonEnabled(true);
    m_replace->setPlaceholderText(tr("Replace with"));
    m_status->setMinimumWidth(m_status->fontMetrics().horizontalAdvance(tr("999 matches")));

    // Compact toggles and arrows leave the find field most of a narrow editor.
    m_caseSensitive->setText(u"Aa"_s);
    m_caseSensitive->setToolTip(tr("Match case"));
    m_wholeWord->setText(u"W"_s);
    m_wholeWord->setToolTip(tr("Whole words"));
    for (QToolButton* toggle : {m_caseSensitive, m_wholeWord}) {
        toggle->setCheckable(true);
        toggle->setAutoRaise(true);
    }
    auto* previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    previous->setAutoRaise(true);
    auto* next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (F3)"));
    next->setAutoRaise(true);
    m_find->setMinimumWidth(m_find->fontMetrics().horizontalAdvance(QString(18, u'M')));
    auto* closeButton = new QToolButton(this);
    closeButton->setText(u"✕"_s);
    closeButton->setToolTip(tr("Close (Esc)"));
    closeButton->setAutoRaise(true);

    auto* findRow = new QHBoxLayout;
    findRow->addWidget(m_find, 1);
    findRow->addWidget(m_caseSensitive);
    findRow->addWidget(m_wholeWord);
    findRow->addWidget(previous);
    findRow->addWidget(next);
    findRow->addWidget(m_status);
    findRow->addWidget(closeButton);

    QPushButton* replace = makeButton(tr("Replace"), m_replaceRow);
    QPushButton* replaceAll = makeButton(tr("Replace All"), m_replaceRow);
    auto* replaceRow = new QHBoxLayout(m_replaceRow);
    replaceRow->setContentsMargins(0, 0, 0, 0);
    replaceRow->addWidget(m_replace, 1);
    replaceRow->addWidget(replace);
    replaceRow->addWidget(replaceAll);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(findRow);
    layout->addWidget(m_replaceRow);

    connect(previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(closeButton, &QToolButton::clicked, this, &FindBar::close);
    connect(replace, &QPushButton::clicked, this, &FindBar::replaceOne);
    connect(replaceAll, &QPushButton::clicked, this, &FindBar::replaceAll);
    connect(m_find, &QLineEdit::textChanged, this, &FindBar::updateMatches);
    connect(m_find, &QLineEdit::returnPressed, this, &FindBar::findNext);
    m_find->installEventFilter(this);
    m_editor->installEventFilter(this);
    connect(m_replace, &QLineEdit::returnPressed, this, &FindBar::replaceOne);
    connect(m_caseSensitive, &QToolButton::toggled, this, &FindBar::updateMatches);
    connect(m_wholeWord, &QToolButton::toggled, this, &FindBar::updateMatches);
    connect(m_editor, &QsciScintilla::textChanged, this, [this] {
        if (isVisible() && !m_replacingAll && searchesEditor()) updateMatches();
    });

    m_findAction = new QAction(tr("&Find…"), this);
    m_findAction->setShortcut(QKeySequence::Find);
    connect(m_findAction, &QAction::triggered, this, &FindBar::showFind);
    m_nextAction = new QAction(tr("Find &Next"), this);
    m_nextAction->setShortcut(QKeySequence::FindNext);
    connect(m_nextAction, &QAction::triggered, this, &FindBar::findNext);
    m_previousAction = new QAction(tr("Find &Previous"), this);
    m_previousAction->setShortcut(QKeySequence::FindPrevious);
    connect(m_previousAction, &QAction::triggered, this, &FindBar::findPrevious);
    m_replaceAction = new QAction(tr("&Replace…"), this);
    m_replaceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    connect(m_replaceAction, &QAction::triggered, this, &FindBar::showReplace);

    hide();
}

CodeEditor::FindOptions FindBar::options() const
{
    return {.caseSensitive = m_caseSensitive->isChecked(), .wholeWord = m_wholeWord->isChecked()};
}

void FindBar::showFind() { open(false); }

void FindBar::showReplace() { open(true); }

void FindBar::addTarget(FindTarget* target)
{
    m_targets.push_back(target);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), target->findArea(), this, &FindBar::close,
                                 Qt::WidgetWithChildrenShortcut);
    escape->setEnabled(false);
    m_escapes.push_back(escape);
}

FindTarget* FindBar::targetFor(const QWidget* focus) const
{
    if (!focus) return nullptr;
    for (FindTarget* target : m_targets) {
        const QWidget* area = target->findArea();
        if (area == focus || area->isAncestorOf(focus)) return target;
    }
    return nullptr;
}

void FindBar::setTarget(FindTarget* target)
{
    if (target == m_target) return;
    m_target->highlightMatches(QString(), options());
    m_target = target;
    m_find->setPlaceholderText(target->findName());
}

void FindBar::open(bool withReplace)
{
    // Reopening from the bar itself keeps its view; otherwise the focused
    // view is searched, the editor when the focus is in none.
    const QWidget* focus = QApplication::focusWidget();
    if (!focus || (focus != this && !isAncestorOf(focus))) {
        FindTarget* focused = targetFor(focus);
        setTarget(focused ? focused : m_editor);
    }
    const QString seed = m_target->findSeed();
    if (!seed.isEmpty()) m_find->setText(seed);
    m_replaceRow->setVisible(withReplace && searchesEditor());
    for (QShortcut* escape : m_escapes) escape->setEnabled(true);
    show();
    updateMatches();
    m_find->setFocus();
    m_find->selectAll();
}

void FindBar::find(bool forward)
{
    if (m_find->text().isEmpty()) {
        showFind();
        return;
    }
    const bool found = m_target->findText(m_find->text(), forward, options());
    if (!found) m_status->setText(tr("no matches"));
}

void FindBar::findNext() { find(true); }

void FindBar::findPrevious() { find(false); }

void FindBar::replaceOne()
{
    if (m_find->text().isEmpty() || !searchesEditor()) return;
    m_editor->replaceAndFind(m_find->text(), m_replace->text(), options());
}

void FindBar::replaceAll()
{
    if (m_find->text().isEmpty() || !searchesEditor()) return;
    m_replacingAll = true;
    const int count = m_editor->replaceAll(m_find->text(), m_replace->text(), options());
    m_replacingAll = false;
    updateMatches();
    m_status->setText(count == 1 ? tr("1 replaced") : tr("%1 replaced").arg(count));
}

void FindBar::close()
{
    m_target->highlightMatches(QString(), options());
    for (QShortcut* escape : m_escapes) escape->setEnabled(false);
    hide();
    m_target->findArea()->setFocus();
}

void FindBar::updateMatches()
{
    const int count = m_target->highlightMatches(m_find->text(), options());
    m_status->setText(m_find->text().isEmpty() ? QString()
                      : count == 0             ? tr("no matches")
                      : count == 1             ? tr("1 match")
                                               : tr("%1 matches").arg(count));
}

void FindBar::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        close();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool FindBar::eventFilter(QObject* watched, QEvent* event)
{
    // Escape in the editor closes an open bar too, once no completion list
    // or call tip is there for it to close first.
    if (watched == m_editor && event->type() == QEvent::KeyPress && isVisible() &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape &&
        !m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE) &&
        !m_editor->SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE)) {
        close();
        return true;
    }
    // The line edit takes every Enter as returnPressed; Shift+Enter goes back.
    if (watched == m_find && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && (key->modifiers() & Qt::ShiftModifier)) {
            findPrevious();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}
