#pragma once

#include "textfit.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <limits>

class QPainter;

namespace attnlens {

/// Where the labels of one axis of a matrix are written: the query names left of the rows, the
/// key names under or over the columns. The heatmap, the mask grid and the comparison grid all
/// use it, so a matrix reads the same way in every view.
///
/// It needs no widget: it is given the labels, the font they are written in, the cells' extent
/// along the axis, the room across it and the form, and it returns the labels to draw, each with
/// its box, its text as drawn and its full text.
///
/// Invariants of place(): no two written labels overlap; every label is written when the cells
/// give each one room (step 1); a thinned axis writes every `step`-th label from the first, plus
/// the ones it is told to keep (the selected query), whose neighbours make way; a label that had
/// to be shortened ends in "…" and keeps its full text for the tooltip.
class MatrixLabelLayout {
public:
    enum class Axis {
        Rows,     ///< labels left of the rows, right-aligned to the matrix
        Columns,  ///< labels under (or over) the columns
    };
    enum class Form {
        Across,    ///< one line, read left to right
        TwoLines,  ///< read left to right, broken at a space over two lines where that is narrower
        Turned,    ///< turned to read upwards (a quarter turn anticlockwise)
        Stacked,   ///< upright, one character under another (Chinese, Japanese, Korean)
    };
    enum class Thinning {
        AnyStep,    ///< every n-th label, n as small as fits
        RoundSteps, ///< every 1st, 2nd, 5th, 10th, 20th ... label, so thinned labels fall on round positions
    };
    /// Of several candidates none of which writes every label: the one that thins least, or the
    /// last one (the form of last resort, as a grid that turns its labels when nothing else fits).
    enum class Fallback { LeastThinning, LastCandidate };

    /// One label as written.
    struct Label {
        int index = -1;
        QString text;      ///< as drawn: whole, over two lines ("\n"), stacked, or shortened with "…"
        QString fullText;  ///< the label as given
        QRectF rect;       ///< the box the text covers, in the layout's coordinates
        // How to draw it: translate to `origin`, turn by `rotation` degrees, draw `text` in `box`
        // with `alignment` (see draw()).
        QPointF origin;
        double rotation = 0.0;
        QRectF box;
        int alignment = 0;

        /// True when the text was shortened: then toolTip() gives the full text.
        bool isShortened() const;
        /// The full text when the label is shortened, else empty.
        QString toolTip() const;
        DrawnLabel toDrawnLabel() const { return DrawnLabel{rect, text, toolTip()}; }
    };

    /// A form to consider for the column labels: the depth (height across the axis) it takes and
    /// the gap it keeps between neighbours along the axis.
    struct Candidate {
        Form form = Form::Across;
        double depth = 0.0;
        double gap = 0.0;
    };
    /// The form chosen, the depth it takes, the cells' extent it leaves and its thinning step.
    struct Choice {
        Form form = Form::Across;
        double depth = 0.0;
        double cell = 0.0;
        int step = 1;
    };

    /// Where and how place() writes the labels.
    struct Placement {
        Axis axis = Axis::Columns;
        Form form = Form::Across;
        /// The cells along the axis: `count() + 1` edges, or when empty, cells of `cell` from `start`.
        QVector<double> edges;
        double start = 0.0;
        double cell = 0.0;
        /// Rows: the right end of the text. Columns: the labels' top, or their bottom when `above`.
        double edge = 0.0;
        /// How far a label may reach away from the matrix (the width of a row label, the height of
        /// a column label).
        double depth = 0.0;
        bool above = false;
        /// Every `step`-th label from the first is written (see stepFor()).
        int step = 1;
        /// Space kept between neighbours along the axis; a label across a column gets the
        /// column's room minus this gap before it is broken or shortened.
        double gap = 0.0;
        /// No label reaches beyond this along the axis (say, into a colour bar beside the matrix).
        double limit = std::numeric_limits<double>::infinity();
        /// Written whatever the step (the selected query, the hovered key): a thinned label that
        /// would overlap one of them is left out instead.
        QVector<int> keep;
        /// Written besides the thinned ones only where they overlap nothing (a hovered row
        /// between two written labels).
        QVector<int> extra;
        /// A turned label too long for `depth` may be broken over two lines before it is
        /// shortened, when each column is at least this wide (0: never).
        double turnedTwoLinesFrom = 0.0;
    };

    /// Measures `labels` in `font` once: with thousands of labels, measuring is the slow part of
    /// a layout. Two-line splits are worked out only for up to `maxTwoLineLabels` labels (beyond
    /// that no column is wide enough for two lines anyway).
    MatrixLabelLayout(const QStringList &labels, const QFont &font, int maxTwoLineLabels = 256);

    int count() const { return static_cast<int>(m_labels.size()); }
    const QStringList &labels() const { return m_labels; }
    const QFont &font() const { return m_font; }
    /// The height of a line of these labels: the font's, or more where a label is written in a
    /// script whose fallback font is taller (Chinese names take about a quarter more).
    double lineHeight() const { return m_lineHeight; }
    /// The widest label on one line.
    double widest() const { return m_widest; }
    /// The widest line of the labels broken over two lines at their best space; widest() when
    /// no label gets narrower by breaking (or there are too many labels to try).
    double widestTwoLines() const { return m_widestTwoLines; }
    /// True when breaking some label over two lines makes the widest one narrower.
    bool twoLinesHelp() const { return m_widestTwoLines < m_widest; }
    /// The label broken over two lines at its best space ("token 3\n(padding)"), or whole.
    QString twoLineText(int index) const;
    /// True when some label is in a script that reads upright (Chinese, Japanese, Korean).
    bool stacksUpright() const { return m_stacks; }
    /// The longest label stacked one character under another.
    double tallestStacked() const { return m_tallestStacked; }

    /// The extent along the axis that one label in `form` covers (its width across a column,
    /// its line height when turned).
    double extentAlong(Form form) const;

    /// The smallest step that gives each written label `need` pixels when cells are `cell`
    /// apart: 1 when every label fits.
    static int stepFor(double need, double cell, Thinning thinning);

    /// Of `candidates` in order of preference, the first that writes every label (step 1), given
    /// the cells' extent `cellFor(depth)` leaves for a form of that depth; when none does, the one
    /// chosen by `fallback`. Ties go to the earlier candidate.
    Choice choose(const QVector<Candidate> &candidates, const std::function<double(double)> &cellFor,
                  Thinning thinning = Thinning::AnyStep, Fallback fallback = Fallback::LeastThinning) const;

    /// The labels written as `placement` says, in order along the axis.
    QVector<Label> place(const Placement &placement) const;

    /// Draws `label` with the painter's current font and pen.
    static void draw(QPainter &painter, const Label &label);

private:
    QString fitted(const Placement &placement, int index, double room) const;
    Label makeLabel(const Placement &placement, int index, double low, double high) const;

    QStringList m_labels;
    QFont m_font;
    QFontMetricsF m_metrics;
    double m_widest = 0.0;
    double m_lineHeight = 0.0;
    double m_widestTwoLines = 0.0;
    QStringList m_twoLineTexts;
    bool m_stacks = false;
    double m_tallestStacked = 0.0;
};

} // namespace attnlens
