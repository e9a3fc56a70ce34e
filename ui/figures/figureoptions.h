#pragma once

#include "theme.h"

#include <QList>
#include <QSize>
#include <QString>

#include <optional>

namespace attnlens {

/// The views that can be saved as a figure.
enum class FigureView {
    Heatmap,
    KeySpace,
    Weights,
    Context,
    Mask,
    Numbers,
    Heads,
    Bottleneck,
    ScaleLab,
    Scores,
    Derivation,
    Window
};

/// The file formats of a figure; a file's suffix chooses one.
enum class FigureFormat { Png, Svg, Pdf };

/// Everything that decides how a figure looks, apart from the scenario and the view state.
struct FigureOptions {
    /// Logical pixels per inch: 1x. A PNG at `dpi` has dpi / kReferenceDpi pixels per logical
    /// pixel, so 300 dpi draws the same figure with 3.125 times as many pixels each way.
    static constexpr double kReferenceDpi = 96.0;
    static constexpr double kMinimumDpi = 24.0;
    static constexpr double kMaximumDpi = 1200.0;
    static constexpr int kMinimumSide = 64;
    static constexpr int kMaximumSide = 16384;
    /// Raster figures larger than this many pixels are refused (about 1 GiB of memory).
    static constexpr qint64 kMaximumPixels = 256LL * 1024 * 1024;

    FigureView view = FigureView::Heatmap;
    FigureFormat format = FigureFormat::Png;
    /// The whole figure in logical pixels, caption included; empty means the view's own size
    /// with the caption's band added under it (FigureExporter::defaultSize()).
    QSize size;
    /// PNG only: the resolution written into the file and the pixels per logical pixel.
    double dpi = kReferenceDpi;
    /// Leaves the area around the view unpainted (not for the whole window).
    bool transparent = false;
    /// Written under the figure when not empty.
    QString caption;
    /// The theme the figure is drawn in; empty means the theme on screen. Light is the print
    /// style: dark text on white whatever the screen shows.
    std::optional<Theme::Kind> theme;
    /// Whether the heatmap outlines the selected query's row. A figure shows no interaction
    /// otherwise: never the hovered cell or its numbers, never a focus frame.
    bool showSelection = false;

    double scale() const { return dpi / kReferenceDpi; }
    /// The size in pixels of a PNG of `logicalSize` at this resolution.
    QSize pixelSize(const QSize &logicalSize) const;
};

/// The views in menu order.
QList<FigureView> allFigureViews();
/// The command line's name of a view: "heatmap", "keyspace", "weights", ...
QString figureViewId(FigureView view);
std::optional<FigureView> figureViewFromId(const QString &id);
/// The name shown in menus and dialogs: "Heatmap", "Key space", ...
QString figureViewTitle(FigureView view);

QList<FigureFormat> allFigureFormats();
/// "png", "svg" or "pdf".
QString figureFormatSuffix(FigureFormat format);
/// The format named by a file's suffix (case-insensitive), if it is one of them.
std::optional<FigureFormat> figureFormatFromPath(const QString &path);
/// "PNG image (*.png)", for file dialogs.
QString figureFormatFilter(FigureFormat format);

/// A file name made of `text`: "Causal mask and padding" -> "causal-mask-and-padding" (at
/// most 60 characters; letters of every script kept).
QString figureFileSlug(const QString &text);

} // namespace attnlens
