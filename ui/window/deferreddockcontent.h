#pragma once

#include <QObject>
#include <QPointer>

class QDockWidget;
class QWidget;

namespace attnlens {

/// Puts a view into its dock when the dock is first shown, not when the window is built.
///
/// QDockWidget::setWidget() shows its widget at once, and showing a widget lays out everything in
/// it (for a lab, every label, plot and field measured): a cold start paid about 10 ms for labs
/// that sit hidden until a key or the lesson opens them. Until then the view waits as a hidden
/// child of its dock (so it has its window, its font and its theme, and a figure can be drawn from
/// it); the first time the dock becomes visible, by any path (its key, the lesson, View > Panels,
/// a restored layout, a tab brought to the front), the view becomes the dock's widget.
class DeferredDockContent : public QObject
{
    Q_OBJECT

public:
    /// `dock` receives `content` when it is first shown (at once if it is visible now).
    static void attach(QDockWidget *dock, QWidget *content);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    DeferredDockContent(QDockWidget *dock, QWidget *content);
    void dockContent();

    QDockWidget *m_dock;
    QPointer<QWidget> m_content;
};

} // namespace attnlens
