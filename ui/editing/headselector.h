#pragma once

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;

namespace attnlens {

class AttentionModel;

/// Chooses the head every view shows, for a scenario with several heads: its name in a combo box
/// and "k of H" beside it. Hidden while the scenario has one head, where there is nothing to
/// choose and the temperature panel reads as it always did.
///
/// The previous/next head actions ([ and ]) step through the heads from anywhere in the window
/// once the window adds them (MainWindow puts them in View and on itself); a text field or a cell
/// editor keeps the keys for typing. Every choice goes through AttentionModel::selectHead(), so
/// the selector, the keys and the views always agree.
class HeadSelector : public QWidget {
    Q_OBJECT

public:
    explicit HeadSelector(AttentionModel *model, QWidget *parent = nullptr);

    QComboBox *comboBox() const { return m_combo; }
    /// "1 of 2".
    QString countText() const;

    /// [ and ]: the previous and the next head (wrapping round); disabled with one head.
    QAction *previousHeadAction() const { return m_previous; }
    QAction *nextHeadAction() const { return m_next; }

    /// Steps `delta` heads from the selected one, wrapping round.
    void stepHead(int delta);

private:
    void syncFromModel();

    AttentionModel *m_model;
    QLabel *m_title = nullptr;
    QComboBox *m_combo = nullptr;
    QLabel *m_count = nullptr;
    QAction *m_previous = nullptr;
    QAction *m_next = nullptr;
};

} // namespace attnlens
