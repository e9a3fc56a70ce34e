#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace attnlens {

class ViewState;

/// The line at the top of a lab that opened on material of its own rather than on the user's
/// scenario (the √d_k lab's random sample, the derivation lab's tokens): it says so, names the
/// scenario that was set aside and offers the way back to it. Hidden until shown for a lab.
class LabMaterialBar : public QFrame {
    Q_OBJECT

public:
    LabMaterialBar(ViewState *viewState, QWidget *parent);

    /// Shows the bar: the lab shows `material` (a few words: "The lab's own random sample"), and
    /// `userScenario` (the set-aside scenario's name, in the tooltip) is one click away.
    void showFor(const QString &material, const QString &userScenario);
    /// The whole sentence (material and the scenario set aside), as plain text; empty while hidden.
    QString text() const;
    QPushButton *backButton() const { return m_back; }

signals:
    /// "Back to your scenario" was pressed.
    void backRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyTheme();

    ViewState *m_viewState;
    QLabel *m_label = nullptr;
    QPushButton *m_back = nullptr;
};

} // namespace attnlens
