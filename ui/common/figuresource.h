#pragma once

#include <QSize>
#include <QSizeF>

class QPainter;

namespace attnlens {

/// What a view that draws itself as a figure offers the figure exporter (ui/figures): the
/// exporter makes a fresh view for the figure (its own copy of the view state, the figure's
/// theme and size), then asks it through this interface, without knowing which view it is.
/// A view that is not a FigureSource is rendered as a widget.
class FigureSource {
public:
    virtual ~FigureSource() = default;

    /// Paints the figure at the painter's origin, `size` large (the view was resized to it, as
    /// far as its minimum size let it); `opaque`: its own background too, else only the marks.
    virtual void drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const = 0;

    /// The size of a figure within `bounds` that the view fills without blank bands around
    /// what it shows (a 1 × 3 heatmap is wide and short); `bounds` by default.
    virtual QSize fittedFigureSize(const QSize &bounds) const { return bounds; }

protected:
    FigureSource() = default;
    FigureSource(const FigureSource &) = default;
    FigureSource &operator=(const FigureSource &) = default;
};

} // namespace attnlens
