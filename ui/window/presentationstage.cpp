#include "presentationstage.h"

#include <QBoxLayout>
#include <QDockWidget>
#include <QEvent>
#include <QFontMetrics>
#include <QLabel>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace attnlens {

PresentationStage::PresentationStage(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("presentationStage"));
    setAccessibleName(tr("Presentation"));
    m_footer = new QLabel(this);
    m_footer->setObjectName(QStringLiteral("presentationHint"));
    m_footer->setAccessibleName(tr("Presentation hint"));
    m_footer->setAlignment(Qt::AlignCenter);
    m_footer->setTextFormat(Qt::PlainText);
    m_footer->setForegroundRole(QPalette::PlaceholderText);
}

// Not giveBack(): a stage that still holds views is being destroyed with its window, whose docks
// and model may already be gone; the views go with it.
PresentationStage::~PresentationStage() = default;

void PresentationStage::adopt(QWidget *widget)
{
    if (!widget)
        return;
    for (const Home &home : std::as_const(m_homes))
        if (home.widget == widget)
            return;
    Home home;
    home.widget = widget;
    home.visible = widget->isVisibleTo(widget->parentWidget() ? widget->parentWidget() : widget);
    home.parent = widget->parentWidget();
    if (auto *dock = qobject_cast<QDockWidget *>(widget->parentWidget()); dock && dock->widget() == widget) {
        home.dock = dock;
    } else if (QWidget *parent = widget->parentWidget(); parent && parent->layout()) {
        if (auto *box = qobject_cast<QBoxLayout *>(parent->layout())) {
            home.layout = box;
            home.index = box->indexOf(widget);
            home.stretch = home.index >= 0 ? box->stretch(home.index) : 0;
        }
    }
    m_homes.append(home);
    widget->setParent(this);
}

void PresentationStage::borrow(QWidget *lesson, QWidget *banner, QWidget *strip, const QList<QWidget *> &views)
{
    m_lesson = lesson;
    m_banner = banner;
    m_strip = strip;
    for (QWidget *widget : {lesson, banner, strip})
        adopt(widget);
    m_views.clear();
    for (QWidget *view : views) {
        adopt(view);
        m_views.append(view);
    }
    // A banner shows only while the scenario is refused; the rest is placed by setFocus().
    if (m_banner) {
        m_banner->installEventFilter(this);
        const auto found = std::find_if(m_homes.begin(), m_homes.end(),
                                        [this](const Home &home) { return home.widget == m_banner; });
        m_banner->setVisible(found != m_homes.end() && found->visible);
    }
    if (m_lesson)
        m_lesson->show();
    if (m_strip)
        m_strip->show();
}

void PresentationStage::giveBack()
{
    // Back to front: widgets that shared a box layout go back at their own indices.
    for (auto it = m_homes.rbegin(); it != m_homes.rend(); ++it) {
        QWidget *widget = it->widget;
        if (!widget)
            continue;
        widget->removeEventFilter(this);
        if (it->dock) {
            it->dock->setWidget(widget);
        } else if (it->layout && it->layout->parentWidget()) {
            widget->setParent(it->layout->parentWidget());
            it->layout->insertWidget(std::min(it->index, int(it->layout->count())), widget, it->stretch);
        } else {
            widget->setParent(it->parent);
        }
        widget->setVisible(it->visible);
    }
    m_homes.clear();
    m_views.clear();
    m_side.clear();
    m_focal = nullptr;
    m_lesson = nullptr;
    m_banner = nullptr;
    m_strip = nullptr;
}

void PresentationStage::setFocus(QWidget *focal, const QList<QWidget *> &side)
{
    m_focal = focal;
    m_side.clear();
    for (QWidget *view : side)
        if (view && view != focal)
            m_side.append(view);
    m_sideLimit = int(m_side.size());
    applyVisibility();
    relayout();
}

void PresentationStage::setSideLimit(int count)
{
    count = std::clamp(count, 0, int(m_side.size()));
    if (count == m_sideLimit)
        return;
    m_sideLimit = count;
    applyVisibility();
    relayout();
}

void PresentationStage::applyVisibility()
{
    const QList<QWidget *> side = sideViews();
    for (const QPointer<QWidget> &view : std::as_const(m_views)) {
        if (view)
            view->setVisible(view == m_focal || side.contains(view));
    }
}

QList<QWidget *> PresentationStage::sideViews() const
{
    QList<QWidget *> views;
    for (const QPointer<QWidget> &view : m_side)
        if (view && views.size() < m_sideLimit)
            views.append(view);
    return views;
}

void PresentationStage::setNaturalHeight(QWidget *view, std::function<int(int)> naturalHeight)
{
    m_naturalHeights.append({view, std::move(naturalHeight)});
}

PresentationLayout::Item PresentationStage::itemFor(QWidget *widget, int width) const
{
    PresentationLayout::Item item;
    if (!widget)
        return item;
    item.minimum = widget->minimumSizeHint().expandedTo(widget->minimumSize());
    item.preferred = widget->sizeHint().expandedTo(item.minimum);
    for (const auto &entry : m_naturalHeights) {
        if (entry.first == widget && entry.second) {
            item.grows = false;
            if (width > 0)
                item.preferred.setHeight(std::max(item.minimum.height(), entry.second(width)));
            break;
        }
    }
    return item;
}

void PresentationStage::setLessonShown(bool shown)
{
    m_lessonShown = shown;
    if (m_lesson)
        m_lesson->setVisible(shown);
    relayout();
}

PresentationLayout::Result PresentationStage::computeLayout(const QSize &room, int *bannerHeight, int *gap) const
{
    const QFontMetrics metrics(font());
    PresentationLayout::Input input;
    input.room = room;
    input.gap = std::max(4, int(std::lround(0.35 * metrics.height())));
    *gap = input.gap;
    input.footerHeight = m_footer->sizeHint().height();
    input.hasLesson = isLessonShown();
    input.lesson = itemFor(m_lesson);
    input.hasStrip = m_strip != nullptr;
    input.strip = itemFor(m_strip);
    input.focal = itemFor(m_focal);
    const QList<QWidget *> side = sideViews();
    for (QWidget *view : side)
        input.side.append(itemFor(view));
    // A strip that wraps when narrow needs its height for the width it gets.
    if (m_strip && m_strip->hasHeightForWidth()) {
        const int stripWidth = PresentationLayout::arrange(input).strip.width();
        input.strip.preferred.setHeight(std::max(input.strip.minimum.height(), m_strip->heightForWidth(stripWidth)));
    }
    // The banner, while shown, takes its height from the top of the focal view's place.
    *bannerHeight = 0;
    if (m_banner && !m_banner->isHidden()) {
        const int focalWidth = PresentationLayout::arrange(input).focal.width();
        *bannerHeight = m_banner->hasHeightForWidth() ? m_banner->heightForWidth(focalWidth)
                                                      : m_banner->sizeHint().height();
        input.focal.minimum.rheight() += *bannerHeight + input.gap;
    }
    PresentationLayout::Result layout = PresentationLayout::arrange(input);
    // Views of a natural height (a small heatmap) ask for it at the width they were given.
    bool natural = false;
    for (int i = 0; i < side.size(); ++i) {
        const PresentationLayout::Item item = itemFor(side.at(i), layout.side.at(i).width());
        if (item.preferred != input.side.at(i).preferred) {
            input.side[i] = item;
            natural = true;
        }
    }
    if (natural)
        layout = PresentationLayout::arrange(input);
    return layout;
}

bool PresentationStage::fitsIn(const QSize &room) const
{
    int bannerHeight = 0;
    int gap = 0;
    return computeLayout(room, &bannerHeight, &gap).fits;
}

bool PresentationStage::relayout()
{
    int bannerHeight = 0;
    int gap = 0;
    const PresentationLayout::Result layout = computeLayout(size(), &bannerHeight, &gap);
    m_layout = layout;
    m_fits = layout.fits;
    if (m_lesson)
        m_lesson->setGeometry(layout.lesson);
    if (m_strip)
        m_strip->setGeometry(layout.strip);
    QRect focal = layout.focal;
    if (bannerHeight > 0) {
        m_banner->setGeometry(focal.left(), focal.top(), focal.width(), bannerHeight);
        focal.setTop(focal.top() + bannerHeight + gap);
    }
    if (m_focal)
        m_focal->setGeometry(focal);
    const QList<QWidget *> side = sideViews();
    for (int i = 0; i < side.size(); ++i)
        side.at(i)->setGeometry(layout.side.at(i));
    m_footer->setGeometry(layout.footer);
    if (!m_fits)
        emit overflowed();
    return m_fits;
}

void PresentationStage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
}

bool PresentationStage::eventFilter(QObject *watched, QEvent *event)
{
    // The banner comes and goes with the scenario's refusal; the focal view makes room for it.
    if (watched == m_banner && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
        QTimer::singleShot(0, this, [this] { relayout(); });
    return QWidget::eventFilter(watched, event);
}

bool PresentationStage::event(QEvent *event)
{
    // A borrowed view that wants another size (new text size, new scenario) asks its parent.
    if (event->type() == QEvent::LayoutRequest)
        relayout();
    return QWidget::event(event);
}

} // namespace attnlens
