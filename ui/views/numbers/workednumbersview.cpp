#include "workednumbersview.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "textfit.h"
#include "offscreendeferral.h"
#include "numberformat.h"
#include "refusaltext.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontMetricsF>
#include <QGlyphRun>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextOption>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

constexpr QRgb kInk = 0xff1a1a1a;
constexpr QRgb kHeaderInk = 0xff333333;
constexpr QRgb kNoteInk = 0xff555555;
constexpr QRgb kMaskedInk = 0xff777777;
constexpr QRgb kMoreInk = 0xff666666;
constexpr QRgb kRefusalInk = 0xff333333;
constexpr QRgb kHeaderBackground = 0xffe9edf2;
constexpr QRgb kHighlightBackground = 0xfffff1b8;
constexpr QRgb kSumBackground = 0xfff3f5f8;
constexpr QRgb kPaper = 0xffffffff;
constexpr QRgb kRefusalPaper = 0xffe8e8e8;

/// The colour `rgb` (one of the Light inks and papers above, or a token colour) in `theme`:
/// the page is composed in the Light colours and painted in the theme's.
QColor themed(QRgb rgb, const Theme &theme)
{
    if (theme.kind() == Theme::Kind::Light)
        return QColor::fromRgb(rgb);
    const bool dark = theme.isDark();
    switch (rgb) {
    case kPaper:
        return theme.plotBackground();
    case kRefusalPaper:
        return theme.undefinedBackground();
    case kInk:
    case kHeaderInk:
        return theme.textColor();
    case kNoteInk:
    case kMoreInk:
        return theme.hintColor();
    case kMaskedInk:
        return theme.maskedColor();
    case kHeaderBackground:
        return dark ? QColor(0x2b, 0x31, 0x39) : QColor(0xe1, 0xe6, 0xee);
    case kHighlightBackground:
        return dark ? QColor(0x4d, 0x44, 0x1e) : QColor(0xff, 0xec, 0x99);
    case kSumBackground:
        return dark ? QColor(0x22, 0x27, 0x2e) : QColor(0xee, 0xf1, 0xf5);
    default:
        return QColor::fromRgb(rgb);
    }
}

// Gaps above blocks, in line heights.
constexpr qreal kParagraphGap = 0.6;
constexpr qreal kSectionGap = 0.9;
constexpr qreal kUnderHeadingGap = 0.2;

const QString kTimes = QStringLiteral("\u00d7");
const QString kPlus = QStringLiteral(" + ");
const QString kEquals = QStringLiteral(" = ");

/// Rich text runs only use <sub>…</sub>; their plain form drops the tags.
QString plainFromRich(const QString &rich)
{
    QString plain;
    plain.reserve(rich.size());
    bool inTag = false;
    for (const QChar c : rich) {
        if (c == QLatin1Char('<'))
            inTag = true;
        else if (c == QLatin1Char('>'))
            inTag = false;
        else if (!inTag)
            plain.append(c);
    }
    return plain;
}

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

WorkedNumbersView::WorkedNumbersView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("workedNumbersView"));
    // The reader scrolling (wheel, keys, the bar) ends the lesson's hold on a section.
    connect(verticalScrollBar(), &QAbstractSlider::actionTriggered, this, [this] {
        if (!m_scrollingToSection)
            m_anchorSection.reset();
    });
    setAccessibleName(tr("Worked numbers"));
    setAccessibleDescription(
        tr("The selected query's attention calculated by hand: dot products, scaling by the "
           "square root of d_k and by the temperature, exponentials after subtracting the "
           "maximum, their sum, the weights, and the context as a weighted sum of the values."));
    // Every pixel is painted by paintEvent(), so neither the viewport nor its parent need to
    // clear it first.
    viewport()->setAutoFillBackground(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);

    auto *copy = new QAction(tr("Copy as text"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &WorkedNumbersView::copyToClipboard);
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);

    m_deferral = new OffscreenDeferral(this, {}, [this] { refresh(); });
    connect(m_model, &AttentionModel::resultChanged, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(m_model, &AttentionModel::scenarioReset, this, [this] {
        m_shape = 0;  // a new scenario starts with fresh column widths
        m_deferral->requestRefresh();
    });
    connect(m_viewState, &ViewState::selectedQueryChanged, m_deferral,
            &OffscreenDeferral::requestRefresh);
    connect(m_viewState, &ViewState::hoverChanged, this, &WorkedNumbersView::onHoverChanged);
    // Token colours are part of the composed page; the theme's inks are applied when painting.
    connect(m_viewState, &ViewState::themeChanged, m_deferral, &OffscreenDeferral::requestRefresh);

    applyFonts();
    // Keyboard and accessibility: a focus ring, and the numbers in the accessible description.
    new AccessibleNumbers(m_model, m_viewState, this, AccessibleNumbers::Content::WeightsAndContext);
}

QSize WorkedNumbersView::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 32, fm.height() * 8);
}

QSize WorkedNumbersView::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 72, fm.height() * 30);
}

// ---------------------------------------------------------------------------------------------
// Reacting to the model

bool WorkedNumbersView::isStale() const
{
    return m_deferral->isPending();
}

void WorkedNumbersView::onHoverChanged()
{
    if (!isStale() && !m_showingRefusal && isOnScreen(this))
        viewport()->update();  // only the highlighted rows change
}

void WorkedNumbersView::refresh()
{
    m_deferral->markRefreshed();
    composeToFit();
    applyPendingScroll();
    viewport()->update();
}

void WorkedNumbersView::composeToFit()
{
    // The form is kept while it fits, so that a drag does not flip it frame by frame: the narrow
    // form goes back to the wide one only once the viewport has room for what the wide one took.
    const qreal available = viewport()->width();
    if (m_narrow && m_wideWidth > 0.0 && m_wideWidth <= available)
        m_narrow = false;
    compose();
    layoutContent();
    if (!m_narrow && !m_showingRefusal) {
        m_wideWidth = m_contentSize.width();
        if (m_wideWidth > available) {
            m_narrow = true;
            compose();
            layoutContent();
        }
    }
}

void WorkedNumbersView::scrollToSection(Section section)
{
    m_pendingSection = section;
    // Kept until the reader scrolls: a new size or a new layout brings the section back to the top.
    m_anchorSection = section;
    if (!isStale())
        applyPendingScroll();
}

void WorkedNumbersView::applyPendingScroll()
{
    if (!m_pendingSection)
        return;
    const int row = m_sectionRows[static_cast<size_t>(*m_pendingSection)];
    m_pendingSection.reset();
    if (m_showingRefusal || row < 0 || row >= m_rows.size())
        return;
    const int top = static_cast<int>(std::floor(m_rows.at(row).top - m_margin / 2));
    m_scrollingToSection = true;
    verticalScrollBar()->setValue(std::clamp(top, 0, verticalScrollBar()->maximum()));
    horizontalScrollBar()->setValue(0);
    m_scrollingToSection = false;
    viewport()->update();
}

QRectF WorkedNumbersView::sectionRect(Section section) const
{
    const int row = m_sectionRows[static_cast<size_t>(section)];
    if (m_showingRefusal || row < 0 || row >= m_rows.size())
        return QRectF();
    const Row &r = m_rows.at(row);
    return QRectF(m_margin, r.top, std::max<qreal>(1.0, m_contentSize.width() - 2 * m_margin), r.height)
        .translated(-contentOffset());
}

void WorkedNumbersView::setPaperVisible(bool visible)
{
    if (visible == m_paperVisible)
        return;
    m_paperVisible = visible;
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent, visible);
    viewport()->update();
}

void WorkedNumbersView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
}

void WorkedNumbersView::applyFonts()
{
    // A little larger than the interface: these numbers are read from the back of the room.
    const QFont base = scaledFont(font(), 1.15);
    m_fonts[Regular] = base;
    m_fonts[Bold] = base;
    m_fonts[Bold].setBold(true);
    m_fonts[Italic] = base;
    m_fonts[Italic].setItalic(true);
    m_fonts[Title] = scaledFont(base, 1.2);
    m_fonts[Title].setBold(true);
    m_fonts[Mark] = scaledFont(base, 1.5);
    for (int role = 0; role < FontRoleCount; ++role) {
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
    refresh();
}

// ---------------------------------------------------------------------------------------------
// Composition

void WorkedNumbersView::beginBlock(qreal gapAbove, bool table, bool wrap)
{
    Block block;
    block.firstRow = static_cast<int>(m_rows.size());
    block.table = table;
    block.wrap = wrap;
    block.gapAbove = m_blocks.isEmpty() ? 0.0 : gapAbove;
    m_blocks.append(block);
}

void WorkedNumbersView::beginRow(QRgb background)
{
    Row row;
    row.firstCell = static_cast<int>(m_cells.size());
    row.background = background;
    m_rows.append(row);
}

void WorkedNumbersView::beginCell(bool alignRight, int span)
{
    Cell cell;
    cell.firstRun = static_cast<int>(m_runs.size());
    cell.alignRight = alignRight;
    cell.span = span;
    m_cells.append(cell);
}

void WorkedNumbersView::words(const QString &text, FontRole font, QRgb color, bool rich)
{
    Run run;
    run.kind = RunKind::Words;
    run.font = font;
    run.color = color;
    run.rich = rich;
    run.text = text;
    m_runs.append(std::move(run));
}

void WorkedNumbersView::glyphs(const QString &text, FontRole font, QRgb color)
{
    Run run;
    run.kind = RunKind::Glyphs;
    run.font = font;
    run.color = color;
    run.text = text;
    m_runs.append(std::move(run));
}

void WorkedNumbersView::number(double value, const QString &text, FontRole font, QRgb color)
{
    Run run;
    run.kind = RunKind::Glyphs;
    run.font = font;
    run.color = color;
    run.isNumber = true;
    run.value = value;
    run.text = text;
    m_runs.append(std::move(run));
}

void WorkedNumbersView::compact(double value, FontRole font)
{
    number(value, formatCompact(value), font, kInk);
}

void WorkedNumbersView::factor(double value)
{
    // A factor from the scenario, written as short as it is ("1", "0.5", "(−2)").
    const QString text = formatInput(value);
    number(value,
           value < 0 && text != QLatin1String("0") ? QLatin1Char('(') + text + QLatin1Char(')') : text,
           Regular, kInk);
}

void WorkedNumbersView::exact(double value)
{
    // A result of plain arithmetic on the inputs, as short as it is ("1", "0.7071", "−3").
    number(value, formatInput(value), Regular, kInk);
}

void WorkedNumbersView::compose()
{
    m_blocks.clear();
    m_rows.clear();
    m_cells.clear();
    m_runs.clear();
    m_keyRows.clear();
    m_sectionRows.fill(-1);

    const Scenario &scenario = m_model->scenario();
    m_shownQuery = std::clamp(m_viewState->selectedQuery(), 0,
                              std::max(0, static_cast<int>(scenario.queryCount()) - 1));
    const AttentionResult *result = m_model->result();
    if (!result || m_shownQuery >= result->weights.rows()) {
        m_showingRefusal = true;
        composeRefusal(m_model->error() ? refusalText(scenario, *m_model->error(), m_shownQuery)
                                        : tr("No query to show"));
    } else {
        m_showingRefusal = false;
        composeCalculation();
    }

    // The shape: which rows and cells there are. Column widths carry over while it holds.
    quint64 shape = 1469598103934665603ULL;
    auto mix = [&shape](quint64 v) { shape = (shape ^ v) * 1099511628211ULL; };
    mix(static_cast<quint64>(m_shownQuery));
    mix(m_showingRefusal);
    mix(m_narrow);
    mix(static_cast<quint64>(m_rows.size()));
    for (const Cell &cell : std::as_const(m_cells))
        mix(static_cast<quint64>(cell.span) * 2 + cell.alignRight);
    if (shape != m_shape) {
        m_shape = shape;
        m_columnWidths.clear();
    }
}

void WorkedNumbersView::composeRefusal(const QString &text)
{
    const qsizetype split = text.indexOf(QLatin1Char('\n'));
    const QString headline = split < 0 ? text : text.left(split);
    const QString detail = split < 0 ? QString() : text.mid(split + 1);

    beginBlock(0.0, false, true);
    beginRow();
    beginCell();
    words(headline, Title, kRefusalInk);
    if (!detail.isEmpty()) {
        beginBlock(kParagraphGap, false, true);
        beginRow();
        beginCell();
        words(detail, Regular, kRefusalInk);
    }
    beginBlock(kParagraphGap, false, true);
    beginRow();
    beginCell();
    words(tr("No numbers are shown until the scenario can be computed again."), Regular, kNoteInk);
}

void WorkedNumbersView::composeCalculation()
{
    const Scenario &scenario = m_model->scenario();
    const AttentionResult &result = *m_model->result();
    const int q = m_shownQuery;
    const int keyCount = static_cast<int>(scenario.keyCount());
    const int keyDim = static_cast<int>(scenario.keyDimension());
    const int valueDim = static_cast<int>(scenario.valueDimension());
    const double sqrtDk = std::sqrt(static_cast<double>(keyDim));
    const double temperature = scenario.temperature;
    const int shownKeys = std::min(keyCount, kMaxKeyRows);
    const QRgb color = queryColor(q).rgb();
    auto moreNote = [this](int count, const QString &singular, const QString &plural, int columns) {
        beginRow();
        beginCell(false, columns);
        words(tr("\u2026 %1 more %2").arg(count).arg(count == 1 ? singular : plural), Italic, kMoreInk);
    };
    auto headerRow = [this](std::initializer_list<QString> headers) {
        beginRow(kHeaderBackground);
        for (const QString &header : headers) {
            beginCell();
            words(header, Bold, kHeaderInk, header.contains(QLatin1Char('<')));
        }
    };
    const bool narrow = m_narrow;
    auto heading = [this, narrow](Section section, const QString &title, const QString &note) {
        beginBlock(kSectionGap);
        beginRow();
        m_sectionRows[static_cast<size_t>(section)] = static_cast<int>(m_rows.size()) - 1;
        beginCell();
        words(title, Bold, kInk);
        if (narrow) {
            // The note on lines of its own, wrapped to the view.
            beginBlock(kUnderHeadingGap, false, true);
            beginRow();
            beginCell();
        } else {
            glyphs(QStringLiteral(" "), Regular, kNoteInk);
        }
        words(note, Regular, kNoteInk, note.contains(QLatin1Char('<')));
    };
    // In the narrow form the terms of a sum go on rows of their own under the table row, two
    // terms to a row.
    auto termsRow = [this, narrow](int span, int termIndex) {
        if (!narrow || termIndex % 2 != 0)
            return;
        beginRow();
        beginCell(false, span);
        glyphs(QStringLiteral("    "), Regular, kInk);
    };

    // The title, in the query's colour.
    beginBlock(0.0, false, narrow);  // the narrow form wraps a long name
    beginRow();
    m_sectionRows[static_cast<size_t>(Section::Query)] = static_cast<int>(m_rows.size()) - 1;
    beginCell();
    words(QStringLiteral("\u25a0"), Mark, color);
    glyphs(QStringLiteral(" "), Title, kInk);
    words(tr("Worked numbers for \u201c%1\u201d").arg(scenario.queryLabel(q)), Title, kInk);

    // The query vector and the two divisors.
    beginBlock(kParagraphGap);
    beginRow();
    beginCell();
    words(QStringLiteral("q"), Bold, color);
    glyphs(QStringLiteral(" = ["), Regular, kInk);
    for (int d = 0; d < std::min(keyDim, kMaxTerms); ++d) {
        if (d > 0)
            glyphs(QStringLiteral(", "), Regular, kInk);
        exact(scenario.queries(q, d));
    }
    if (keyDim > kMaxTerms) {
        glyphs(QStringLiteral(", "), Regular, kInk);
        words(tr("\u2026 %1 more").arg(keyDim - kMaxTerms), Regular, kInk);
    }
    glyphs(narrow ? QStringLiteral("]") : QStringLiteral("]    "), Regular, kInk);
    if (narrow) {
        beginRow();
        beginCell();
    }
    words(tr("d<sub>k</sub> = %1, √d<sub>k</sub>").arg(keyDim), Regular, kInk, true);
    glyphs(kEquals, Regular, kInk);
    compact(sqrtDk);
    if (narrow) {
        beginRow();
        beginCell();
    }
    glyphs(narrow ? QStringLiteral("T = ") : QStringLiteral("    T = "), Regular, kInk);
    exact(temperature);

    // 1. Scores.
    heading(Section::Scores, tr("1  Scores"), tr("dot product, then \u00f7 √d<sub>k</sub> and \u00f7 T"));
    beginBlock(kUnderHeadingGap, true);
    // The narrow form drops the key column: each key's name heads its rows, with the terms of
    // its dot product, and its numbers follow on a row of three columns.
    if (narrow)
        headerRow({QStringLiteral("q\u00b7k"), tr("\u00f7 √d<sub>k</sub><br>= score"), tr("\u00f7 T<br>= z")});
    else
        headerRow({tr("key"), QStringLiteral("q\u00b7k"), tr("\u00f7 √d<sub>k</sub> = score"),
                   tr("\u00f7 T = z")});
    const int scoreColumns = narrow ? 3 : 4;
    QVector<double> z(keyCount);
    for (int j = 0; j < keyCount; ++j)
        z[j] = result.scores(q, j) / temperature;
    for (int j = 0; j < shownKeys; ++j) {
        beginRow();
        m_keyRows.append(static_cast<int>(m_rows.size()) - 1);
        beginCell(false, narrow ? scoreColumns : 1);
        words(scenario.keyLabel(j), narrow ? Bold : Regular, kInk);
        double dot = 0.0;
        for (int d = 0; d < keyDim; ++d)
            dot += scenario.queries(q, d) * scenario.keys(j, d);
        if (narrow)
            glyphs(QStringLiteral(":"), Bold, kInk);
        else
            beginCell();
        for (int d = 0; d < std::min(keyDim, kMaxTerms); ++d) {
            if (d > 0)
                termsRow(scoreColumns, d);
            if (d > 0 || narrow)
                glyphs(d > 0 ? kPlus : QStringLiteral("  "), Regular, kInk);
            factor(scenario.queries(q, d));
            glyphs(kTimes, Regular, kInk);
            factor(scenario.keys(j, d));
        }
        if (keyDim > kMaxTerms) {
            termsRow(scoreColumns, kMaxTerms);
            glyphs(kPlus, Regular, kInk);
            words(tr("\u2026 (%1 more terms)").arg(keyDim - kMaxTerms), Regular, kInk);
        }
        if (narrow) {
            beginRow();
            beginCell(true);
            exact(dot);
        } else {
            glyphs(kEquals, Regular, kInk);
            exact(dot);
        }
        beginCell(true);
        compact(result.scores(q, j));
        beginCell(true);
        compact(z[j]);
    }
    if (keyCount > shownKeys)
        moreNote(keyCount - shownKeys, tr("key"), tr("keys"), scoreColumns);

    // 2. Softmax over the allowed keys.
    double maxZ = -std::numeric_limits<double>::infinity();
    int maxKey = -1;
    int maskedCount = 0;
    for (int j = 0; j < keyCount; ++j) {
        if (!scenario.isAllowed(q, j)) {
            ++maskedCount;
            continue;
        }
        if (z[j] > maxZ) {
            maxZ = z[j];
            maxKey = j;
        }
    }
    QVector<double> exps(keyCount, 0.0);
    double expSum = 0.0;
    double weightSum = 0.0;
    for (int j = 0; j < keyCount; ++j) {
        if (scenario.isAllowed(q, j)) {
            exps[j] = std::exp(z[j] - maxZ);
            expSum += exps[j];
        }
        weightSum += result.weights(q, j);
    }
    heading(Section::Softmax, tr("2  Softmax"), tr("subtract the maximum, exponentiate, divide by the sum"));
    beginBlock(kUnderHeadingGap * 2);
    beginRow();
    beginCell();
    words(maskedCount > 0 ? tr("maximum of z over the allowed keys:") : tr("maximum of z:"), Regular, kInk);
    if (narrow) {
        beginRow();
        beginCell();
    }
    glyphs(narrow ? QStringLiteral("m = ") : QStringLiteral(" m = "), Regular, kInk);
    compact(maxZ);
    glyphs(QStringLiteral(" "), Regular, kInk);
    words(QLatin1Char('(') + scenario.keyLabel(maxKey) + QLatin1Char(')'), Regular, kNoteInk);

    beginBlock(kUnderHeadingGap, true);
    if (narrow)
        headerRow({tr("z \u2212 m"), tr("exp<br>(z \u2212 m)"), tr("\u00f7 \u03a3<br>= weight")});
    else
        headerRow({tr("key"), tr("z \u2212 m"), tr("exp(z \u2212 m)"), tr("\u00f7 \u03a3 = weight")});
    const int softmaxColumns = narrow ? 3 : 4;
    for (int j = 0; j < shownKeys; ++j) {
        beginRow();
        m_keyRows.append(static_cast<int>(m_rows.size()) - 1);
        beginCell(false, narrow ? softmaxColumns : 1);
        words(scenario.keyLabel(j), narrow ? Bold : Regular, kInk);
        if (narrow)
            beginRow();
        if (!scenario.isAllowed(q, j)) {
            beginCell(false, narrow ? 3 : 3);
            words(tr("masked \u2192 weight 0"), Regular, kMaskedInk);
        } else {
            beginCell(true);
            compact(z[j] - maxZ);
            beginCell(true);
            compact(exps[j]);
            beginCell(true);
            compact(result.weights(q, j), Bold);
        }
    }
    if (keyCount > shownKeys)
        moreNote(keyCount - shownKeys, tr("key"), tr("keys"), softmaxColumns);
    beginRow(kSumBackground);
    beginCell();
    words(QStringLiteral("\u03a3"), Bold, kInk);
    if (!narrow)
        beginCell();
    beginCell(true);
    compact(expSum);
    beginCell(true);
    compact(weightSum);
    if (keyCount > shownKeys) {
        beginBlock(kUnderHeadingGap * 2);
        beginRow();
        beginCell();
        words(tr("The maximum and the sum run over all %1 keys.").arg(keyCount), Regular, kNoteInk);
    }

    // 3. Context.
    heading(Section::Context, tr("3  Context"),
            maskedCount > 0 ? tr("c = \u03a3 w\u1d62\u00b7v\u1d62 over the allowed keys "
                                 "(masked keys are left out)")
                            : tr("c = \u03a3 w\u1d62\u00b7v\u1d62"));
    beginBlock(kUnderHeadingGap, true);
    const int shownDims = std::min(valueDim, kMaxDimensionRows);
    for (int d = 0; d < shownDims; ++d) {
        beginRow();
        beginCell();
        words(QStringLiteral("c<sub>%1</sub>").arg(d + 1), Regular, kInk, true);
        if (narrow) {
            // c_d | = value, then the terms on rows of their own.
            beginCell(true);
            glyphs(QStringLiteral("= "), Regular, kInk);
            compact(result.context(q, d), Bold);
        } else {
            beginCell();
            glyphs(QStringLiteral("= "), Regular, kInk);
        }
        int termCount = 0;
        for (int j = 0; j < keyCount; ++j) {
            if (!scenario.isAllowed(q, j))
                continue;
            if (termCount < kMaxTerms) {
                termsRow(2, termCount);
                if (termCount > 0 || narrow)
                    glyphs(termCount > 0 ? kPlus : QStringLiteral("= "), Regular, kInk);
                compact(result.weights(q, j));
                glyphs(kTimes, Regular, kInk);
                factor(scenario.values(j, d));
            }
            ++termCount;
        }
        if (termCount > kMaxTerms) {
            termsRow(2, kMaxTerms);
            glyphs(kPlus, Regular, kInk);
            words(tr("\u2026 (%1 more terms)").arg(termCount - kMaxTerms), Regular, kInk);
        }
        if (!narrow) {
            beginCell(true);
            glyphs(QStringLiteral("= "), Regular, kInk);
            compact(result.context(q, d), Bold);
        }
    }
    if (valueDim > shownDims)
        moreNote(valueDim - shownDims, tr("dimension"), tr("dimensions"), 3);
}

// ---------------------------------------------------------------------------------------------
// Layout

int WorkedNumbersView::runEnd(int cell) const
{
    return cell + 1 < m_cells.size() ? m_cells.at(cell + 1).firstRun : static_cast<int>(m_runs.size());
}

int WorkedNumbersView::cellEnd(int row) const
{
    return row + 1 < m_rows.size() ? m_rows.at(row + 1).firstCell : static_cast<int>(m_cells.size());
}

int WorkedNumbersView::rowEnd(int block) const
{
    return block + 1 < m_blocks.size() ? m_blocks.at(block + 1).firstRow : static_cast<int>(m_rows.size());
}

int WorkedNumbersView::wordsFor(const Run &run, int wrapWidth)
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
    words.text.prepare(QTransform(), m_fonts[run.font]);
    words.size = words.text.size();
    m_words.append(words);
    const int index = static_cast<int>(m_words.size()) - 1;
    m_wordsIndex.insert(key, index);
    return index;
}

const WorkedNumbersView::GlyphInfo &WorkedNumbersView::glyphFor(FontRole font, QChar c)
{
    QHash<QChar, GlyphInfo> &table = m_glyphTables[font];
    const auto found = table.constFind(c);
    if (found != table.constEnd())
        return *found;
    GlyphInfo info;
    const QRawFont &raw = m_rawFonts[font];
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

void WorkedNumbersView::measureGlyphs(Run &run)
{
    qreal width = 0.0;
    for (const QChar c : std::as_const(run.text)) {
        const GlyphInfo &info = glyphFor(run.font, c);
        if (!info.drawable) {
            // Drawn by QPainter::drawText() instead (paintRun()), so measured the same way.
            run.width = QFontMetricsF(m_fonts[run.font]).horizontalAdvance(run.text);
            return;
        }
        width += info.advance;
    }
    run.width = width;
}

void WorkedNumbersView::layoutContent()
{
    // Labels and headings repeat from frame to frame; only a new scenario, selection or width
    // brings new ones, so the cache stays small. Should it grow anyway, start over (here, before
    // any run holds an index into it).
    if (m_words.size() > 4096) {
        m_words.clear();
        m_wordsIndex.clear();
    }
    const qreal wrapWidth = std::max(80.0, viewport()->width() - 2 * m_margin);
    // The narrow form packs its columns closer.
    const qreal padX = m_narrow ? std::round(m_cellPadX * 0.5) : m_cellPadX;
    qreal y = m_margin;
    qreal right = 0.0;
    int tableIndex = 0;

    // Measures the runs of cell `c`, placing them one after the other; returns the content
    // width and widens the row's ascent and descent.
    auto measureCell = [&](int c, int wrap, qreal &ascent, qreal &descent) {
        qreal x = 0.0;
        for (int r = m_cells.at(c).firstRun; r < runEnd(c); ++r) {
            Run &run = m_runs[r];
            if (run.kind == RunKind::Words) {
                // Wrapped only when it does not fit the rest of the line as it is.
                run.wordsIndex = wordsFor(run, 0);
                if (wrap > 0 && x + m_words.at(run.wordsIndex).size.width() > wrap)
                    run.wordsIndex = wordsFor(run, std::max(40, wrap - static_cast<int>(std::ceil(x))));
                const Words &w = m_words.at(run.wordsIndex);
                run.width = w.size.width();
                descent = std::max(descent, w.size.height() - m_ascent[run.font]);
            } else {
                measureGlyphs(run);
                descent = std::max(descent, m_descent[run.font]);
            }
            ascent = std::max(ascent, m_ascent[run.font]);
            run.x = x;
            x += run.width;
        }
        return x;
    };

    for (int b = 0; b < m_blocks.size(); ++b) {
        Block &block = m_blocks[b];
        y += block.gapAbove * m_lineHeight;
        block.left = m_margin;
        const int firstRow = block.firstRow;
        const int lastRow = rowEnd(b);
        if (!block.table) {
            qreal width = 0.0;
            for (int r = firstRow; r < lastRow; ++r) {
                Row &row = m_rows[r];
                qreal ascent = 0.0;
                qreal descent = 0.0;
                qreal x = m_margin;
                for (int c = row.firstCell; c < cellEnd(r); ++c) {
                    m_cells[c].x = x;
                    x += measureCell(c, block.wrap ? static_cast<int>(wrapWidth) : 0, ascent, descent);
                }
                row.top = y;
                row.baseline = y + ascent;
                row.height = ascent + descent;
                y += row.height;
                width = std::max(width, x - m_margin);
            }
            block.width = width;
            right = std::max(right, block.left + width);
            continue;
        }

        // A table: column widths from the widest cell of each column, padded on both sides.
        if (m_columnWidths.size() <= tableIndex)
            m_columnWidths.resize(tableIndex + 1);
        QVector<qreal> &widths = m_columnWidths[tableIndex++];
        QVector<qreal> fresh;
        struct Spanned { int column; int span; qreal width; };
        QVector<Spanned> spanned;
        for (int r = firstRow; r < lastRow; ++r) {
            Row &row = m_rows[r];
            qreal ascent = 0.0;
            qreal descent = 0.0;
            int column = 0;
            for (int c = row.firstCell; c < cellEnd(r); ++c) {
                Cell &cell = m_cells[c];
                const qreal width = measureCell(c, 0, ascent, descent) + 2 * padX;
                cell.x = width;  // content width + padding, until the columns are known
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
        // Columns only grow while the shape stays: numbers changing width during a drag must
        // not make the table jump.
        if (widths.size() != fresh.size())
            widths = fresh;
        else
            for (int k = 0; k < fresh.size(); ++k)
                widths[k] = std::max(widths[k], fresh[k]);

        qreal tableWidth = 0.0;
        for (qreal w : std::as_const(widths))
            tableWidth += w;
        block.width = tableWidth;
        right = std::max(right, block.left + tableWidth);
        for (int r = firstRow; r < lastRow; ++r) {
            Row &row = m_rows[r];
            row.top = y;
            row.baseline = y + m_cellPadY + row.baseline;
            y += row.height;
            qreal columnLeft = block.left;
            int column = 0;
            for (int c = row.firstCell; c < cellEnd(r); ++c) {
                Cell &cell = m_cells[c];
                qreal spanWidth = 0.0;
                for (int k = 0; k < cell.span && column + k < widths.size(); ++k)
                    spanWidth += widths[column + k];
                const qreal contentWidth = cell.x - 2 * padX;
                cell.x = cell.alignRight ? columnLeft + spanWidth - padX - contentWidth
                                         : columnLeft + padX;
                columnLeft += spanWidth;
                column += cell.span;
            }
        }
    }
    m_contentSize = QSizeF(right + m_margin, y + m_margin);
    updateScrollBars();
}

void WorkedNumbersView::updateScrollBars()
{
    const QSize view = viewport()->size();
    const int width = static_cast<int>(std::ceil(m_contentSize.width()));
    const int height = static_cast<int>(std::ceil(m_contentSize.height()));
    horizontalScrollBar()->setRange(0, std::max(0, width - view.width()));
    horizontalScrollBar()->setPageStep(view.width());
    horizontalScrollBar()->setSingleStep(std::max(1, static_cast<int>(m_lineHeight)));
    verticalScrollBar()->setRange(0, std::max(0, height - view.height()));
    verticalScrollBar()->setPageStep(view.height());
    verticalScrollBar()->setSingleStep(std::max(1, static_cast<int>(m_lineHeight)));
}

void WorkedNumbersView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const qreal available = viewport()->width();
    if (m_showingRefusal)
        layoutContent();  // the prose wraps to the new width
    else if (m_narrow != (m_wideWidth > available) || m_narrow)
        composeToFit();  // the other form fits better now (and the narrow form's notes wrap)
    else
        updateScrollBars();
    if (m_anchorSection && !isStale()) {
        m_pendingSection = m_anchorSection;
        applyPendingScroll();
    }
}

QPointF WorkedNumbersView::contentOffset() const
{
    return QPointF(horizontalScrollBar()->value(), verticalScrollBar()->value());
}

// ---------------------------------------------------------------------------------------------
// Painting

void WorkedNumbersView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    if (m_paperVisible)
        painter.fillRect(event->rect(), themed(m_showingRefusal ? kRefusalPaper : kPaper, m_viewState->theme()));
    const QPointF offset = contentOffset();
    painter.translate(-offset);
    const QRectF exposed = QRectF(event->rect()).translated(offset);

    int hoveredKey = -1;
    if (!m_showingRefusal && m_viewState->hoveredQuery() == m_shownQuery)
        hoveredKey = m_viewState->hoveredKey();
    const int shownKeys = static_cast<int>(m_keyRows.size()) / 2;

    for (int b = 0; b < m_blocks.size(); ++b) {
        const Block &block = m_blocks.at(b);
        for (int r = block.firstRow; r < rowEnd(b); ++r) {
            const Row &row = m_rows.at(r);
            if (row.top > exposed.bottom() || row.top + row.height < exposed.top())
                continue;
            QRgb background = row.background;
            if (hoveredKey >= 0 && hoveredKey < shownKeys
                && (m_keyRows.at(hoveredKey) == r || m_keyRows.at(shownKeys + hoveredKey) == r))
                background = kHighlightBackground;
            if (background != 0 && block.table)
                painter.fillRect(QRectF(block.left, row.top, block.width, row.height),
                                 themed(background, m_viewState->theme()));
            for (int c = row.firstCell; c < cellEnd(r); ++c) {
                const Cell &cell = m_cells.at(c);
                for (int k = cell.firstRun; k < runEnd(c); ++k)
                    paintRun(painter, m_runs.at(k), cell.x + m_runs.at(k).x, row.baseline);
            }
        }
    }
    flushGlyphBatches(painter);
}

void WorkedNumbersView::paintRun(QPainter &painter, const Run &run, qreal x, qreal baseline)
{
    if (run.kind == RunKind::Words) {
        if (run.wordsIndex < 0 || run.wordsIndex >= m_words.size())
            return;
        painter.setFont(m_fonts[run.font]);
        painter.setPen(themed(run.color, m_viewState->theme()));
        painter.drawStaticText(QPointF(x, baseline - m_ascent[run.font]), m_words.at(run.wordsIndex).text);
        return;
    }

    // Numbers and operators: their glyphs join the batch of their font and colour, drawn in
    // one call per batch.
    GlyphBatch *batch = nullptr;
    for (GlyphBatch &candidate : m_batches) {
        if (candidate.font == run.font && candidate.color == run.color) {
            batch = &candidate;
            break;
        }
    }
    if (!batch) {
        m_batches.append(GlyphBatch{run.font, run.color, {}, {}});
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
            painter.setFont(m_fonts[run.font]);
            painter.setPen(themed(run.color, m_viewState->theme()));
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

void WorkedNumbersView::flushGlyphBatches(QPainter &painter)
{
    for (GlyphBatch &batch : m_batches) {
        if (batch.indexes.isEmpty())
            continue;
        {
            QGlyphRun run;
            run.setRawFont(m_rawFonts[batch.font]);
            run.setGlyphIndexes(batch.indexes);
            run.setPositions(batch.positions);
            painter.setPen(themed(batch.color, m_viewState->theme()));
            painter.drawGlyphRun(QPointF(0, 0), run);
        }
        batch.indexes.clear();
        batch.positions.clear();
    }
}

// ---------------------------------------------------------------------------------------------
// Reading back what is shown

std::optional<double> WorkedNumbersView::valueAt(const QPoint &viewportPos) const
{
    const QPointF at = QPointF(viewportPos) + contentOffset();
    for (int r = 0; r < m_rows.size(); ++r) {
        const Row &row = m_rows.at(r);
        if (at.y() < row.top || at.y() >= row.top + row.height)
            continue;
        for (int c = row.firstCell; c < cellEnd(r); ++c) {
            const Cell &cell = m_cells.at(c);
            for (int k = cell.firstRun; k < runEnd(c); ++k) {
                const Run &run = m_runs.at(k);
                const qreal left = cell.x + run.x;
                if (run.isNumber && at.x() >= left && at.x() < left + run.width)
                    return run.value;
            }
        }
    }
    return std::nullopt;
}

QString WorkedNumbersView::toPlainText() const
{
    QString text;
    for (int b = 0; b < m_blocks.size(); ++b) {
        for (int r = m_blocks.at(b).firstRow; r < rowEnd(b); ++r) {
            if (!text.isEmpty())
                text += QLatin1Char('\n');
            const Row &row = m_rows.at(r);
            for (int c = row.firstCell; c < cellEnd(r); ++c) {
                if (c > row.firstCell)
                    text += QLatin1Char('\t');
                for (int k = m_cells.at(c).firstRun; k < runEnd(c); ++k) {
                    const Run &run = m_runs.at(k);
                    text += run.rich ? plainFromRich(run.text) : run.text;
                }
            }
        }
    }
    return text;
}

QRectF WorkedNumbersView::textRect(const QString &needle) const
{
    const QPointF offset = contentOffset();
    for (int r = 0; r < m_rows.size(); ++r) {
        const Row &row = m_rows.at(r);
        for (int c = row.firstCell; c < cellEnd(r); ++c) {
            const Cell &cell = m_cells.at(c);
            for (int k = cell.firstRun; k < runEnd(c); ++k) {
                const Run &run = m_runs.at(k);
                if ((run.rich ? plainFromRich(run.text) : run.text).contains(needle)) {
                    const qreal top = row.baseline - m_ascent[run.font];
                    return QRectF(cell.x + run.x, top, run.width, m_ascent[run.font] + m_descent[run.font])
                        .translated(-offset);
                }
            }
        }
    }
    return QRectF();
}

void WorkedNumbersView::copyToClipboard() const
{
    QApplication::clipboard()->setText(toPlainText());
}

bool WorkedNumbersView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const std::optional<double> value = valueAt(help->pos()))
            QToolTip::showText(help->globalPos(), formatFull(*value), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace attnlens
