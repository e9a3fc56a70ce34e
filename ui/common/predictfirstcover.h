#pragma once

#include <QColor>
#include <QLabel>
#include <QPointer>

class QPropertyAnimation;

namespace attnlens {

class Theme;

/// The card a view puts over what a lesson step asks the student to predict, until the reveal:
/// opaque (nothing of the answer shows through, not even a bar's height), in the theme's quiet
/// colours, saying "Predict first" and what waits for the reveal. It is what a screen reader
/// finds there too: the view keeps the hidden numbers out of its own description.
class PredictFirstCover : public QLabel {
    Q_OBJECT

public:
    explicit PredictFirstCover(QWidget *parent);

    /// Covers `area` of the parent (when empty, the whole parent, following its size) under the
    /// headline "Predict first" with `hidden`, a sentence saying what waits for the reveal ("The
    /// context is hidden until you reveal the answers (R).").
    void cover(const QString &hidden, const QRect &area = QRect());
    /// Fades the card out (kFadeMs) and hides it; isCovering() is false at once.
    void uncover();
    static constexpr int kFadeMs = 300;
    bool isCovering() const { return m_covering; }
    /// Whether the card is too small for its words and shows only a question mark (the view
    /// then says what is hidden where it has room).
    bool isCompact() const { return m_covering && m_compact; }
    /// The sentence under the headline while covering.
    QString hiddenText() const { return m_covering ? m_hidden : QString(); }
    static QString headline();

    void applyTheme(const Theme &theme);

protected:
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refreshText();
    void stopFading();

    QString m_hidden;
    QRect m_area;
    bool m_covering = false;
    bool m_compact = false;
    QColor m_border = Qt::gray;
    QPointer<QPropertyAnimation> m_fade;
};

} // namespace attnlens
