#pragma once

#include "workedpage.h"

#include <QColor>
#include <QFont>
#include <QHash>
#include <QRawFont>
#include <QRectF>
#include <QSizeF>
#include <QStaticText>
#include <QVector>

class QTextDocument;

#include <array>
#include <memory>
#include <optional>

class QPainter;

namespace attnlens {

class Theme;

/// Lays a WorkedPage out in fonts and paints it into any QPainter (the view's viewport, a
/// figure's image).
///
/// Built to follow a drag at frame rate: words are drawn from prepared QStaticText kept between
/// frames, numbers and operators as glyph runs looked up per character, so no text is laid out
/// or shaped while dragging; a table's columns keep their widths while the page's shape holds,
/// so that they do not jitter as the numbers change. Geometry is kept beside the page, index for
/// index (the page itself stays plain data), and is in content coordinates: (0, 0) is the top
/// left of the whole page, scrolled or not.
class WorkedNumbersRenderer {
public:
    WorkedNumbersRenderer();

    /// Sets the fonts from the view's font (a little larger, bold, italic, title, mark) and
    /// forgets everything measured in the old ones.
    void setFont(const QFont &base);
    qreal lineHeight() const { return m_lineHeight; }
    qreal margin() const { return m_margin; }

    /// Lays `page` out for a view `viewWidth` wide (prose wraps to it). The page must stay
    /// unchanged until the next layout(): the geometry refers to it by index.
    void layout(const WorkedPage &page, qreal viewWidth);
    /// Lets the tables' columns start from their content again (a new scenario).
    void resetColumns() { m_shape = 0; }
    /// The size of everything laid out.
    QSizeF contentSize() const { return m_contentSize; }

    /// Paints the rows that meet `exposed` (content coordinates) in `theme`'s colours, the rows
    /// of key `hoveredKey` highlighted (-1: none). The painter is in content coordinates.
    void paint(QPainter &painter, const WorkedPage &page, const QRectF &exposed, const Theme &theme,
               int hoveredKey);
    /// The colour `ink` of a page for query `query` has in `theme`.
    static QColor inkColor(WorkedPage::Ink ink, const Theme &theme, int query);
    /// The colour of the paper behind `page` in `theme`.
    static QColor paperColor(const WorkedPage &page, const Theme &theme);

    /// The run under `at`, if it is a number; -1 otherwise.
    int numberAt(const WorkedPage &page, const QPointF &at) const;
    /// Where the first run whose text contains `text` is drawn; empty when none does.
    QRectF textRect(const WorkedPage &page, const QString &text) const;
    /// Where row `row` is, across the whole content width less the margins.
    QRectF rowRect(int row) const;

private:
    using Font = WorkedPage::Font;
    struct RunPlace {
        int wordsIndex = -1;  ///< into m_words, for Words runs
        qreal x = 0.0;        ///< from the left of its cell's content
        qreal width = 0.0;
    };
    struct RowPlace {
        qreal top = 0.0;
        qreal height = 0.0;
        qreal baseline = 0.0;
    };
    struct BlockPlace {
        qreal left = 0.0;
        qreal width = 0.0;
    };
    struct WordsKey {
        QString text;
        Font font;
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
        /// Rich words in projector type are drawn from a document instead (see paintRun()).
        std::shared_ptr<QTextDocument> document;
    };
    struct GlyphInfo {
        quint32 index = 0;
        qreal advance = 0.0;
        bool drawable = false;  ///< false: not in the font, or needs shaping
    };
    struct GlyphBatch {
        Font font;
        QRgb color;
        QVector<quint32> indexes;
        QVector<QPointF> positions;
    };

    static size_t index(Font font) { return static_cast<size_t>(font); }
    /// Places the runs of cell `cell` one after another; returns the content width and widens
    /// `ascent` and `descent` to the runs'.
    qreal measureCell(const WorkedPage &page, int cell, int wrap, qreal &ascent, qreal &descent);
    void layoutTable(const WorkedPage &page, int block, qreal padX, qreal &y, int tableIndex);
    /// The index in m_words of the run's prepared text, preparing it on first use.
    int wordsFor(const WorkedPage::Run &run, int wrapWidth);
    const GlyphInfo &glyphFor(Font font, QChar c);
    qreal glyphsWidth(const WorkedPage::Run &run);
    void paintRun(QPainter &painter, const WorkedPage::Run &run, const RunPlace &place, qreal x,
                  qreal baseline, const QColor &color);
    void flushGlyphBatches(QPainter &painter);

    std::array<QFont, WorkedPage::kFontCount> m_fonts;
    std::array<QRawFont, WorkedPage::kFontCount> m_rawFonts;
    std::array<qreal, WorkedPage::kFontCount> m_ascent{};
    std::array<qreal, WorkedPage::kFontCount> m_descent{};
    std::array<QHash<QChar, GlyphInfo>, WorkedPage::kFontCount> m_glyphTables;
    qreal m_lineHeight = 0.0;
    qreal m_margin = 0.0;
    qreal m_cellPadX = 0.0;
    qreal m_cellPadY = 0.0;

    QVector<BlockPlace> m_blocks;
    QVector<RowPlace> m_rows;
    QVector<qreal> m_cellX;  ///< each cell's content left edge
    QVector<RunPlace> m_runs;
    /// Column widths of the tables, kept while the page's shape stays the same.
    QVector<QVector<qreal>> m_columnWidths;
    quint64 m_shape = 0;
    QSizeF m_contentSize;

    QHash<WordsKey, int> m_wordsIndex;
    QVector<Words> m_words;
    QVector<GlyphBatch> m_batches;
};

} // namespace attnlens
