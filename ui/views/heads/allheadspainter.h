#pragma once

#include "allheadslayout.h"

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>
#include <QVector>

#include <vector>

class QPainter;

namespace attnlens {

class HeatmapImage;
class Theme;

/// What the all-heads overview draws, gathered by the view (or a figure) for the painter.
struct AllHeadsFrame {
    const AllHeadsLayout *layout = nullptr;
    /// One image per head, one pixel per cell, coloured like the heatmap's.
    const std::vector<HeatmapImage> *images = nullptr;
    const Theme *theme = nullptr;
    QFont font;
    double lineWidthFactor = 1.0;
    QStringList tileLabels;  ///< "2 · subject"
    QStringList headNames;   ///< "subject": the label when the whole one does not fit
    /// The selected head's tile is framed and its name set on a band of this colour; -1: none.
    int selectedHead = -1;
    QColor selectionColor;
    QColor selectionTextColor;
    /// The cell outlined in every tile (the hovered or keyboard cell); -1: none.
    int hoverQuery = -1;
    int hoverKey = -1;
    /// The tile the keyboard is on, ringed with a dashed line; -1: none.
    int focusedHead = -1;
    QString title;
    QString readout;
    bool readoutIsHint = false;
    /// Drawn instead of the tiles while non-empty.
    QString refusal;
    QVector<double> entropies;
    double entropyScale = 1.0;  ///< the bars' full height: ln(keys)
    QString entropyTitle;
    QString entropyShortTitle;
    /// Written at the bars' full height ("ln 6 = 1.79").
    QString entropyScaleText;
};

/// Draws the all-heads overview into any QPainter: the screen and every figure share it. The tiles
/// are the heads' one-pixel-per-cell images drawn scaled with smoothing off, so a tile's cell has
/// exactly the heatmap's colour for its weight; the outlines, names, readout and bars are drawn on
/// top.
class AllHeadsPainter {
public:
    static void paint(QPainter &painter, const AllHeadsFrame &frame);
    /// The text written over head `head`'s bar, and the head's number under it.
    static QString barNumber(int head) { return QString::number(head + 1); }

private:
    static void paintTile(QPainter &painter, const AllHeadsFrame &frame, int head);
    static void paintEntropy(QPainter &painter, const AllHeadsFrame &frame);
};

} // namespace attnlens
