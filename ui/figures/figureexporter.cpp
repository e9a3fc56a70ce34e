#include "figureexporter.h"

#include "attnlensversion.h"

#include "allheadsview.h"
#include "scorelabview.h"
#include "attentionmodel.h"
#include "barchartview.h"
#include "bottlenecklabview.h"
#include "contextchartview.h"
#include "derivationplane.h"
#include "evidence.h"
#include "figuresource.h"
#include "textfit.h"
#include "focusring.h"
#include "headtitle.h"
#include "heatmapview.h"
#include "jsonfile.h"
#include "jsonstreamwriter.h"
#include "keyspaceview.h"
#include "maskeditor.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "pngtext.h"
#include "scalelabcanvas.h"
#include "scalelabview.h"
#include "scenariojson.h"
#include "tokenpalette.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "workednumbersview.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QChart>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QImageWriter>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QPaintEngine>
#include <QScreen>
#include <QStyle>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <future>
#include <limits>

namespace attnlens {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attnlens::FigureExporter", text);
}

/// The logical dots per inch the views measure their text with: painting a figure on a device
/// of the same resolution keeps every label exactly where the view's layout put it.
int screenDpi()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    return screen ? std::max(1, qRound(screen->logicalDotsPerInchY()))
                  : qRound(FigureOptions::kReferenceDpi);
}

/// Pending resizes, layouts and deferred updates of an off-screen widget, done now, so that it
/// is painted as it would be on screen. User input stays queued.
void settle()
{
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
}

QFont captionFont(int figureWidth)
{
    // The caption grows a little with the figure, as the key space's labels do, so that a large
    // figure on a slide does not end in a line of small print.
    return scaledFont(QApplication::font(), std::clamp(figureWidth / 700.0, 1.0, 1.6));
}

/// The height of the band under the figure that holds `caption`, in logical pixels.
int captionHeight(const QString &caption, int figureWidth, int figureHeight)
{
    if (caption.trimmed().isEmpty())
        return 0;
    const QFontMetricsF fm(captionFont(figureWidth));
    const double pad = std::round(0.5 * fm.height());
    const QRectF text = fm.boundingRect(QRectF(0, 0, std::max(1.0, figureWidth - 2 * pad), 1e6),
                                        Qt::AlignHCenter | Qt::TextWordWrap, caption.trimmed());
    const int height = static_cast<int>(std::ceil(text.height() + 2 * pad));
    // A caption never takes more than half the figure.
    return std::min(height, figureHeight / 2);
}

void paintCaption(QPainter &painter, const QString &caption, const QRect &band, const QColor &color)
{
    const QFont font = captionFont(band.width());
    const double pad = std::round(0.5 * QFontMetricsF(font).height());
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(font);
    painter.setPen(color);
    painter.drawText(QRectF(band).adjusted(pad, pad, -pad, -pad),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, caption.trimmed());
    painter.restore();
}

/// A copy of what the screen shows, minus the interaction: no hovered cell, no presentation
/// pointer; the selection stays (the per-query views show the selected query).
void copyForFigure(const ViewState &live, ViewState &figure, Theme::Kind theme)
{
    figure.setSelectedQuery(live.selectedQuery());
    figure.setColorMapKind(live.colorMapKind());
    figure.setShowValues(live.showValues());
    figure.setHeatmapQuantity(live.heatmapQuantity());
    figure.setSnapToGrid(live.snapToGrid());
    figure.setThemeKind(theme);
    // Presentation mode's thicker lines belong to the screen's theme only.
    figure.setLineScale(theme == live.themeKind() ? live.lineScale() : 1.0);
    figure.setHover(-1, -1);
    figure.setPresenting(false);
}

/// The palette a view of `theme` is drawn with: the application's when it is the screen's theme,
/// else the theme's palette over the style's own (as ThemeController builds it).
QPalette paletteFor(const Theme &theme, const Theme &screen)
{
    if (theme.kind() == screen.kind())
        return QApplication::palette();
    return theme.palette(QApplication::style()->standardPalette());
}

/// Makes a fresh view leave its background unpainted, where the view takes it from the palette
/// or lets it be switched off.
void makeTransparent(QWidget *widget)
{
    QPalette palette = widget->palette();
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        palette.setColor(group, QPalette::Window, Qt::transparent);
        palette.setColor(group, QPalette::Base, Qt::transparent);
    }
    widget->setPalette(palette);
    widget->setAutoFillBackground(false);
    if (auto *chart = qobject_cast<BarChartView *>(widget))
        chart->chart()->setBackgroundVisible(false);
    if (auto *numbers = qobject_cast<WorkedNumbersView *>(widget))
        numbers->setPaperVisible(false);
}

/// Where the key space's plane starts: below its dimension pickers when they are shown.
QRectF sceneRect(const KeySpaceView *view)
{
    int top = 0;
    const auto children = view->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly);
    for (const QWidget *child : children) {
        if (child->isVisible() && child->y() <= 1)
            top = std::max(top, child->geometry().bottom() + 1);
    }
    return QRectF(0, top, view->width(), std::max(0, view->height() - top));
}

QSize boundedSize(const QSize &size)
{
    return size.expandedTo(QSize(FigureOptions::kMinimumSide, FigureOptions::kMinimumSide))
        .boundedTo(QSize(FigureOptions::kMaximumSide, FigureOptions::kMaximumSide));
}

bool isPdf(const QPainter &painter)
{
    return painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Pdf;
}

/// QWidget::render() onto the painter. In a PDF a chart drawn away from the painter's origin
/// loses its legend: Qt Charts clips the legend with the painter's offset counted twice. Drawn
/// first into a picture from its own origin, the chart keeps every clip where it belongs.
void renderWidget(QPainter &painter, QWidget *widget, QWidget::RenderFlags flags)
{
    if (!isPdf(painter)) {
        widget->render(&painter, QPoint(), QRegion(), flags);
        return;
    }
    QPicture picture;
    QPainter recorder(&picture);
    widget->render(&recorder, QPoint(), QRegion(), flags);
    recorder.end();
    painter.drawPicture(0, 0, picture);
}

/// The chunk that makes a PNG reopen as `scenario`: its JSON while that compresses to at most
/// kMaxEmbeddedScenarioBytes, else a reference to `file` when there is one and it is still as
/// stamped, else the JSON at any size. The text is written and compressed as it streams, and
/// stops as soon as the compressed text passes the limit (about a quarter of a 2,048-token
/// scenario's text), so a figure that refers to its file costs no full compression.
QByteArray figureScenarioChunk(const char *key, const Scenario &scenario,
                               const std::optional<ScenarioFileStamp> &file)
{
    const JsonDraft draft = scenarioDraft(scenario);
    const ByteProducer produce = jsonDraftProducer(draft);
    if (file) {
        if (std::optional<QByteArray> chunk = pngTextChunkWithin(key, produce, kMaxEmbeddedScenarioBytes))
            return *chunk;
        if (const std::optional<ScenarioReference> reference = referenceToScenarioFile(*file, scenario))
            return pngTextChunk(kPngScenarioReferenceKey, scenarioReferenceJson(*reference));
    }
    return pngTextChunkWithin(key, produce, std::numeric_limits<qint64>::max()).value_or(QByteArray());
}

} // namespace

FigureExporter::FigureExporter(AttentionModel *model, ViewState *viewState, const FigureViews &views)
    : m_model(model)
    , m_viewState(viewState)
    , m_views(views)
    , m_window(views.window)
{
}

FigureExporter::~FigureExporter() = default;

QWidget *FigureExporter::liveView(FigureView view) const
{
    // The mask's figure is its grid alone, without the controls around it.
    if (view == FigureView::Mask)
        return m_views.mask ? m_views.mask->grid() : nullptr;
    // The √d_k lab's figure is its picture, without the slider and buttons above it.
    if (view == FigureView::ScaleLab)
        return m_views.scaleLab ? m_views.scaleLab->canvas() : nullptr;
    return m_views.widget(view);
}

QSize FigureExporter::defaultSize(FigureView view) const
{
    FigureOptions options;
    options.view = view;
    return defaultSize(options);
}

QSize FigureExporter::defaultSize(const FigureOptions &options) const
{
    const FigureView view = options.view;
    QSize size;
    if (view == FigureView::Window) {
        size = m_window ? m_window->size() : QSize(1280, 720);
    } else {
        // A view on screen keeps its size; one that is hidden (a closed dock, a tab behind
        // another) gets its preferred size, never less than it needs.
        const QWidget *live = liveView(view);
        if (live && live->isVisible() && isOnScreen(live)
            && live->width() >= live->minimumSizeHint().width() / 2
            && live->height() >= live->minimumSizeHint().height() / 2) {
            size = live->size();
        } else {
            // Sizes hinted for a dock are small for a figure on its own: labels would be elided.
            // The √d_k lab's two panels want a wide page (the README shows it): 16:9.
            const QSize figureMinimum = view == FigureView::Mask       ? QSize(480, 360)
                                      : view == FigureView::ScaleLab ? QSize(960, 540)
                                                                      : QSize(720, 480);
            const std::unique_ptr<QWidget> fresh = createView(view, QSize(), false, 1.0);
            size = fresh->sizeHint().expandedTo(fresh->minimumSizeHint()).expandedTo(figureMinimum);
        }
        // A style with bigger type than the screen's (Projector from a Light window) gets a
        // figure as much bigger, so that every label and number that fits on screen still fits.
        const Theme theme = figureTheme(options);
        const double growth = theme.fontFactor() / m_viewState->theme().fontFactor();
        if (growth > 1.0)
            size = QSize(qCeil(size.width() * growth), qCeil(size.height() * growth));
        if (view == FigureView::Numbers)
            size = numbersSize(size.width(), theme);
        // As much as the view fills, drawn as a figure (a heatmap's matrix without the info line
        // under it, the heads' tiles and bars without a blank band): each view says (FigureSource),
        // asked of a view made for the figure; where the window's own view is not a FigureSource
        // (a chart, the mask), none is made only to be asked.
        if (view != FigureView::Numbers && (!live || dynamic_cast<const FigureSource *>(live))) {
            const std::unique_ptr<QWidget> fresh = createView(view, QSize(), false, 1.0, nullptr, &theme);
            if (const auto *source = dynamic_cast<const FigureSource *>(fresh.get()))
                size = source->fittedFigureSize(boundedSize(size));
        }
    }
    // The caption's band is added under the view, measured without the "half the figure at
    // most" limit, which it never reaches unless it is taller than the view.
    const int band = captionHeight(options.caption, size.width(), 2 * FigureOptions::kMaximumSide);
    return boundedSize(QSize(size.width(), size.height() + band));
}

QSize FigureExporter::numbersSize(int width, const Theme &theme) const
{
    // The whole calculation, not the part that the dock happens to show.
    const std::unique_ptr<QWidget> fresh =
        createView(FigureView::Numbers, QSize(width, 400), false, 1.0, nullptr, &theme);
    const auto *numbers = static_cast<const WorkedNumbersView *>(fresh.get());
    const QSizeF content = numbers->contentSize();
    // As much paper under the last line as the view leaves above its first.
    const int margin = static_cast<int>(std::round(0.5 * QFontMetricsF(numbers->font()).height()));
    return QSize(std::max(width, static_cast<int>(std::ceil(content.width())) + margin),
                 static_cast<int>(std::ceil(content.height())) + margin);
}

QSize FigureExporter::figureSize(const FigureOptions &options) const
{
    return options.size.isEmpty() ? defaultSize(options) : options.size;
}

std::optional<QString> FigureExporter::validate(const FigureOptions &options) const
{
    if (options.view == FigureView::Window && !m_window)
        return tr("The whole window can only be exported while it is open.");
    const QSize size = figureSize(options);
    const int low = FigureOptions::kMinimumSide;
    const int high = FigureOptions::kMaximumSide;
    if (size.width() < low || size.height() < low || size.width() > high || size.height() > high) {
        return tr("The size %1 × %2 is out of range: each side must be from %3 to %4 pixels.")
            .arg(size.width())
            .arg(size.height())
            .arg(low)
            .arg(high);
    }
    if (!(options.dpi >= FigureOptions::kMinimumDpi && options.dpi <= FigureOptions::kMaximumDpi)) {
        return tr("The resolution %1 dpi is out of range: it must be from %2 to %3 dpi.")
            .arg(options.dpi)
            .arg(FigureOptions::kMinimumDpi)
            .arg(FigureOptions::kMaximumDpi);
    }
    if (options.format == FigureFormat::Png) {
        const QSize pixels = options.pixelSize(size);
        if (qint64(pixels.width()) * pixels.height() > FigureOptions::kMaximumPixels) {
            return tr("A %1 × %2 pixel image is too large; choose a smaller size or resolution.")
                .arg(pixels.width())
                .arg(pixels.height());
        }
    }
    return std::nullopt;
}

Theme FigureExporter::figureTheme(const FigureOptions &options) const
{
    if (options.view == FigureView::Window || !options.theme)
        return m_viewState->theme();
    return Theme::make(*options.theme);
}

QColor FigureExporter::figureBackground(const FigureOptions &options) const
{
    return figureTheme(options).plotBackground();
}

std::unique_ptr<QWidget> FigureExporter::createView(FigureView view, const QSize &size,
                                                    bool transparent, qreal pixelRatio,
                                                    ViewState *viewState, const Theme *theme,
                                                    bool showSelection) const
{
    ViewState *state = viewState ? viewState : m_viewState;
    const Theme &look = theme ? *theme : m_viewState->theme();
    std::unique_ptr<QWidget> widget;
    switch (view) {
    case FigureView::Heatmap: {
        auto heatmap = std::make_unique<HeatmapView>(m_model, state);
        heatmap->setFigureMode(true, showSelection);
        widget = std::move(heatmap);
        break;
    }
    case FigureView::KeySpace: {
        auto keySpace = std::make_unique<KeySpaceView>(m_model, state);
        if (const KeySpaceView *live = m_views.keySpace) {
            keySpace->setShownDimensions(live->horizontalDimension(), live->verticalDimension());
            keySpace->setPrincipalPlaneChosen(live->isPrincipalPlaneChosen());
        }
        widget = std::move(keySpace);
        break;
    }
    case FigureView::Weights:
        widget = std::make_unique<WeightsChartView>(m_model, state);
        break;
    case FigureView::Context: {
        auto context = std::make_unique<ContextChartView>(m_model, state);
        context->setMinimumMarkerPixelRatio(pixelRatio);
        // The chart as the live one shows it ([C_1 … C_H] or one head), without its check box.
        context->setFigureMode(true);
        if (const ContextChartView *live = m_views.context)
            context->setConcatenatedShown(live->showsConcatenated());
        widget = std::move(context);
        break;
    }
    case FigureView::Mask: {
        // The grid alone: its preset buttons are controls, not part of the picture. The live
        // editor, when there is one, lends its "real key" flags.
        MaskEditor *editor = m_views.mask ? m_views.mask->editor()
                                                                  : nullptr;
        MaskEditor *ownEditor = editor ? nullptr : new MaskEditor(m_model);
        auto canvas = std::make_unique<MaskGridCanvas>(m_model, state, editor ? editor : ownEditor);
        if (ownEditor)
            ownEditor->setParent(canvas.get());
        canvas->setBlockAlignment(Qt::AlignHCenter);
        widget = std::move(canvas);
        break;
    }
    case FigureView::Numbers: {
        auto numbers = std::make_unique<WorkedNumbersView>(m_model, state);
        numbers->setFrameShape(QFrame::NoFrame);
        numbers->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        numbers->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        widget = std::move(numbers);
        break;
    }
    case FigureView::Heads: {
        // The selected head is the window's state, like the hovered cell: no tile is framed.
        auto heads = std::make_unique<AllHeadsView>(m_model, state);
        heads->setFigureMode(true);
        widget = std::move(heads);
        break;
    }
    case FigureView::ScaleLab:
        widget = std::make_unique<ScaleLabCanvas>(m_model, state);
        break;
    case FigureView::Derivation: {
        auto plane = std::make_unique<DerivationPlane>(m_model, state);
        plane->setFigureMode(true);
        widget = std::move(plane);
        break;
    }
    case FigureView::Bottleneck:
        widget = std::make_unique<BottleneckLabView>(m_model, state);
        break;
    case FigureView::Scores:
        widget = std::make_unique<ScoreLabView>(m_model, state);
        break;
    case FigureView::Window:
        return nullptr;
    }
    widget->setAttribute(Qt::WA_DontShowOnScreen, true);
    widget->setAttribute(Qt::WA_ShowWithoutActivating, true);
    // The theme's type size (Projector's is bigger), without presentation mode's zoom.
    widget->setFont(scaledFont(QApplication::font(), look.fontFactor()));
    QPalette palette = paletteFor(look, m_viewState->theme());
    if (view == FigureView::Mask) {
        // The plot's background like the other figures, not the grey of the panel around it.
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled})
            palette.setColor(group, QPalette::Window, look.plotBackground());
    }
    widget->setPalette(palette);
    if (transparent)
        makeTransparent(widget.get());
    if (!size.isEmpty()) {
        widget->resize(size);
        widget->show();
        settle();
    }
    return widget;
}

void FigureExporter::paintView(QPainter &painter, const FigureOptions &options, const QRect &rect,
                               bool transparent, qreal pixelRatio) const
{
    const FigureView view = options.view;
    if (view == FigureView::Window) {
        paintWindow(painter, rect, options.showSelection);
        return;
    }
    const Theme theme = figureTheme(options);
    ViewState figureState;
    copyForFigure(*m_viewState, figureState, theme.kind());
    const std::unique_ptr<QWidget> widget =
        createView(view, rect.size(), transparent, pixelRatio, &figureState, &theme, options.showSelection);
    painter.save();
    painter.translate(rect.topLeft());
    if (const auto *source = dynamic_cast<const FigureSource *>(widget.get())) {
        // A view that draws itself as a figure (the heatmap, the key space, the labs' pictures).
        source->drawFigure(painter, QSizeF(rect.size()), !transparent);
    } else {
        // A widget that would not shrink to the size asked for (its layout's minimum) is drawn
        // at its own size and scaled to fit.
        const QSize actual = widget->size();
        if (actual != rect.size() && !actual.isEmpty()) {
            const double scale = std::min(double(rect.width()) / actual.width(),
                                          double(rect.height()) / actual.height());
            painter.translate((rect.width() - scale * actual.width()) / 2,
                              (rect.height() - scale * actual.height()) / 2);
            painter.scale(scale, scale);
        }
        QWidget::RenderFlags flags = QWidget::DrawChildren;
        if (!transparent)
            flags |= QWidget::DrawWindowBackground;
        renderWidget(painter, widget.get(), flags);
    }
    painter.restore();
}

void FigureExporter::paintWindow(QPainter &painter, const QRect &rect, bool showSelection) const
{
    if (!m_window)
        return;
    const QSize source = m_window->size();
    if (source.isEmpty())
        return;
    // Nobody hovers a figure: the window is drawn as if the mouse were away, then the hover
    // comes back (the views repaint it on screen as on any hover change).
    const int hoveredQuery = m_viewState->hoveredQuery();
    const int hoveredKey = m_viewState->hoveredKey();
    m_viewState->setHover(-1, -1);
    // Nor does it show where the keyboard is: the focus rings are hidden while it is drawn.
    QList<FocusRing *> shownRings;
    for (FocusRing *ring : m_window->findChildren<FocusRing *>()) {
        if (ring->isVisible()) {
            shownRings.append(ring);
            ring->hide();
        }
    }
    painter.save();
    const double scale = std::min(double(rect.width()) / source.width(),
                                  double(rect.height()) / source.height());
    painter.translate(rect.left() + (rect.width() - scale * source.width()) / 2,
                      rect.top() + (rect.height() - scale * source.height()) / 2);
    painter.scale(scale, scale);
    m_window->render(&painter, QPoint(), QRegion(),
                     QWidget::DrawWindowBackground | QWidget::DrawChildren);
    if (isPdf(painter)) {
        // In a PDF the charts' legends were clipped away (see renderWidget()): the charts are
        // drawn again over themselves, each from its own origin.
        for (QWidget *chart : {static_cast<QWidget *>(m_views.weights),
                               static_cast<QWidget *>(m_views.context)}) {
            if (!chart || !isOnScreen(chart))
                continue;
            painter.save();
            painter.translate(chart->mapTo(m_window, QPoint(0, 0)));
            renderWidget(painter, chart, QWidget::DrawWindowBackground | QWidget::DrawChildren);
            painter.restore();
        }
    }

    // The heatmap and the key space show cached pictures made at the screen's resolution;
    // painted again from their own code they are as sharp as the rest of the figure.
    if (HeatmapView *heatmap = m_views.heatmap; heatmap && isOnScreen(heatmap)) {
        painter.save();
        painter.translate(heatmap->mapTo(m_window, QPoint(0, 0)));
        painter.setClipRect(heatmap->rect());
        // Without the hovered cell, the focus frame or (unless asked for) the selection.
        heatmap->setFigureMode(true, showSelection);
        heatmap->paintHeatmap(painter, QRectF(heatmap->rect()));
        heatmap->setFigureMode(false);
        painter.restore();
    }
    if (KeySpaceView *keySpace = m_views.keySpace; keySpace && isOnScreen(keySpace)) {
        painter.save();
        painter.translate(keySpace->mapTo(m_window, QPoint(0, 0)));
        const QRectF scene = sceneRect(keySpace);
        painter.setClipRect(scene);
        keySpace->paintScene(painter, scene);
        painter.restore();
    }
    painter.restore();
    for (FocusRing *ring : std::as_const(shownRings))
        ring->show();
    m_viewState->setHover(hoveredQuery, hoveredKey);
}

void FigureExporter::paint(QPainter &painter, const FigureOptions &options) const
{
    const QSize size = figureSize(options);
    const bool transparent = options.transparent && options.view != FigureView::Window;
    const QColor background = figureBackground(options);
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    if (!transparent)
        painter.fillRect(QRect(QPoint(0, 0), size), background);
    const int band = captionHeight(options.caption, size.width(), size.height());
    // Raster parts of a vector figure (the context marker) get enough pixels to be printed.
    const qreal pixelRatio = options.format == FigureFormat::Png ? options.scale() : 4.0;
    paintView(painter, options, QRect(0, 0, size.width(), size.height() - band), transparent,
              pixelRatio);
    if (band > 0) {
        const QRect bandRect(0, size.height() - band, size.width(), band);
        // Over anything of the view that a vector format, which cannot clip, let overflow.
        if (!transparent)
            painter.fillRect(bandRect, background);
        paintCaption(painter, options.caption, bandRect, figureTheme(options).textColor());
    }
    painter.restore();
}

QString FigureExporter::title(const FigureOptions &options) const
{
    const QString name = m_model->scenario().name;
    const QString title = name.isEmpty() ? figureViewTitle(options.view)
                                         : QStringLiteral("%1 — %2").arg(figureViewTitle(options.view), name);
    // With several heads, the head the figure shows (the PNG still carries every head).
    return withHeadTag(title, *m_model);
}

QImage FigureExporter::renderImage(const FigureOptions &options) const
{
    return renderImage(options, true);
}

QImage FigureExporter::renderImage(const FigureOptions &options, bool withScenarioText) const
{
    FigureOptions png = options;
    png.format = FigureFormat::Png;
    if (validate(png))
        return QImage();
    const QSize size = figureSize(png);
    const QSize pixels = png.pixelSize(size);
    QImage image(pixels, png.transparent ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32);
    if (image.isNull())
        return image;
    // The image's own resolution stays the screen's while painting, so that text is as large
    // relative to the figure as on screen; the pixels per logical pixel come from its ratio.
    const double dotsPerMeter = screenDpi() / 0.0254;
    image.setDotsPerMeterX(qRound(dotsPerMeter));
    image.setDotsPerMeterY(qRound(dotsPerMeter));
    image.setDevicePixelRatio(png.scale());
    image.fill(png.transparent ? QColor(Qt::transparent) : figureBackground(png));
    {
        QPainter painter(&image);
        paint(painter, png);
    }
    image.setDevicePixelRatio(1.0);
    image.setDotsPerMeterX(qRound(png.dpi / 0.0254));
    image.setDotsPerMeterY(qRound(png.dpi / 0.0254));

    if (withScenarioText) {
        image.setText(QLatin1String(kScenarioTextKey),
                      QString::fromUtf8(scenarioJsonText(m_model->wholeScenario())));
    }
    image.setText(QLatin1String(kVersionTextKey), QStringLiteral(ATTNLENS_VERSION));
    image.setText(QStringLiteral("Software"), QStringLiteral("Attention Lens " ATTNLENS_VERSION));
    image.setText(QStringLiteral("Title"), title(png));
    if (!png.caption.trimmed().isEmpty())
        image.setText(QStringLiteral("Description"), png.caption.trimmed());
    return image;
}

QByteArray FigureExporter::renderPng(const FigureOptions &options) const
{
    FigureOptions png = options;
    png.format = FigureFormat::Png;
    if (validate(png))
        return QByteArray();
    // The scenario's text (or the reference to its file) goes in as one chunk, written from the
    // matrices and compressed on a second thread while the figure is drawn. Through
    // QImage::setText() it would be held as UTF-16 and compressed at zlib's default level after
    // drawing, which for a 2,048-token scenario (35 MB of JSON) took most of the figure's time.
    // The thread gets a copy of its own: drawing runs the event loop, where the live document
    // may change (a timer, a restored autosave), and the figure carries the scenario it shows.
    std::future<QByteArray> chunk = std::async(std::launch::async, [scenario = m_model->wholeScenario(),
                                                                    file = m_scenarioFile] {
        return figureScenarioChunk(kScenarioTextKey, scenario, file);
    });
    const QImage image = renderImage(options, false);
    if (image.isNull())
        return QByteArray();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image))
        return QByteArray();
    buffer.close();
    return withPngChunk(bytes, chunk.get());
}

QByteArray FigureExporter::renderSvg(const FigureOptions &options) const
{
    if (validate(options))
        return QByteArray();
    const QSize size = figureSize(options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(screenDpi());
    generator.setTitle(title(options));
    generator.setDescription(options.caption.trimmed().isEmpty()
                                 ? QStringLiteral("Attention Lens " ATTNLENS_VERSION)
                                 : options.caption.trimmed());
    QPainter painter;
    if (!painter.begin(&generator))
        return QByteArray();
    paint(painter, options);
    painter.end();
    return bytes;
}

QByteArray FigureExporter::renderPdf(const FigureOptions &options) const
{
    if (validate(options))
        return QByteArray();
    const QSize size = figureSize(options);
    const int dpi = screenDpi();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(dpi);
        writer.setPageSize(QPageSize(QSizeF(size) * 72.0 / dpi, QPageSize::Point, QString(),
                                     QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Point);
        writer.setTitle(title(options));
        writer.setCreator(QStringLiteral("Attention Lens " ATTNLENS_VERSION));
        QPainter painter;
        if (!painter.begin(&writer))
            return QByteArray();
        // The page is a whole number of points; the figure is stretched by a fraction of a pixel
        // to fill it exactly.
        painter.scale(writer.width() / double(size.width()), writer.height() / double(size.height()));
        paint(painter, options);
        painter.end();
    }
    return bytes;
}

std::optional<QString> FigureExporter::exportFigure(const FigureOptions &requested,
                                                    const QString &path) const
{
    // The default size is measured once: for the heatmap that lays out a fresh view, which
    // colours every cell (4 million for 2,048 tokens), and validating and drawing ask for it
    // several times.
    FigureOptions options = requested;
    if (options.size.isEmpty())
        options.size = defaultSize(requested);
    if (const auto problem = validate(options))
        return tr("%1: not written: %2").arg(QDir::toNativeSeparators(path), *problem);
    QByteArray bytes;
    switch (options.format) {
    case FigureFormat::Png:
        bytes = renderPng(options);
        break;
    case FigureFormat::Svg:
        bytes = renderSvg(options);
        break;
    case FigureFormat::Pdf:
        bytes = renderPdf(options);
        break;
    }
    if (bytes.isEmpty())
        return tr("%1: not written: the figure could not be drawn.").arg(QDir::toNativeSeparators(path));
    if (const auto error = writeFileAtomically(path, bytes))
        return error->message;
    return std::nullopt;
}

} // namespace attnlens
