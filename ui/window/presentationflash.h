#pragma once

#include <QColor>
#include <QWidget>

class QVariantAnimation;

namespace attnlens {

class ViewState;

/// A frame in the theme's highlight colour drawn over a dock (or any widget) that fades out over
/// about a second: when the lesson brings a panel forward for a step, the audience sees where to
/// look. flash() makes one; it deletes itself when it has faded.
class PresentationFlash : public QWidget {
    Q_OBJECT

public:
    /// Flashes `target` in `viewState`'s highlight colour; a flash already running on it restarts.
    static PresentationFlash *flash(QWidget *target, const ViewState *viewState);

    /// How long the frame takes to fade, in milliseconds.
    static constexpr int kDurationMs = 1100;

    double opacity() const { return m_opacity; }

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    PresentationFlash(QWidget *target, const QColor &color);

    QColor m_color;
    double m_opacity = 1.0;
    double m_width = 4.0;
    QVariantAnimation *m_animation = nullptr;
};

} // namespace attnlens
