#pragma once

#include <QWidget>

class QPainter;

namespace attnlens {

/// A focus indicator for views whose own painting cannot show one (a chart, a scroll area, a
/// panel of labels): a thin frame in the palette's highlight colour drawn over the view's edge
/// while the view, or the widget it stands for, has the keyboard focus. It takes no mouse events
/// and is hidden otherwise, so a grabbed or exported view never shows it.
///
/// Like CSS :focus-visible, the ring is for the keyboard: focus that arrives by Tab, Shift+Tab,
/// a shortcut or the program shows it, a mouse click does not, and a window coming back to the
/// front keeps whatever was shown before. visibleFocus() tells the painted views the same.
class FocusRing : public QWidget {
    Q_OBJECT

public:
    /// Rings `view`; `focusTarget` is the widget whose focus counts (the view itself by default).
    explicit FocusRing(QWidget *view, QWidget *focusTarget = nullptr);

    /// Whether focus arriving or leaving for `reason` should show a focus indicator, given
    /// whether it was shown before (for the reasons that keep it: window and popup changes).
    static bool visibleFocus(Qt::FocusReason reason, bool before);
    /// The ring's frame along `view`'s edge, for views that paint their focus themselves.
    static void paintFrame(QPainter &painter, const QWidget *view);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void follow();

    bool m_keyboardFocus = false;

    QWidget *m_view;
    QWidget *m_focusTarget;
};

} // namespace attnlens
