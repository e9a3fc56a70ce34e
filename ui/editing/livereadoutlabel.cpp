#include "livereadoutlabel.h"

#include "textfit.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPaintEvent>
#include <QPainter>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

constexpr int kShapedCacheLimit = 256;

QString unescaped(QString text)
{
    if (!text.contains(QLatin1Char('&')))
        return text;
    text.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
    text.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
    text.replace(QStringLiteral("&quot;"), QStringLiteral("\""));
    text.replace(QStringLiteral("&#39;"), QStringLiteral("'"));
    text.replace(QStringLiteral("&nbsp;"), QString(QChar(0x00a0)));
    text.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return text;
}

QString withoutTrailingSpaces(const QString &text)
{
    int end = int(text.size());
    while (end > 0 && text[end - 1] == QLatin1Char(' '))
        --end;
    return text.left(end);
}

/// The CJK punctuation and the full-width forms ("，", "（").
bool isFullWidthSign(QChar c)
{
    return (c.unicode() >= 0x3000 && c.unicode() <= 0x303f) || (c.unicode() >= 0xff00 && c.unicode() <= 0xffef);
}

/// Chinese and Japanese characters and full-width signs: written without spaces, so a line may
/// break after any of them (Korean keeps its spaces as break points).
bool breaksAfter(QChar c)
{
    const QChar::Script script = c.script();
    return script == QChar::Script_Han || script == QChar::Script_Hiragana || script == QChar::Script_Katakana
        || isFullWidthSign(c);
}

/// Text from a fallback font whose lines are about a quarter taller than the Latin font's.
bool isBeyondLatin(QChar c)
{
    return isCjkCharacter(c) || isFullWidthSign(c);
}

} // namespace

LiveReadoutLabel::LiveReadoutLabel(QWidget *parent)
    : QWidget(parent)
{
    // Opaque: a change repaints this label alone, never the dock and window behind it.
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_boldFont = font();
    m_boldFont.setBold(true);
    measureLines();
}

QVector<LiveReadoutLabel::Run> LiveReadoutLabel::parse(const QString &richText)
{
    QVector<Run> runs;
    int boldDepth = 0;
    QVector<QColor> colors;
    QString pending;
    auto flush = [&] {
        if (pending.isEmpty())
            return;
        Run run;
        run.text = unescaped(pending);
        run.bold = boldDepth > 0;
        run.color = colors.isEmpty() ? QColor() : colors.last();
        if (!runs.isEmpty() && runs.last().bold == run.bold && runs.last().color == run.color)
            runs.last().text += run.text;
        else
            runs.append(run);
        pending.clear();
    };
    int i = 0;
    while (i < richText.size()) {
        if (richText[i] != QLatin1Char('<')) {
            const int next = richText.indexOf(QLatin1Char('<'), i);
            const int end = next < 0 ? int(richText.size()) : next;
            pending += QStringView(richText).mid(i, end - i);
            i = end;
            continue;
        }
        const int close = richText.indexOf(QLatin1Char('>'), i);
        if (close < 0) {
            pending += QStringView(richText).mid(i);
            break;
        }
        const QString tag = richText.mid(i + 1, close - i - 1).trimmed();
        flush();
        if (tag.compare(QLatin1String("b"), Qt::CaseInsensitive) == 0) {
            ++boldDepth;
        } else if (tag.compare(QLatin1String("/b"), Qt::CaseInsensitive) == 0) {
            boldDepth = std::max(0, boldDepth - 1);
        } else if (tag.startsWith(QLatin1String("span"), Qt::CaseInsensitive)) {
            QColor color = colors.isEmpty() ? QColor() : colors.last();
            const int at = tag.indexOf(QLatin1String("color:"), 0, Qt::CaseInsensitive);
            if (at >= 0) {
                int end = at + 6;
                while (end < tag.size() && tag[end] != QLatin1Char('"') && tag[end] != QLatin1Char(';')
                       && tag[end] != QLatin1Char('\''))
                    ++end;
                const QColor parsed = QColor::fromString(tag.mid(at + 6, end - at - 6).trimmed());
                if (parsed.isValid())
                    color = parsed;
            }
            colors.append(color);
        } else if (tag.compare(QLatin1String("/span"), Qt::CaseInsensitive) == 0) {
            if (!colors.isEmpty())
                colors.removeLast();
        }
        i = close + 1;
    }
    flush();
    return runs;
}

QString LiveReadoutLabel::plainText() const
{
    QString plain;
    for (const Run &run : m_runs)
        plain += run.text;
    return plain;
}

double LiveReadoutLabel::lineHeight() const
{
    return m_lineHeight;
}

void LiveReadoutLabel::measureLines()
{
    QString beyondLatin;
    for (const Run &run : std::as_const(m_runs)) {
        for (const QChar c : run.text) {
            if (isBeyondLatin(c) && !beyondLatin.contains(c))
                beyondLatin += c;
        }
    }
    // A drag changes the numbers, not the words: measured again only for new characters.
    if (m_lineHeight > 0.0 && beyondLatin == m_beyondLatin)
        return;
    m_beyondLatin = beyondLatin;
    const QFontMetricsF regular(font());
    const QFontMetricsF bold(m_boldFont);
    m_ascent = regular.ascent();
    m_boldAscent = bold.ascent();
    double descent = std::max(regular.descent(), bold.descent());
    double height = std::max(regular.height(), bold.height());
    m_tallAscent = 0.0;
    if (!beyondLatin.isEmpty()) {
        for (const QFont &font : {this->font(), m_boldFont}) {
            QTextLayout layout(beyondLatin, font);
            layout.beginLayout();
            const QTextLine line = layout.createLine();
            layout.endLayout();
            m_tallAscent = std::max(m_tallAscent, line.ascent());
            descent = std::max(descent, line.descent());
        }
    }
    m_lineAscent = std::max({m_ascent, m_boldAscent, m_tallAscent});
    m_lineHeight = std::ceil(std::max(height, m_lineAscent + descent));
}

double LiveReadoutLabel::baselineShift(const Piece &piece) const
{
    if (m_tallAscent <= 0.0)
        return 0.0;
    const bool tall = std::any_of(piece.text.cbegin(), piece.text.cend(), isBeyondLatin);
    const double ascent = tall ? m_tallAscent : piece.bold ? m_boldAscent : m_ascent;
    return std::max(0.0, m_lineAscent - ascent);
}

int LiveReadoutLabel::layout(const QVector<Run> &runs, double width, QVector<Piece> *pieces,
                             double *naturalWidth) const
{
    // Words break at spaces, and after every Chinese character or full-width sign (Chinese is
    // written without spaces, so "有效鍵數" may break anywhere); a word may span runs ("(<b>2</b>)").
    struct Chunk {
        int run;
        QString text;
        bool endsWord;
    };
    QVector<Chunk> chunks;
    for (int r = 0; r < runs.size(); ++r) {
        const QString &text = runs[r].text;
        int start = 0;
        for (int k = 0; k < text.size(); ++k) {
            const bool space = text[k] == QLatin1Char(' ');
            const bool nextIsSpace = k + 1 < text.size() && text[k + 1] == QLatin1Char(' ');
            if ((space || breaksAfter(text[k])) && !nextIsSpace) {
                chunks.append({r, text.mid(start, k + 1 - start), true});
                start = k + 1;
            }
        }
        if (start < text.size())
            chunks.append({r, text.mid(start), false});
    }
    auto advanceOf = [&](const Chunk &chunk, const QString &text) {
        return advance(text, runs[chunk.run].bold);
    };
    const auto trimmedEnd = withoutTrailingSpaces;

    const double height = lineHeight();
    int lines = 1;
    double x = 0.0;
    double widest = 0.0;
    int lastPieceLine = -1;
    int k = 0;
    while (k < chunks.size()) {
        // The word: chunks up to and including the first that ends with a space.
        int end = k;
        while (end < chunks.size() - 1 && !chunks[end].endsWord)
            ++end;
        double wordWidth = 0.0;
        for (int c = k; c < end; ++c)
            wordWidth += advanceOf(chunks[c], chunks[c].text);
        wordWidth += advanceOf(chunks[end], trimmedEnd(chunks[end].text));
        const bool newLine = width > 0.0 && x > 0.0 && x + wordWidth > width;
        if (newLine) {
            ++lines;
            x = 0.0;
        }
        for (int c = k; c <= end; ++c) {
            QString text = chunks[c].text;
            if (x == 0.0) {
                int lead = 0;
                while (lead < text.size() && text[lead] == QLatin1Char(' '))
                    ++lead;
                text = text.mid(lead);
                if (text.isEmpty())
                    continue;
            }
            const Run &run = runs[chunks[c].run];
            if (pieces) {
                const bool merge = !pieces->isEmpty() && lastPieceLine == lines - 1
                    && pieces->last().bold == run.bold && pieces->last().color == run.color;
                if (merge) {
                    pieces->last().text += text;
                } else {
                    pieces->append({QPointF(x, (lines - 1) * height), text, run.bold, run.color});
                    lastPieceLine = lines - 1;
                }
            }
            widest = std::max(widest, x + advanceOf(chunks[c], trimmedEnd(text)));
            x += advanceOf(chunks[c], text);
        }
        k = end + 1;
    }
    if (naturalWidth)
        *naturalWidth = widest;
    return lines;
}

void LiveReadoutLabel::relayout()
{
    m_pieces.clear();
    m_lineCount = layout(m_runs, m_wordWrap ? double(textWidth(width())) : 0.0, &m_pieces);
    update();
}

void LiveReadoutLabel::setText(const QString &richText)
{
    if (richText == m_text)
        return;
    m_text = richText;
    m_runs = parse(richText);
    const double lineBefore = m_lineHeight;
    measureLines();
    if (m_lineHeight != lineBefore)
        updateGeometry();
    setAccessibleDescription(plainText());
    relayout();
}

void LiveReadoutLabel::setWordWrap(bool wrap)
{
    if (wrap == m_wordWrap)
        return;
    m_wordWrap = wrap;
    QSizePolicy policy = sizePolicy();
    policy.setHeightForWidth(wrap);
    setSizePolicy(policy);
    relayout();
    updateGeometry();
}

int LiveReadoutLabel::naturalWidth(const QString &richText) const
{
    double natural = 0.0;
    layout(parse(richText), 0.0, nullptr, &natural);
    return int(std::ceil(natural)) + horizontalMargins();
}

QSize LiveReadoutLabel::sizeHint() const
{
    double natural = 0.0;
    const int lines = layout(m_runs, 0.0, nullptr, &natural);
    return QSize(int(std::ceil(natural)) + horizontalMargins(), int(lines * lineHeight()) + verticalMargins());
}

QSize LiveReadoutLabel::minimumSizeHint() const
{
    if (!m_wordWrap)
        return sizeHint();
    return QSize(QFontMetrics(font()).horizontalAdvance(QLatin1Char('0')) * 8 + horizontalMargins(),
                 int(lineHeight()) + verticalMargins());
}

int LiveReadoutLabel::heightForWidth(int width) const
{
    return int(layout(m_runs, m_wordWrap ? double(textWidth(width)) : 0.0, nullptr) * lineHeight())
        + verticalMargins();
}

double LiveReadoutLabel::advance(const QString &text, bool bold) const
{
    QHash<QString, double> &cache = bold ? m_advanceBold : m_advanceRegular;
    auto found = cache.constFind(text);
    if (found != cache.constEnd())
        return *found;
    if (cache.size() > kShapedCacheLimit)
        cache.clear();
    return *cache.insert(text, QFontMetricsF(bold ? m_boldFont : font()).horizontalAdvance(text));
}

const QStaticText &LiveReadoutLabel::shaped(const QString &text, bool bold) const
{
    QHash<QString, QStaticText> &cache = bold ? m_shapedBold : m_shapedRegular;
    auto found = cache.constFind(text);
    if (found != cache.constEnd())
        return *found;
    if (cache.size() > kShapedCacheLimit)
        cache.clear();
    QStaticText shapedText(text);
    shapedText.setTextFormat(Qt::PlainText);
    shapedText.setPerformanceHint(QStaticText::AggressiveCaching);
    shapedText.prepare(QTransform(), bold ? m_boldFont : font());
    return *cache.insert(text, shapedText);
}

int LiveReadoutLabel::horizontalMargins() const
{
    const QMargins margins = contentsMargins();
    return margins.left() + margins.right();
}

int LiveReadoutLabel::verticalMargins() const
{
    const QMargins margins = contentsMargins();
    return margins.top() + margins.bottom();
}

int LiveReadoutLabel::textWidth(int width) const
{
    // At least one pixel: a width of 0 would mean "no wrapping" to layout().
    return std::max(1, width - horizontalMargins());
}

QPointF LiveReadoutLabel::textOrigin() const
{
    // The lines are centred vertically in the label.
    const QRect inside = contentsRect();
    const double blockHeight = m_lineCount * lineHeight();
    return QPointF(inside.left(),
                   inside.top() + std::max(0.0, std::floor((inside.height() - blockHeight) / 2.0)));
}

QRectF LiveReadoutLabel::textRect() const
{
    QRectF bounds;
    const QPointF origin = textOrigin();
    for (const Piece &piece : m_pieces) {
        const QRectF pieceRect(origin + piece.position,
                               QSizeF(advance(withoutTrailingSpaces(piece.text), piece.bold), lineHeight()));
        bounds = bounds.isNull() ? pieceRect : bounds.united(pieceRect);
    }
    return bounds;
}

void LiveReadoutLabel::paintEvent(QPaintEvent *event)
{
    QPainter painter(this);
    painter.fillRect(event->rect(), palette().color(backgroundRole()));
    const QPointF origin = textOrigin();
    const QColor textColor = palette().color(foregroundRole());
    bool boldSet = false;
    painter.setFont(font());
    for (const Piece &piece : m_pieces) {
        if (piece.bold != boldSet) {
            painter.setFont(piece.bold ? m_boldFont : font());
            boldSet = piece.bold;
        }
        painter.setPen(piece.color.isValid() ? piece.color : textColor);
        painter.drawStaticText(origin + piece.position + QPointF(0.0, baselineShift(piece)),
                               shaped(piece.text, piece.bold));
    }
}

void LiveReadoutLabel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_wordWrap)
        relayout();
}

void LiveReadoutLabel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::ContentsRectChange) {
        relayout();
        updateGeometry();
    }
    if (event->type() == QEvent::FontChange) {
        m_boldFont = font();
        m_boldFont.setBold(true);
        m_shapedRegular.clear();
        m_shapedBold.clear();
        m_advanceRegular.clear();
        m_advanceBold.clear();
        m_lineHeight = 0.0;
        measureLines();
        relayout();
        updateGeometry();
    }
}

} // namespace attnlens
