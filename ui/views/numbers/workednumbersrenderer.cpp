#include "workednumbersrenderer.h"

#include "textfit.h"
#include "theme.h"
#include "tokenpalette.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QGlyphRun>
#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QTextDocument>
#include <QTextOption>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

/// Qt draws glyphs up to this size from its glyph cache, larger ones as outlines.
constexpr int kLargestCachedGlyphPx = 64;

/// Characters that look the same drawn one glyph at a time as shaped: no joining, no marks.
bool needsNoShaping(QChar c)
{
    switch (c.script()) {
    case QChar::Script_Common:
    case QChar::Script_Latin:
    case QChar::Script_Greek:
        return !c.isMark() && !c.isSurrogate();
    default:
        return false;
    }
}

} // namespace

WorkedNumbersRenderer::WorkedNumbersRenderer() = default;

void WorkedNumbersRenderer::setFont(const QFont &font)
{
    // A little larger than the interface: these numbers are read from the back of the room.
    const QFont base = scaledFont(font, 1.15);
    m_fonts[index(Font::Regular)] = base;
    m_fonts[index(Font::Bold)] = base;
    m_fonts[index(Font::Bold)].setBold(true);
    m_fonts[index(Font::Italic)] = base;
    m_fonts[index(Font::Italic)].setItalic(true);
    m_fonts[index(Font::Title)] = scaledFont(base, 1.2);
    m_fonts[index(Font::Title)].setBold(true);
    m_fonts[index(Font::Mark)] = scaledFont(base, 1.5);
    for (size_t role = 0; role < m_fonts.size(); ++role) {
        const QFontMetricsF fm(m_fonts[role]);
        m_ascent[role] = fm.ascent();
        m_descent[role] = fm.descent();
        m_rawFonts[role] = QRawFont::fromFont(m_fonts[role]);
        m_glyphTables[role].clear();
    }
    const QFontMetricsF fm(base);
    m_lineHeight = fm.height();
    m_margin = std::round(fm.height() * 0.5);
    m_cellPadX = std::round(fm.height() * 0.5);
    m_cellPadY = std::round(fm.height() * 0.2);
    m_words.clear();
    m_wordsIndex.clear();
    m_shape = 0;
}

// ---------------------------------------------------------------------------------------------
// Colours

QColor WorkedNumbersRenderer::inkColor(WorkedPage::Ink ink, const Theme &theme, int query)
{
    switch (ink) {
    case WorkedPage::Ink::Text:
        return theme.sheetInk();
    case WorkedPage::Ink::Heading:
    case WorkedPage::Ink::Refusal:
        return theme.sheetHeadingInk();
    case WorkedPage::Ink::Note:
        return theme.sheetNoteInk();
    case WorkedPage::Ink::More:
        return theme.hintColor();
    case WorkedPage::Ink::Masked:
        return theme.sheetMaskedInk();
    case WorkedPage::Ink::Query:
        return theme.queryColor(query);
    }
    return theme.sheetInk();
}

QColor WorkedNumbersRenderer::paperColor(const WorkedPage &page, const Theme &theme)
{
    return page.refusal ? theme.sheetRefusalBackground() : theme.plotBackground();
}

// ---------------------------------------------------------------------------------------------
// Measuring

int WorkedNumbersRenderer::wordsFor(const WorkedPage::Run &run, int wrapWidth)
{
    const WordsKey key{run.text, run.font, run.rich, wrapWidth};
    const auto found = m_wordsIndex.constFind(key);
    if (found != m_wordsIndex.constEnd())
        return *found;
    Words words;
    words.text.setTextFormat(run.rich ? Qt::RichText : Qt::PlainText);
    words.text.setText(run.text);
    if (wrapWidth > 0) {
        words.text.setTextWidth(wrapWidth);
    } else {
        // Without this, rich text is wrapped at a width QTextDocument finds "reasonable".
        QTextOption option;
        option.setWrapMode(QTextOption::NoWrap);
        words.text.setTextOption(option);
    }
    words.text.prepare(QTransform(), m_fonts[index(run.font)]);
    words.size = words.text.size();
    // Above 64 px Qt draws glyphs as outlines and below from its glyph cache; a rich static
    // text mixing both (projector type with a subscript: the k of √d_k) has its small part
    // drawn away from its place in Qt 6.4 whenever the painter is offset (a scrolled page, a
    // view inside a window). Such words are drawn from a document laid out the same way.
    if (run.rich && QFontInfo(m_fonts[index(run.font)]).pixelSize() > kLargestCachedGlyphPx) {
        words.document = std::make_shared<QTextDocument>();
        words.document->setDocumentMargin(0.0);
        words.document->setDefaultFont(m_fonts[index(run.font)]);
        words.document->setDefaultTextOption(words.text.textOption());
        words.document->setHtml(run.text);
        if (wrapWidth > 0)
            words.document->setTextWidth(wrapWidth);
        else
            words.document->adjustSize();
    }
    m_words.append(words);
    const int at = static_cast<int>(m_words.size()) - 1;
    m_wordsIndex.insert(key, at);
    return at;
}

const WorkedNumbersRenderer::GlyphInfo &WorkedNumbersRenderer::glyphFor(Font font, QChar c)
{
    QHash<QChar, GlyphInfo> &table = m_glyphTables[index(font)];
    const auto found = table.constFind(c);
    if (found != table.constEnd())
        return *found;
    GlyphInfo info;
    const QRawFont &raw = m_rawFonts[index(font)];
    if (raw.isValid() && needsNoShaping(c)) {
        const QList<quint32> indexes = raw.glyphIndexesForString(QString(c));
        if (indexes.size() == 1 && (indexes.first() != 0 || c == QLatin1Char(' '))) {
            info.index = indexes.first();
            const QList<QPointF> advances = raw.advancesForGlyphIndexes(indexes);
            info.advance = advances.isEmpty() ? 0.0 : advances.first().x();
            info.drawable = true;
        }
    }
    return *table.insert(c, info);
}

qreal WorkedNumbersRenderer::glyphsWidth(const WorkedPage::Run &run)
{
    qreal width = 0.0;
    for (const QChar c : std::as_const(run.text)) {
        const GlyphInfo &info = glyphFor(run.font, c);
        if (!info.drawable) {
            // Drawn by QPainter::drawText() instead (paintRun()), so measured the same way.
            return QFontMetricsF(m_fonts[index(run.font)]).horizontalAdvance(run.text);
        }
        width += info.advance;
    }
    return width;
}

qreal WorkedNumbersRenderer::measureCell(const WorkedPage &page, int cell, int wrap, qreal &ascent,
                                         qreal &descent)
{
    qreal x = 0.0;
    for (int r = page.cells.at(cell).firstRun; r < page.runEnd(cell); ++r) {
        const WorkedPage::Run &run = page.runs.at(r);
        RunPlace &place = m_runs[r];
        const size_t font = index(run.font);
        if (run.kind == WorkedPage::RunKind::Words) {
            // Wrapped only when it does not fit the rest of the line as it is.
            place.wordsIndex = wordsFor(run, 0);
            if (wrap > 0 && x + m_words.at(place.wordsIndex).size.width() > wrap)
                place.wordsIndex = wordsFor(run, std::max(40, wrap - static_cast<int>(std::ceil(x))));
            const Words &w = m_words.at(place.wordsIndex);
            place.width = w.size.width();
            descent = std::max(descent, w.size.height() - m_ascent[font]);
        } else {
            place.wordsIndex = -1;
            place.width = glyphsWidth(run);
            descent = std::max(descent, m_descent[font]);
        }
        ascent = std::max(ascent, m_ascent[font]);
        place.x = x;
        x += place.width;
    }
    return x;
}

// ---------------------------------------------------------------------------------------------
// Layout

void WorkedNumbersRenderer::layout(const WorkedPage &page, qreal viewWidth)
{
    // Labels and headings repeat from frame to frame; only a new scenario, selection or width
    // brings new ones, so the cache stays small. Should it grow anyway, start over (here, before
    // any run holds an index into it).
    if (m_words.size() > 4096) {
        m_words.clear();
        m_wordsIndex.clear();
    }
    // Column widths carry over while the shape holds.
    const quint64 shape = page.shape();
    if (shape != m_shape) {
        m_shape = shape;
        m_columnWidths.clear();
    }
    m_blocks.resize(page.blocks.size());
    m_rows.resize(page.rows.size());
    m_cellX.resize(page.cells.size());
    m_runs.resize(page.runs.size());

    const qreal wrapWidth = std::max(80.0, viewWidth - 2 * m_margin);
    // The narrow form packs its columns closer.
    const qreal padX = page.narrow ? std::round(m_cellPadX * 0.5) : m_cellPadX;
    qreal y = m_margin;
    qreal right = 0.0;
    int tableIndex = 0;
    for (int b = 0; b < page.blocks.size(); ++b) {
        const WorkedPage::Block &block = page.blocks.at(b);
        BlockPlace &place = m_blocks[b];
        y += block.gapAbove * m_lineHeight;
        place.left = m_margin;
        if (block.table) {
            layoutTable(page, b, padX, y, tableIndex++);
            right = std::max(right, place.left + place.width);
            continue;
        }
        qreal width = 0.0;
        for (int r = block.firstRow; r < page.rowEnd(b); ++r) {
            RowPlace &row = m_rows[r];
            qreal ascent = 0.0;
            qreal descent = 0.0;
            qreal x = m_margin;
            for (int c = page.rows.at(r).firstCell; c < page.cellEnd(r); ++c) {
                m_cellX[c] = x;
                x += measureCell(page, c, block.wrap ? static_cast<int>(wrapWidth) : 0, ascent, descent);
            }
            row.top = y;
            row.baseline = y + ascent;
            row.height = ascent + descent;
            y += row.height;
            width = std::max(width, x - m_margin);
        }
        place.width = width;
        right = std::max(right, place.left + width);
    }
    m_contentSize = QSizeF(right + m_margin, y + m_margin);
}

void WorkedNumbersRenderer::layoutTable(const WorkedPage &page, int b, qreal padX, qreal &y, int tableIndex)
{
    // Column widths from the widest cell of each column, padded on both sides.
    const int firstRow = page.blocks.at(b).firstRow;
    const int lastRow = page.rowEnd(b);
    if (m_columnWidths.size() <= tableIndex)
        m_columnWidths.resize(tableIndex + 1);
    QVector<qreal> &widths = m_columnWidths[tableIndex];
    QVector<qreal> fresh;
    struct Spanned { int column; int span; qreal width; };
    QVector<Spanned> spanned;
    for (int r = firstRow; r < lastRow; ++r) {
        RowPlace &row = m_rows[r];
        qreal ascent = 0.0;
        qreal descent = 0.0;
        int column = 0;
        for (int c = page.rows.at(r).firstCell; c < page.cellEnd(r); ++c) {
            const WorkedPage::Cell &cell = page.cells.at(c);
            const qreal width = measureCell(page, c, 0, ascent, descent) + 2 * padX;
            m_cellX[c] = width;  // content width + padding, until the columns are known
            if (fresh.size() < column + cell.span)
                fresh.resize(column + cell.span, 0.0);
            if (cell.span == 1)
                fresh[column] = std::max(fresh[column], width);
            else
                spanned.append(Spanned{column, cell.span, width});
            column += cell.span;
        }
        row.baseline = ascent;  // relative, until the rows are placed
        row.height = ascent + descent + 2 * m_cellPadY;
    }
    for (const Spanned &s : std::as_const(spanned)) {
        qreal sum = 0.0;
        for (int k = 0; k < s.span; ++k)
            sum += fresh[s.column + k];
        // A wider spanning cell (a key's name over its numbers) widens its columns evenly.
        if (s.width > sum) {
            for (int k = 0; k < s.span; ++k)
                fresh[s.column + k] += (s.width - sum) / s.span;
        }
    }
    // Columns only grow while the shape stays: numbers changing width during a drag must not
    // make the table jump.
    if (widths.size() != fresh.size())
        widths = fresh;
    else
        for (int k = 0; k < fresh.size(); ++k)
            widths[k] = std::max(widths[k], fresh[k]);

    BlockPlace &place = m_blocks[b];
    qreal tableWidth = 0.0;
    for (qreal w : std::as_const(widths))
        tableWidth += w;
    place.width = tableWidth;
    for (int r = firstRow; r < lastRow; ++r) {
        RowPlace &row = m_rows[r];
        row.top = y;
        row.baseline = y + m_cellPadY + row.baseline;
        y += row.height;
        qreal columnLeft = place.left;
        int column = 0;
        for (int c = page.rows.at(r).firstCell; c < page.cellEnd(r); ++c) {
            const WorkedPage::Cell &cell = page.cells.at(c);
            qreal spanWidth = 0.0;
            for (int k = 0; k < cell.span && column + k < widths.size(); ++k)
                spanWidth += widths[column + k];
            const qreal contentWidth = m_cellX[c] - 2 * padX;
            m_cellX[c] = cell.alignRight ? columnLeft + spanWidth - padX - contentWidth : columnLeft + padX;
            columnLeft += spanWidth;
            column += cell.span;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Painting

void WorkedNumbersRenderer::paint(QPainter &painter, const WorkedPage &page, const QRectF &exposed,
                                  const Theme &theme, int hoveredKey)
{
    if (m_rows.size() != page.rows.size() || m_runs.size() != page.runs.size())
        return;  // not laid out
    const int shownKeys = page.shownKeyCount();
    // The inks, looked up once per frame.
    std::array<QColor, 7> inks;
    for (size_t ink = 0; ink < inks.size(); ++ink)
        inks[ink] = inkColor(static_cast<WorkedPage::Ink>(ink), theme, page.shownQuery);

    for (int b = 0; b < page.blocks.size(); ++b) {
        const WorkedPage::Block &block = page.blocks.at(b);
        const BlockPlace &blockPlace = m_blocks.at(b);
        for (int r = block.firstRow; r < page.rowEnd(b); ++r) {
            const RowPlace &row = m_rows.at(r);
            if (row.top > exposed.bottom() || row.top + row.height < exposed.top())
                continue;
            if (block.table) {
                QColor background;
                if (hoveredKey >= 0 && hoveredKey < shownKeys
                    && (page.keyRows.at(hoveredKey) == r || page.keyRows.at(shownKeys + hoveredKey) == r))
                    background = theme.sheetHighlightBackground();
                else if (page.rows.at(r).background == WorkedPage::Background::Heading)
                    background = theme.sheetHeadingBackground();
                else if (page.rows.at(r).background == WorkedPage::Background::Sum)
                    background = theme.sheetSumBackground();
                if (background.isValid())
                    painter.fillRect(QRectF(blockPlace.left, row.top, blockPlace.width, row.height), background);
            }
            for (int c = page.rows.at(r).firstCell; c < page.cellEnd(r); ++c) {
                for (int k = page.cells.at(c).firstRun; k < page.runEnd(c); ++k) {
                    const WorkedPage::Run &run = page.runs.at(k);
                    paintRun(painter, run, m_runs.at(k), m_cellX.at(c) + m_runs.at(k).x, row.baseline,
                             inks[static_cast<size_t>(run.ink)]);
                }
            }
        }
    }
    flushGlyphBatches(painter);
}

void WorkedNumbersRenderer::paintRun(QPainter &painter, const WorkedPage::Run &run, const RunPlace &place,
                                     qreal x, qreal baseline, const QColor &color)
{
    const size_t font = index(run.font);
    if (run.kind == WorkedPage::RunKind::Words) {
        if (place.wordsIndex < 0 || place.wordsIndex >= m_words.size())
            return;
        painter.setFont(m_fonts[font]);
        painter.setPen(color);
        const Words &words = m_words.at(place.wordsIndex);
        const QPointF at(x, baseline - m_ascent[font]);
        if (words.document) {
            QAbstractTextDocumentLayout::PaintContext context;
            context.palette.setColor(QPalette::Text, color);
            painter.save();
            painter.translate(at);
            words.document->documentLayout()->draw(&painter, context);
            painter.restore();
        } else {
            painter.drawStaticText(at, words.text);
        }
        return;
    }

    // Numbers and operators: their glyphs join the batch of their font and colour, drawn in
    // one call per batch.
    const QRgb rgb = color.rgba();
    GlyphBatch *batch = nullptr;
    for (GlyphBatch &candidate : m_batches) {
        if (candidate.font == run.font && candidate.color == rgb) {
            batch = &candidate;
            break;
        }
    }
    if (!batch) {
        m_batches.append(GlyphBatch{run.font, rgb, {}, {}});
        batch = &m_batches.last();
    }
    const qsizetype mark = batch->indexes.size();
    qreal pen = x;
    for (const QChar c : run.text) {
        const GlyphInfo &info = glyphFor(run.font, c);
        if (!info.drawable) {
            // Not in the font (or needs shaping): let QPainter find a font for the whole run.
            batch->indexes.resize(mark);
            batch->positions.resize(mark);
            painter.setFont(m_fonts[font]);
            painter.setPen(color);
            painter.drawText(QPointF(x, baseline), run.text);
            return;
        }
        if (c != QLatin1Char(' ')) {
            batch->indexes.append(info.index);
            batch->positions.append(QPointF(pen, baseline));
        }
        pen += info.advance;
    }
}

void WorkedNumbersRenderer::flushGlyphBatches(QPainter &painter)
{
    for (GlyphBatch &batch : m_batches) {
        if (batch.indexes.isEmpty())
            continue;
        QGlyphRun run;
        run.setRawFont(m_rawFonts[index(batch.font)]);
        run.setGlyphIndexes(batch.indexes);
        run.setPositions(batch.positions);
        painter.setPen(QColor::fromRgba(batch.color));
        painter.drawGlyphRun(QPointF(0, 0), run);
        batch.indexes.clear();
        batch.positions.clear();
    }
}

// ---------------------------------------------------------------------------------------------
// Reading back

int WorkedNumbersRenderer::numberAt(const WorkedPage &page, const QPointF &at) const
{
    if (m_rows.size() != page.rows.size())
        return -1;
    for (int r = 0; r < page.rows.size(); ++r) {
        const RowPlace &row = m_rows.at(r);
        if (at.y() < row.top || at.y() >= row.top + row.height)
            continue;
        for (int c = page.rows.at(r).firstCell; c < page.cellEnd(r); ++c) {
            for (int k = page.cells.at(c).firstRun; k < page.runEnd(c); ++k) {
                const qreal left = m_cellX.at(c) + m_runs.at(k).x;
                if (page.runs.at(k).isNumber() && at.x() >= left && at.x() < left + m_runs.at(k).width)
                    return k;
            }
        }
    }
    return -1;
}

QRectF WorkedNumbersRenderer::textRect(const WorkedPage &page, const QString &needle) const
{
    if (m_rows.size() != page.rows.size())
        return QRectF();
    for (int r = 0; r < page.rows.size(); ++r) {
        const RowPlace &row = m_rows.at(r);
        for (int c = page.rows.at(r).firstCell; c < page.cellEnd(r); ++c) {
            for (int k = page.cells.at(c).firstRun; k < page.runEnd(c); ++k) {
                const WorkedPage::Run &run = page.runs.at(k);
                if (run.plainText().contains(needle)) {
                    const size_t font = index(run.font);
                    const qreal top = row.baseline - m_ascent[font];
                    return QRectF(m_cellX.at(c) + m_runs.at(k).x, top, m_runs.at(k).width,
                                  m_ascent[font] + m_descent[font]);
                }
            }
        }
    }
    return QRectF();
}

QRectF WorkedNumbersRenderer::rowRect(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return QRectF();
    const RowPlace &place = m_rows.at(row);
    return QRectF(m_margin, place.top, std::max<qreal>(1.0, m_contentSize.width() - 2 * m_margin), place.height);
}

} // namespace attnlens
