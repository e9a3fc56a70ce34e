#pragma once

#include "figureoptions.h"
#include "figureviews.h"
#include "scenarioreference.h"

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
class Theme;
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
/// Every PNG opens as the scenario that made it, and carries the app version
/// ("attnlens-version"). It carries the scenario JSON itself (chunk "attnlens-scenario",
/// compressed) while that compresses to at most kMaxEmbeddedScenarioBytes. A larger scenario
/// that is a saved, unchanged file (setScenarioFile()) is referred to instead (chunk
/// "attnlens-scenario-file": the file's path, size, BLAKE2b-512 hash and the scenario's shape),
/// so a 2,048-token heatmap is not 4 MB of text; a larger scenario without such a file (unsaved,
/// edited, built in) is carried whole, so the user's work always reopens.
///
/// A figure shows the numbers, not the interaction: the views are drawn from a copy of the view
/// state without the hovered cell, and the heatmap in figure mode (HeatmapView::setFigureMode):
/// no hover outline or numbers, no focus frame, and the selected query's row outlined only when
/// FigureOptions::showSelection asks for it. FigureOptions::theme draws a view in another theme
/// than the screen's (Light for print); the whole window is always drawn as it is.
class FigureExporter {
public:
    static constexpr const char *kScenarioTextKey = "attnlens-scenario";
    static constexpr const char *kVersionTextKey = "attnlens-version";

    /// `window` is needed for FigureView::Window; when given, the figures also follow its live
    /// views (on-screen sizes, the key space's shown dimensions, the mask's real-key flags).
    FigureExporter(AttentionModel *model, ViewState *viewState, const FigureViews &views = FigureViews());
    ~FigureExporter();

    /// The view's size on screen in logical pixels, or a size that suits a figure of it when it
    /// has none (at least 720 x 480; the whole window 1280 x 720).
    /// The worked numbers get the height of their whole calculation; the heatmap is cut to what
    /// its matrix fills (HeatmapView::fittedSize()), so a 1 x 3 matrix leaves no blank third.
    QSize defaultSize(FigureView view) const;
    /// The size offered for options.view in options.theme with options.caption (options.size
    /// is not read): defaultSize() grown as much as the style's type is bigger than the
    /// screen's, with the caption's room added under the view. Neither a caption nor a style
    /// takes room the view's labels and numbers need.
    QSize defaultSize(const FigureOptions &options) const;
    /// options.size, or defaultSize(options) when it is empty.
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

    /// The saved, unchanged file the model's scenario is, if any (see the class comment). The
    /// stamp is checked when a PNG is made: a file changed since it was stamped is not referred to.
    void setScenarioFile(std::optional<ScenarioFileStamp> file) { m_scenarioFile = std::move(file); }
    const std::optional<ScenarioFileStamp> &scenarioFile() const { return m_scenarioFile; }

    /// Writes the figure in options.format to `path`: either the whole new file replaces the old
    /// one, or the old one stays as it was. Returns a message naming the file when it fails.
    std::optional<QString> exportFigure(const FigureOptions &options, const QString &path) const;

private:
    /// renderImage(), with or without the scenario's text (renderPng() adds it itself).
    QImage renderImage(const FigureOptions &options, bool withScenarioText) const;

    /// The live widget that shows `view` in the window, if there is a window.
    QWidget *liveView(FigureView view) const;
    /// A new off-screen instance of the view's class, bound to `viewState` (the live one when
    /// null) and drawn in `theme` (the screen's when null), shown (off screen) at `size`.
    std::unique_ptr<QWidget> createView(FigureView view, const QSize &size, bool transparent,
                                        qreal pixelRatio, ViewState *viewState = nullptr,
                                        const Theme *theme = nullptr, bool showSelection = false) const;
    void paintView(QPainter &painter, const FigureOptions &options, const QRect &rect,
                   bool transparent, qreal pixelRatio) const;
    void paintWindow(QPainter &painter, const QRect &rect, bool showSelection) const;
    /// The theme the figure is drawn in: options.theme, else the screen's (always the screen's
    /// for the whole window).
    Theme figureTheme(const FigureOptions &options) const;
    /// Behind the figure and its caption: the plot background of its theme.
    QColor figureBackground(const FigureOptions &options) const;
    QSize numbersSize(int width, const Theme &theme) const;
    QString title(const FigureOptions &options) const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    FigureViews m_views;
    QWidget *m_window;  // m_views.window, the widget of FigureView::Window
    std::optional<ScenarioFileStamp> m_scenarioFile;
};

} // namespace attnlens
