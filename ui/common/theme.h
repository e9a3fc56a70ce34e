#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace attnlens {

/// How the whole window looks: the application palette plus the few colours the painted views
/// need (plot background, grid, axes and text, masked-cell hatching, the pointer highlight), the
/// token colours (queries and keys) that read on that background, and how much thicker lines and
/// bigger type are. The colour maps (YlGnBu, viridis, ...) are not part of a theme: they keep
/// their meaning in every theme.
///
/// Light is the classic look; Dark is a calm dark grey with lightened query colours; Projector is
/// high contrast for a beamer in a lit room (near-white plane, pure black text, thick lines,
/// saturated query colours, bigger type).
class Theme
{
    Q_DECLARE_TR_FUNCTIONS(attnlens::Theme)

public:
    enum class Kind { Light, Dark, Projector };

    /// The theme of `kind`.
    static Theme make(Kind kind);

    /// "light", "dark", "projector": the words of `--theme` and of QSettings "view/theme".
    static QString id(Kind kind);
    static std::optional<Kind> fromId(const QString &id);
    static QStringList ids();
    static QVector<Kind> kinds();
    /// The menu text, with its accelerator ("&Light").
    static QString displayName(Kind kind);

    Kind kind() const { return m_kind; }

    /// The application palette of this theme, built over `base` (the style's own palette, which
    /// Light keeps unchanged).
    QPalette palette(const QPalette &base) const;

    /// Inside a plot (key space plane, heatmap and chart backgrounds).
    QColor plotBackground() const { return m_plotBackground; }
    /// Around a plot: the view's own background.
    QColor viewBackground() const { return m_viewBackground; }
    QColor gridColor() const { return m_grid; }
    /// The zero axes, tick marks and the frame around a matrix.
    QColor zeroAxisColor() const { return m_zeroAxis; }
    QColor frameColor() const { return m_frame; }
    /// Axis titles, tick values and every other text painted in a view.
    QColor textColor() const { return m_text; }
    /// Quieter text: hints and captions.
    QColor hintColor() const { return m_hint; }
    /// Masked keys and cells: the hatching and the greyed-out key points.
    QColor hatchColor() const { return m_hatch; }
    QColor maskedColor() const { return m_masked; }
    /// Under the hatching of a masked heatmap or mask-grid cell.
    QColor maskedFill() const { return m_maskedFill; }
    /// Behind a label written over the plot (semi-transparent plot background).
    QColor labelBacking() const { return m_labelBacking; }
    /// The "laser pointer": the ring around the hovered cell or key.
    QColor highlightColor() const { return m_highlight; }
    /// The background and text of a warning drawn in a view (an undefined result).
    QColor noteBackground() const { return m_noteBackground; }
    QColor noteBorder() const { return m_noteBorder; }
    QColor noteText() const { return m_noteText; }
    /// Text that says a number is undefined ("undefined: no allowed key").
    QColor errorText() const { return m_errorText; }
    /// Behind a view that shows no result.
    QColor undefinedBackground() const { return m_undefinedBackground; }
    /// An outline over coloured cells (the selected row, the hovered cell) gets a light rim on
    /// one side and a dark one on the other, so that it reads on every colour of every colour map
    /// (the maps are the same in every theme, so these are too).
    QColor cellRimLight() const { return QColor(0xff, 0xff, 0xff); }
    QColor cellRimDark() const { return QColor(0x00, 0x00, 0x00); }

    /// The worked numbers, a sheet of tables: its ink (numbers, formulas, labels), the ink of
    /// table headings, of notes, and of a masked key's row; the backgrounds of a heading row, of
    /// the sum row and of the hovered key's rows; and the sheet behind a refusal.
    QColor sheetInk() const { return m_sheetInk; }
    QColor sheetHeadingInk() const { return m_sheetHeadingInk; }
    QColor sheetNoteInk() const { return m_sheetNoteInk; }
    QColor sheetMaskedInk() const { return m_sheetMaskedInk; }
    QColor sheetHeadingBackground() const { return m_sheetHeadingBackground; }
    QColor sheetSumBackground() const { return m_sheetSumBackground; }
    QColor sheetHighlightBackground() const { return m_sheetHighlightBackground; }
    QColor sheetRefusalBackground() const { return m_sheetRefusalBackground; }

    /// The mask grid, where the mask is edited: the colours of its cells and marks.
    struct MaskGridColors {
        QColor allowed;         ///< an allowed cell, a ticked "real key" flag
        QColor allowedMark;     ///< the tick on a "real key" flag
        QColor blocked;         ///< under the hatching of a blocked cell
        QColor blockedHatch;
        QColor blockedCross;    ///< the cross over a blocked cell, the frame of an unticked flag
        QColor undefinedRow;    ///< under a row with no allowed key
        QColor refusal;         ///< the outline and words of such a row, the banner's frame
        QColor refusalFlash;    ///< the outline that flashes on a refused edit
        QColor hoverOutline;    ///< the ring around the hovered cell
        QColor focusHalo;       ///< the thin line inside the dashed keyboard-focus ring
    };
    const MaskGridColors &maskGrid() const { return m_maskGrid; }

    /// A small matrix of numbers drawn cell by cell (the lesson's before/after comparison).
    /// The difference scale is a colour scale, so it keeps its hues in every theme.
    struct MatrixColors {
        QColor maskedFill;      ///< under the hatching of a masked cell
        QColor maskedHatch;
        QColor maskedText;      ///< a masked cell's number
        QColor differenceNegative;  ///< −range on the difference scale
        QColor differenceZero;      ///< 0 on the difference scale
        QColor differencePositive;  ///< +range on the difference scale
    };
    const MatrixColors &matrix() const { return m_matrix; }

    /// Where numbers are typed (the temperature field, the matrix tables): a value refused, a
    /// value kept but out of the control's range, and the quiet scale text under a control.
    struct FieldColors {
        QColor invalidText;     ///< "T = 0 is invalid", a refused table edit
        QColor invalidFill;     ///< behind a field whose text is refused
        QColor warningText;     ///< "T lies beyond the control's range", a note on the model
        QColor warningFill;     ///< behind a field that shows a clamped value
        QColor quietText;       ///< the slider's scale labels
    };
    const FieldColors &fields() const { return m_fields; }

    /// The colour of query row `index` in this theme and the colour of key points.
    QColor queryColor(int index) const;
    QColor keyColor() const { return m_key; }
    const QVector<QColor> &queryColors() const { return m_queryColors; }
    /// `color` adjusted so that text in it reads on the plot background.
    QColor readableText(const QColor &color) const;
    bool isDark() const { return m_kind == Kind::Dark; }

    /// Lines (arrows, outlines, grid) are this many times as thick as in Light.
    double lineWidthFactor() const { return m_lineWidthFactor; }
    /// Type is this many times as big as the application font.
    double fontFactor() const { return m_fontFactor; }

private:
    explicit Theme(Kind kind) : m_kind(kind) {}

    Kind m_kind;
    QColor m_plotBackground;
    QColor m_viewBackground;
    QColor m_grid;
    QColor m_zeroAxis;
    QColor m_frame;
    QColor m_text;
    QColor m_hint;
    QColor m_hatch;
    QColor m_masked;
    QColor m_maskedFill;
    QColor m_labelBacking;
    QColor m_highlight;
    QColor m_noteBackground;
    QColor m_noteBorder;
    QColor m_noteText;
    QColor m_errorText;
    QColor m_undefinedBackground;
    QColor m_sheetInk;
    QColor m_sheetHeadingInk;
    QColor m_sheetNoteInk;
    QColor m_sheetMaskedInk;
    QColor m_sheetHeadingBackground;
    QColor m_sheetSumBackground;
    QColor m_sheetHighlightBackground;
    QColor m_sheetRefusalBackground;
    QColor m_key;
    QVector<QColor> m_queryColors;
    MaskGridColors m_maskGrid;
    FieldColors m_fields;
    MatrixColors m_matrix;
    double m_lineWidthFactor = 1.0;
    double m_fontFactor = 1.0;
};

} // namespace attnlens
