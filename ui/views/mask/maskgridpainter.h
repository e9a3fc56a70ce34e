#pragma once

#include "maskgridgeometry.h"

#include <QColor>
#include <QImage>
#include <QString>

#include <functional>
#include <vector>

class QPainter;

namespace attnlens {

struct Scenario;
class Theme;

/// Draws the mask grid laid out by a MaskGridGeometry into any QPainter: the key and query
/// names, the cells (allowed filled, blocked hatched with a cross; small cells from a picture),
/// the rows with no allowed key, the "real key" flags, the hover, focus and refusal outlines and
/// the banner. The screen and the exported figure both draw through it (the figure renders the
/// canvas, whose paintEvent calls paint()). Every colour comes from the theme it is given.
class MaskGridPainter {
public:
    /// What the grid shows besides its geometry: the mask, the marks and where the user points.
    struct State {
        const Scenario *scenario = nullptr;
        const Theme *theme = nullptr;
        /// Per query row: true when it allows no key.
        const std::vector<bool> *emptyRows = nullptr;
        /// Whether key j is marked as a real token (the padding preset's flags).
        std::function<bool(int)> isRealKey;
        /// The view's background and the keyboard focus ring's colour (from its palette).
        QColor background;
        QColor focusColor;
        int selectedQuery = -1;
        int hoveredQuery = -1;
        int hoveredKey = -1;
        /// The dashed keyboard cell; focusQueryRow == the query count means the real-key row.
        bool showFocusCell = false;
        int focusQueryRow = -1;
        int focusKeyRow = -1;
        /// The red outline of a refused edit, fading from strength 1 to 0; a key row of -1
        /// outlines the whole query row.
        int flashQueryRow = -1;
        int flashKeyRow = -1;
        double flashStrength = 0.0;
        /// The cells as one picture, drawn instead of cell by cell when the geometry is not
        /// detailed (see fillCoarseImage()).
        const QImage *coarseImage = nullptr;
        /// Written in place of the grid when there are no queries or no keys.
        QString emptyMessage;
    };

    MaskGridPainter(const MaskGridGeometry &geometry, const State &state);

    /// Paints the whole view, from (0, 0) to the geometry's size.
    void paint(QPainter &painter) const;

    /// Fills `image` (reused when its size is right) with the cells, one pixel per device pixel:
    /// each pixel takes the colour of the cell whose painted edges contain it, so the picture
    /// agrees with hitTest() to the pixel. A null image when there is no grid.
    static void fillCoarseImage(QImage &image, const MaskGridGeometry &geometry,
                                const Scenario &scenario, const std::vector<bool> &emptyRows,
                                const Theme &theme, const QColor &background,
                                qreal devicePixelRatio);

private:
    void paintColumnLabels(QPainter &painter) const;
    void paintRowLabels(QPainter &painter) const;
    void paintCellsDetailed(QPainter &painter) const;
    void paintEmptyRowMarks(QPainter &painter) const;
    void paintRealKeyRow(QPainter &painter) const;
    void paintOutlines(QPainter &painter) const;
    void paintBanner(QPainter &painter) const;
    bool isEmptyRow(int queryRow) const;

    const MaskGridGeometry &m_geometry;
    const State &m_state;
    const Theme &m_theme;
};

} // namespace attnlens
