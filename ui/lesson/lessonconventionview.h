#pragma once

#include "frameworkconvention.h"

#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;

namespace attnlens {

class AttentionModel;
class ViewState;

/// The teaching switch of the padding step: for one query row of the current scenario, what if
/// every key were masked? It lists the answer of each convention side by side (refuse, NaN,
/// uniform, zeros), highlights the one chosen with the switch and explains it. The model is never
/// changed and the engine's own answer stays the refusal, shown at the bottom with its message.
class LessonConventionView : public QWidget {
    Q_OBJECT

public:
    LessonConventionView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    FrameworkConvention convention() const { return m_convention; }
    void setConvention(FrameworkConvention convention);
    int queryRow() const;
    void setQueryRow(int row);

    /// The text shown for `convention`'s answer, e.g. "NaN, NaN, NaN" (for tests and screen readers).
    QString answerText(FrameworkConvention convention) const;
    QLabel *engineLabel() const { return m_engine; }

signals:
    void conventionChanged(FrameworkConvention convention);

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuildRows();
    void refresh();

    AttentionModel *m_model;
    QComboBox *m_rowBox;
    QButtonGroup *m_switch;
    QLabel *m_table;
    QLabel *m_explanation;
    QLabel *m_engine;
    FrameworkConvention m_convention = FrameworkConvention::Refuse;
};

} // namespace attnlens
