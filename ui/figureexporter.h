#pragma once

#include "figureoptions.h"

#include <QByteArray>
#include <QImage>
#include <QRect>
#include <QSize>
#include <QString>

#include <memory>
#include <optional>

class QPainter;
class QWidget;

namespace attnlens {

class AttentionModel;
class MainWindow;
class ViewState;

/// Draws any view as a figure (PNG, SVG or PDF) at any size and resolution, from the model and
/// the view state the window shows.
///
/// Each view is drawn by a fresh off-screen instance of its class, sized to the figure and bound
/// to the same model and view state, with the view's own painting code: nothing is a scaled
/// screen grab, text stays text in SVG and PDF, and a 300 dpi PNG has 3.125 times the pixels of
/// a 1x one, each drawn at that resolution. The whole window is drawn from the live window
/// (scaled when another size is asked for), with the heatmap and the key space painted again
/// at full resolution over their cached on-screen pictures.
///
/// Every PNG carries the scenario that made it as a text chunk ("attnlens-scenario", the
/// scenario JSON) and the app version ("attnlens-version"), so the PNG opens as a scenario.
class FigureExporter {
public:
    static constexpr const char *kScenarioTextKey = "attnlens-scenario";
    static constexpr const char *kVersionTextKey = "attnlens-version";

    /// `window` is needed for FigureView::Window; when given, the figures also follow its live
    /// views (on-screen sizes, the key space's shown dimensions, the mask's real-key flags).
    FigureExporter(AttentionModel *model, ViewState *viewState, MainWindow *window = nullptr);
    ~FigureExporter();

    /// The view's size on screen in logical pixels, or a size that suits a figure of it when it
    /// has none (at least 720 x 480; the whole window 1280 x 720).
    /// The worked numbers get the height of their whole calculation.
    QSize defaultSize(FigureView view) const;
    /// options.size, or defaultSize() when it is empty.
    QSize figureSize(const FigureOptions &options) const;

    /// Draws the figure (the view and the caption under it) at logical size figureSize(options)
    /// from the painter's origin.
    void paint(QPainter &painter, const FigureOptions &options) const;

    /// The figure as an image of figureSize × options.scale() pixels, with options.dpi as its
    /// resolution and the scenario and version as text; a null image when it is too large.
    QImage renderImage(const FigureOptions &options) const;
    /// Encoded files; empty when the figure cannot be made (see validate()).
    QByteArray renderPng(const FigureOptions &options) const;
    QByteArray renderSvg(const FigureOptions &options) const;
    QByteArray renderPdf(const FigureOptions &options) const;

    /// Why these options cannot make a figure (a size or resolution out of range, the whole
    /// window without a window), if they cannot.
    std::optional<QString> validate(const FigureOptions &options) const;

    /// Writes the figure in options.format to `path`: either the whole new file replaces the old
    /// one, or the old one stays as it was. Returns a message naming the file when it fails.
    std::optional<QString> exportFigure(const FigureOptions &options, const QString &path) const;

private:
    /// The live widget that shows `view` in the window, if there is a window.
    QWidget *liveView(FigureView view) const;
    /// A new off-screen instance of the view's class, shown (off screen) at `size`.
    std::unique_ptr<QWidget> createView(FigureView view, const QSize &size, bool transparent,
                                        qreal pixelRatio) const;
    void paintView(QPainter &painter, FigureView view, const QRect &rect, bool transparent,
                   qreal pixelRatio) const;
    void paintWindow(QPainter &painter, const QRect &rect) const;
    QSize numbersSize(int width) const;
    QString title(const FigureOptions &options) const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    MainWindow *m_window;
};

} // namespace attnlens
