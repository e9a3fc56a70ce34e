#pragma once

#include <QLabel>

namespace attnlens {

/// A grey veil laid over a chart while the engine refuses the scenario: it hides the stale
/// picture behind it and writes the refusal in its place. The first line of the text is the
/// headline ("undefined: no allowed key"), the rest the explanation.
class RefusalOverlay : public QLabel {
    Q_OBJECT

public:
    explicit RefusalOverlay(QWidget *parent);

    /// Shows the overlay over the whole parent with `text`.
    void showRefusal(const QString &text);
    /// Hides the overlay and forgets the text.
    void clearRefusal();
    /// The refusal shown, as plain text; empty while hidden.
    QString refusal() const { return m_refusal; }

protected:
    void changeEvent(QEvent *event) override;

private:
    QString m_refusal;
};

} // namespace attnlens
