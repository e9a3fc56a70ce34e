#pragma once

#include <QAbstractScrollArea>
#include <QFont>
#include <QHash>
#include <QList>
#include <QRawFont>
#include <QStaticText>
#include <QVector>

#include <array>
#include <optional>

class QPainter;

namespace attnlens {

class AttentionModel;
class OffscreenDeferral;
class ViewState;

/// The selected query's attention worked out by hand, as the lesson does it, updating live:
/// each dot product with its terms, the division by √d_k and by T, the exponentials after
/// subtracting the row maximum, their sum, the weights, and each context coordinate as
/// Σ wᵢ·vᵢ with its terms. Masked keys appear as "masked → weight 0" and are left out of the
/// maximum, the sum and the context.
///
/// Scores, weights and context are the model's; the other numbers are plain arithmetic on the
/// scenario and those scores. Numbers show 4 decimals; hovering one shows it to full precision.
/// Past kMaxKeyRows keys (or kMaxDimensionRows context dimensions) the first rows are shown with
/// a note saying how many more there are.
///
/// The view is painted, not a text document, so that it can follow a drag at frame rate: every
/// update composes a flat list of rows and cells (cheap), words are drawn from prepared
/// QStaticText kept between frames, and numbers and operators as glyph runs looked up per
/// character, so no text is laid out or shaped while dragging. While hidden (a dock tab behind
/// another) the view ignores model changes and catches up when it is shown again.
class WorkedNumbersView : public QAbstractScrollArea {
    Q_OBJECT

public:
    static constexpr int kMaxKeyRows = 16;
    static constexpr int kMaxDimensionRows = 16;
    /// Terms written out in one sum before it is shortened to "+ … (n more terms)".
    static constexpr int kMaxTerms = 4;

    /// The parts of the calculation, in the order they are written.
    enum class Section { Query, Scores, Softmax, Context };

    WorkedNumbersView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    int shownQuery() const { return m_shownQuery; }
    /// The full-precision value of the number under `viewportPos`, if there is one.
    std::optional<double> valueAt(const QPoint &viewportPos) const;
    /// True while the view explains a refusal instead of showing numbers.
    bool isShowingRefusal() const { return m_showingRefusal; }
    /// What the view shows as plain text: one line per row, table cells separated by tabs.
    /// This is also what "Copy" puts on the clipboard.
    QString toPlainText() const;
    /// Where the first piece of text containing `text` is drawn, in viewport coordinates;
    /// an empty rectangle when nothing shown contains it.
    QRectF textRect(const QString &text) const;
    /// True when the model changed while the view was hidden and it has not caught up yet.
    bool isStale() const;

    /// The size of everything the view shows, scrolled or not (what a figure export needs).
    QSizeF contentSize() const { return m_contentSize; }
    /// Scrolls so that `section`'s heading is at the top of the view (as far as the scroll range
    /// allows), e.g. when the lesson talks about the softmax. A view that is out of sight
    /// scrolls once it has caught up.
    void scrollToSection(Section section);
    /// Where `section`'s heading is drawn, in viewport coordinates; empty while the view shows
    /// a refusal.
    QRectF sectionRect(Section section) const;
    /// True while the tables are written in their narrow form (the terms of each sum on a line
    /// of their own, the headers on two lines), chosen when the wide form would need a
    /// horizontal scroll bar.
    bool isNarrow() const { return m_narrow; }

    /// Without the white paper the calculation is drawn on a transparent background (figures).
    void setPaperVisible(bool visible);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    enum FontRole : quint8 { Regular, Bold, Italic, Title, Mark, FontRoleCount };
    enum class RunKind : quint8 {
        Words,   ///< drawn from a cached QStaticText (labels, headings, notes, rich text)
        Glyphs,  ///< numbers and operators, drawn from the per-character glyph table
    };
    struct Run {
        RunKind kind = RunKind::Words;
        FontRole font = Regular;
        bool rich = false;
        bool isNumber = false;
        QRgb color = 0;
        double value = 0.0;   ///< the full value of a number
        QString text;
        int wordsIndex = -1;  ///< into m_words, for Words runs
        qreal x = 0.0;        ///< from the left of its cell's content
        qreal width = 0.0;
    };
    struct Cell {
        int firstRun = 0;
        int span = 1;
        bool alignRight = false;
        qreal x = 0.0;  ///< content left edge, in content coordinates
    };
    struct Row {
        int firstCell = 0;
        QRgb background = 0;  ///< 0: none
        qreal top = 0.0;
        qreal height = 0.0;
        qreal baseline = 0.0;
    };
    struct Block {
        int firstRow = 0;
        bool table = false;
        bool wrap = false;       ///< prose wrapped to the viewport (the refusal)
        qreal gapAbove = 0.0;    ///< in line heights
        qreal left = 0.0;
        qreal width = 0.0;
    };
    struct WordsKey {
        QString text;
        FontRole font;
        bool rich;
        int wrapWidth;
        bool operator==(const WordsKey &other) const
        {
            return font == other.font && rich == other.rich && wrapWidth == other.wrapWidth
                && text == other.text;
        }
    };
    friend size_t qHash(const WordsKey &key, size_t seed) noexcept
    {
        return qHash(key.text, seed) ^ (size_t(key.font) << 1) ^ (size_t(key.rich) << 5)
            ^ size_t(key.wrapWidth) << 8;
    }
    struct Words {
        QStaticText text;
        QSizeF size;
    };
    struct GlyphInfo {
        quint32 index = 0;
        qreal advance = 0.0;
        bool drawable = false;  ///< false: not in the font, or needs shaping
    };

    void onHoverChanged();
    void refresh();
    /// Composes and lays out in the wide form, or in the narrow one when the wide one is wider
    /// than the viewport.
    void composeToFit();
    void applyPendingScroll();
    void applyFonts();
    void copyToClipboard() const;

    // Composition: rebuilds the rows and cells from the model.
    void compose();
    void composeCalculation();
    void composeRefusal(const QString &text);
    void beginBlock(qreal gapAbove, bool table = false, bool wrap = false);
    void beginRow(QRgb background = 0);
    void beginCell(bool alignRight = false, int span = 1);
    void words(const QString &text, FontRole font, QRgb color, bool rich = false);
    void glyphs(const QString &text, FontRole font, QRgb color);
    void number(double value, const QString &text, FontRole font, QRgb color);
    void compact(double value, FontRole font = Regular);
    void factor(double value);
    void exact(double value);

    // Layout: positions every row, cell and run; cheap, done after every composition.
    void layoutContent();
    void updateScrollBars();
    int runEnd(int cell) const;
    int cellEnd(int row) const;
    int rowEnd(int block) const;
    /// The index in m_words of the run's prepared text, preparing it on first use.
    int wordsFor(const Run &run, int wrapWidth);
    const GlyphInfo &glyphFor(FontRole font, QChar c);
    void measureGlyphs(Run &run);
    QPointF contentOffset() const;

    void paintRun(QPainter &painter, const Run &run, qreal x, qreal baseline);
    void flushGlyphBatches(QPainter &painter);

    AttentionModel *m_model;
    ViewState *m_viewState;
    int m_shownQuery = 0;
    bool m_showingRefusal = false;
    /// While the view is out of sight (hidden, or a dock tab behind another) model changes only
    /// mark it stale; it refreshes once it can be seen again.
    OffscreenDeferral *m_deferral = nullptr;
    bool m_paperVisible = true;
    bool m_narrow = false;
    /// The width the wide form took when it was last laid out.
    qreal m_wideWidth = 0.0;
    /// The first row of each Section's heading (-1: not shown).
    std::array<int, 4> m_sectionRows{{-1, -1, -1, -1}};
    std::optional<Section> m_pendingSection;
    /// The section the lesson asked for, kept in view across resizes until the reader scrolls.
    std::optional<Section> m_anchorSection;
    bool m_scrollingToSection = false;

    std::array<QFont, FontRoleCount> m_fonts;
    std::array<QRawFont, FontRoleCount> m_rawFonts;
    std::array<qreal, FontRoleCount> m_ascent{};
    std::array<qreal, FontRoleCount> m_descent{};
    std::array<QHash<QChar, GlyphInfo>, FontRoleCount> m_glyphTables;
    qreal m_lineHeight = 0.0;
    qreal m_margin = 0.0;
    qreal m_cellPadX = 0.0;
    qreal m_cellPadY = 0.0;

    QVector<Block> m_blocks;
    QVector<Row> m_rows;
    QVector<Cell> m_cells;
    QVector<Run> m_runs;
    /// Row index in m_rows of each shown key's row: the score rows, then the softmax rows.
    QVector<int> m_keyRows;
    /// Column widths of the tables, kept while the layout's shape stays the same so that the
    /// columns do not jitter while the numbers change during a drag.
    QVector<QVector<qreal>> m_columnWidths;
    quint64 m_shape = 0;
    QSizeF m_contentSize;

    QHash<WordsKey, int> m_wordsIndex;
    QVector<Words> m_words;

    struct GlyphBatch {
        FontRole font;
        QRgb color;
        QVector<quint32> indexes;
        QVector<QPointF> positions;
    };
    QVector<GlyphBatch> m_batches;
};

} // namespace attnlens
