#pragma once

#include "presentationlayout.h"

#include <QList>
#include <QPointer>
#include <QWidget>

#include <functional>

class QBoxLayout;
class QDockWidget;
class QLabel;

namespace attnlens {

/// The screen of presentation mode: it borrows the views from their docks and the central
/// widget, places them by PresentationLayout (no dock title bars, no close buttons, nothing off
/// the screen), and gives every view back where it came from when the presentation ends.
///
/// The focal view (the one the lesson's step is about) takes the largest place; the other views
/// stack in a column beside it; the temperature slider runs under both; a footer line at the
/// bottom shows hints, so that a hint never covers a view.
class PresentationStage : public QWidget {
    Q_OBJECT

public:
    explicit PresentationStage(QWidget *parent = nullptr);
    ~PresentationStage() override;

    /// The views taking part, borrowed until giveBack(). `banner` (the refusal banner) sits
    /// above the focal view while it is shown; `lesson` may be null (no lesson column).
    void borrow(QWidget *lesson, QWidget *banner, QWidget *strip, const QList<QWidget *> &views);
    /// Puts every borrowed view back where borrow() found it (its dock, or its place in a box
    /// layout) and forgets them.
    void giveBack();

    /// Which borrowed view is focal and which ones (in order) go in the side column; views of
    /// neither list are hidden while presenting.
    void setFocus(QWidget *focal, const QList<QWidget *> &side);
    QWidget *focalView() const { return m_focal; }
    /// The side views shown now: the first sideLimit() of those given to setFocus().
    QList<QWidget *> sideViews() const;
    /// On a small screen the last companions give way so that the others keep their minimum size;
    /// setFocus() shows them all again.
    void setSideLimit(int count);
    int sideLimit() const { return m_sideLimit; }

    /// The preferred height of `view` for a given width (a heatmap of a 1×3 matrix needs little
    /// height); views without one use their sizeHint().
    void setNaturalHeight(QWidget *view, std::function<int(int width)> naturalHeight);

    /// Shows or hides the lesson's column (F9 while presenting).
    void setLessonShown(bool shown);
    bool isLessonShown() const { return m_lesson && m_lessonShown; }

    /// The footer line (hints such as "Esc leaves presentation").
    QLabel *footer() const { return m_footer; }

    /// Places every view for the current size and fonts; returns whether each got at least its
    /// minimum size (the text is then not too big for this screen).
    bool relayout();
    bool fits() const { return m_fits; }
    /// Whether every view would get its minimum size in `room` at the current fonts.
    bool fitsIn(const QSize &room) const;
    /// The rectangles of the last layout, for tests.
    const PresentationLayout::Result &lastLayout() const { return m_layout; }

signals:
    /// A layout left some view below its minimum size (bigger text, a bigger matrix, a banner).
    void overflowed();

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Where a borrowed widget lives outside presentation mode.
    struct Home {
        QPointer<QWidget> widget;
        QPointer<QDockWidget> dock;      ///< the dock whose widget it is, or
        QPointer<QBoxLayout> layout;     ///< the box layout it sits in,
        int index = -1;                  ///< at this index
        int stretch = 0;                 ///< with this stretch
        QPointer<QWidget> parent;        ///< its parent otherwise
        bool visible = true;
    };
    void adopt(QWidget *widget);
    void applyVisibility();
    PresentationLayout::Item itemFor(QWidget *widget, int width = -1) const;
    /// The layout for `room`; `bannerHeight` receives the banner's height (0 while it is hidden).
    PresentationLayout::Result computeLayout(const QSize &room, int *bannerHeight, int *gap) const;

    QList<Home> m_homes;
    QPointer<QWidget> m_lesson;
    QPointer<QWidget> m_banner;
    QPointer<QWidget> m_strip;
    QPointer<QWidget> m_focal;
    QList<QPointer<QWidget>> m_side;
    QList<QPointer<QWidget>> m_views;
    QList<QPair<QPointer<QWidget>, std::function<int(int)>>> m_naturalHeights;
    QLabel *m_footer = nullptr;
    PresentationLayout::Result m_layout;
    bool m_fits = false;
    bool m_lessonShown = true;
    int m_sideLimit = 0;
};

} // namespace attnlens
