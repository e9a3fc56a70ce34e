#pragma once

#include <QFrame>

class QLabel;

namespace attnlens {

class AttentionModel;

/// A strip across the top of the window that names the engine's refusal while there is one,
/// and hides itself when the scenario computes again.
class ErrorBanner : public QFrame {
    Q_OBJECT

public:
    explicit ErrorBanner(AttentionModel *model, QWidget *parent = nullptr);

    /// The refusal's message as the banner shows it (rich text), or empty while there is none.
    QString text() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    void fillIn();

    AttentionModel *m_model;
    QLabel *m_icon;
    QLabel *m_label;
};

} // namespace attnlens
