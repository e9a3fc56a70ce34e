#include "workednumbersview.h"

#include "attentionmodel.h"
#include "chartsupport.h"
#include "numberformat.h"
#include "refusaltext.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QEvent>
#include <QHelpEvent>
#include <QScrollBar>
#include <QTextDocument>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

const QString kAnchorPrefix = QStringLiteral("n:");
const QString kHighlight = QStringLiteral("#fff1b8");

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QString cell(const QString &content, const QString &attributes = QString())
{
    return QStringLiteral("<td%1>%2</td>")
        .arg(attributes.isEmpty() ? QString() : QStringLiteral(" ") + attributes, content);
}

QString numberCell(const QString &content)
{
    return cell(content, QStringLiteral("align=\"right\""));
}

QString headerRow(const QStringList &headers)
{
    QString row = QStringLiteral("<tr style=\"background-color:#e9edf2\">");
    for (const QString &header : headers)
        row += QStringLiteral("<th align=\"left\">%1</th>").arg(header);
    return row + QStringLiteral("</tr>");
}

QString rowStart(bool highlighted)
{
    return highlighted ? QStringLiteral("<tr style=\"background-color:%1\">").arg(kHighlight)
                       : QStringLiteral("<tr>");
}

QString moreNote(int count, const QString &singular, const QString &plural, int columns)
{
    return QStringLiteral("<tr><td colspan=\"%1\" style=\"color:#666\"><i>\u2026 %2 more %3</i></td></tr>")
        .arg(columns)
        .arg(count)
        .arg(count == 1 ? singular : plural);
}

const QString kTimes = QStringLiteral("\u00d7");
const QString kSectionStyle = QStringLiteral("margin-top:14px; margin-bottom:4px");

} // namespace

WorkedNumbersView::WorkedNumbersView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QTextBrowser(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("workedNumbersView"));
    setAccessibleName(tr("Worked numbers"));
    setAccessibleDescription(
        tr("The selected query's attention calculated by hand: dot products, scaling by the "
           "square root of d_k and by the temperature, exponentials after subtracting the "
           "maximum, their sum, the weights, and the context as a weighted sum of the values."));
    setReadOnly(true);
    setOpenLinks(false);
    setOpenExternalLinks(false);
    // Numbers are anchors only so that hovering one can show its full value: they are not links.
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Calculations are not wrapped (a number broken over two lines misreads); long rows scroll
    // sideways instead, and sums are shortened past kMaxTerms terms.
    setLineWrapMode(QTextEdit::NoWrap);
    document()->setDefaultStyleSheet(QStringLiteral(
        "a { color: #1a1a1a; text-decoration: none; }"
        "th { font-weight: 600; color: #333333; padding: 3px 10px; }"
        "td { padding: 3px 10px; }"
        ".masked { color: #777777; }"
        ".note { color: #555555; }"));
    document()->setDocumentMargin(10);

    connect(m_model, &AttentionModel::resultChanged, this, &WorkedNumbersView::refresh);
    connect(m_model, &AttentionModel::scenarioReset, this, &WorkedNumbersView::refresh);
    connect(m_viewState, &ViewState::selectedQueryChanged, this, &WorkedNumbersView::refresh);
    connect(m_viewState, &ViewState::hoverChanged, this, &WorkedNumbersView::refresh);

    applyFonts();
    refresh();
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

std::optional<double> WorkedNumbersView::valueAt(const QPoint &viewportPos) const
{
    const QString anchor = anchorAt(viewportPos);
    if (!anchor.startsWith(kAnchorPrefix))
        return std::nullopt;
    bool ok = false;
    const int index = anchor.mid(kAnchorPrefix.size()).toInt(&ok);
    if (!ok || index < 0 || index >= m_values.size())
        return std::nullopt;
    return m_values.at(index);
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
    return QTextBrowser::viewportEvent(event);
}

void WorkedNumbersView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
}

void WorkedNumbersView::applyFonts()
{
    // A little larger than the interface: these numbers are read from the back of the room.
    document()->setDefaultFont(scaledFont(font(), 1.15));
}

QString WorkedNumbersView::anchored(double value, const QString &text)
{
    m_values.append(value);
    return QStringLiteral("<a href=\"%1%2\">%3</a>").arg(kAnchorPrefix).arg(m_values.size() - 1).arg(text);
}

QString WorkedNumbersView::number(double value)
{
    return anchored(value, formatCompact(value));
}

QString WorkedNumbersView::factor(double value)
{
    const QString text = formatInput(value);
    return anchored(value, value < 0 && text != QLatin1String("0") ? QStringLiteral("(") + text + QStringLiteral(")")
                                                                   : text);
}

QString WorkedNumbersView::exact(double value)
{
    return anchored(value, formatInput(value));
}

void WorkedNumbersView::refresh()
{
    const Scenario &scenario = m_model->scenario();
    m_shownQuery = std::clamp(m_viewState->selectedQuery(), 0,
                              std::max(0, static_cast<int>(scenario.queryCount()) - 1));
    m_values.clear();

    const AttentionResult *result = m_model->result();
    QString html;
    QPalette pal = palette();
    if (!result || m_shownQuery >= result->weights.rows()) {
        m_showingRefusal = true;
        html = buildRefusal(m_model->error() ? refusalText(scenario, *m_model->error(), m_shownQuery)
                                             : tr("No query to show"));
        pal.setColor(QPalette::Base, QColor(0xe8, 0xe8, 0xe8));
        setLineWrapMode(QTextEdit::WidgetWidth);  // prose, not numbers
    } else {
        setLineWrapMode(QTextEdit::NoWrap);
        m_showingRefusal = false;
        html = buildCalculation();
        pal.setColor(QPalette::Base, QColor(Qt::white));
    }
    setPalette(pal);

    const int scroll = verticalScrollBar()->value();
    setHtml(html);
    verticalScrollBar()->setValue(scroll);
}

QString WorkedNumbersView::buildRefusal(const QString &text) const
{
    const qsizetype split = text.indexOf(QLatin1Char('\n'));
    const QString headline = split < 0 ? text : text.left(split);
    const QString detail = split < 0 ? QString() : text.mid(split + 1);
    return QStringLiteral("<div style=\"color:#333333\"><p style=\"font-size:large\"><b>%1</b></p>"
                          "<p>%2</p><p class=\"note\">%3</p></div>")
        .arg(escaped(headline), escaped(detail),
             tr("No numbers are shown until the scenario can be computed again."));
}

QString WorkedNumbersView::buildCalculation()
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
    const int hoveredKey = m_viewState->hoveredQuery() == q ? m_viewState->hoveredKey() : -1;
    const QString queryName = escaped(scenario.queryLabel(q));
    const QString color = queryColor(q).name();

    QString html;
    html += QStringLiteral("<p style=\"margin-top:0\"><span style=\"color:%1; font-size:x-large\">\u25a0</span> "
                           "<b style=\"font-size:large\">%2</b></p>")
                .arg(color, tr("Worked numbers for \u201c%1\u201d").arg(queryName));

    // The query vector and the two divisors.
    QStringList queryEntries;
    for (int d = 0; d < std::min(keyDim, kMaxTerms); ++d)
        queryEntries.append(exact(scenario.queries(q, d)));
    if (keyDim > kMaxTerms)
        queryEntries.append(tr("\u2026 %1 more").arg(keyDim - kMaxTerms));
    html += QStringLiteral("<p><b style=\"color:%1\">q</b> = [%2] &nbsp;&nbsp; d<sub>k</sub> = %3, "
                           "\u221ad<sub>k</sub> = %4 &nbsp;&nbsp; T = %5</p>")
                .arg(color, queryEntries.join(QStringLiteral(", ")))
                .arg(keyDim)
                .arg(number(sqrtDk), exact(temperature));

    // 1. Scores.
    html += QStringLiteral("<p style=\"%1\"><b>1 &nbsp;Scores</b> <span class=\"note\">%2</span></p>")
                .arg(kSectionStyle, tr("dot product, then \u00f7 \u221ad<sub>k</sub> and \u00f7 T"));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    html += headerRow({tr("key"), QStringLiteral("q\u00b7k"), tr("\u00f7 \u221ad<sub>k</sub> = score"),
                       tr("\u00f7 T = z")});
    QVector<double> z(keyCount);
    for (int j = 0; j < keyCount; ++j)
        z[j] = result.scores(q, j) / temperature;
    for (int j = 0; j < shownKeys; ++j) {
        QStringList terms;
        double dot = 0.0;
        for (int d = 0; d < keyDim; ++d) {
            dot += scenario.queries(q, d) * scenario.keys(j, d);
            if (d < kMaxTerms)
                terms.append(factor(scenario.queries(q, d)) + kTimes + factor(scenario.keys(j, d)));
        }
        QString sum = terms.join(QStringLiteral(" + "));
        if (keyDim > kMaxTerms)
            sum += tr(" + \u2026 (%1 more terms)").arg(keyDim - kMaxTerms);
        html += rowStart(j == hoveredKey);
        html += cell(escaped(scenario.keyLabel(j)));
        html += cell(sum + QStringLiteral(" = ") + exact(dot));
        html += numberCell(number(result.scores(q, j)));
        html += numberCell(number(z[j]));
        html += QStringLiteral("</tr>");
    }
    if (keyCount > shownKeys)
        html += moreNote(keyCount - shownKeys, tr("key"), tr("keys"), 4);
    html += QStringLiteral("</table>");

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
    html += QStringLiteral("<p style=\"%1\"><b>2 &nbsp;Softmax</b> <span class=\"note\">%2</span></p>")
                .arg(kSectionStyle, tr("subtract the maximum, exponentiate, divide by the sum"));
    html += QStringLiteral("<p>%1 m = %2 <span class=\"note\">(%3)</span></p>")
                .arg(maskedCount > 0 ? tr("maximum of z over the allowed keys:")
                                     : tr("maximum of z:"),
                     number(maxZ), escaped(scenario.keyLabel(maxKey)));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    html += headerRow({tr("key"), tr("z \u2212 m"), tr("exp(z \u2212 m)"), tr("\u00f7 \u03a3 = weight")});
    for (int j = 0; j < shownKeys; ++j) {
        html += rowStart(j == hoveredKey);
        html += cell(escaped(scenario.keyLabel(j)));
        if (!scenario.isAllowed(q, j)) {
            html += cell(tr("masked \u2192 weight 0"),
                         QStringLiteral("colspan=\"3\" class=\"masked\""));
        } else {
            html += numberCell(number(z[j] - maxZ));
            html += numberCell(number(exps[j]));
            html += numberCell(QStringLiteral("<b>") + number(result.weights(q, j)) + QStringLiteral("</b>"));
        }
        html += QStringLiteral("</tr>");
    }
    if (keyCount > shownKeys)
        html += moreNote(keyCount - shownKeys, tr("key"), tr("keys"), 4);
    html += QStringLiteral("<tr style=\"background-color:#f3f5f8\">");
    html += cell(QStringLiteral("<b>\u03a3</b>"));
    html += cell(QString());
    html += numberCell(number(expSum));
    html += numberCell(number(weightSum));
    html += QStringLiteral("</tr></table>");
    if (keyCount > shownKeys) {
        html += QStringLiteral("<p class=\"note\">%1</p>")
                    .arg(tr("The maximum and the sum run over all %1 keys.").arg(keyCount));
    }

    // 3. Context.
    html += QStringLiteral("<p style=\"%1\"><b>3 &nbsp;Context</b> <span class=\"note\">%2</span></p>")
                .arg(kSectionStyle,
                     maskedCount > 0 ? tr("c = \u03a3 w\u1d62\u00b7v\u1d62 over the allowed keys "
                                          "(masked keys are left out)")
                                     : tr("c = \u03a3 w\u1d62\u00b7v\u1d62"));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    const int shownDims = std::min(valueDim, kMaxDimensionRows);
    for (int d = 0; d < shownDims; ++d) {
        QStringList terms;
        int termCount = 0;
        for (int j = 0; j < keyCount; ++j) {
            if (!scenario.isAllowed(q, j))
                continue;
            if (termCount < kMaxTerms)
                terms.append(number(result.weights(q, j)) + kTimes + factor(scenario.values(j, d)));
            ++termCount;
        }
        QString sum = terms.join(QStringLiteral(" + "));
        if (termCount > kMaxTerms)
            sum += tr(" + \u2026 (%1 more terms)").arg(termCount - kMaxTerms);
        html += QStringLiteral("<tr>");
        html += cell(QStringLiteral("c<sub>%1</sub>").arg(d + 1));
        html += cell(QStringLiteral("= ") + sum);
        html += cell(QStringLiteral("= <b>") + number(result.context(q, d)) + QStringLiteral("</b>"),
                     QStringLiteral("align=\"right\" style=\"white-space:nowrap\""));
        html += QStringLiteral("</tr>");
    }
    if (valueDim > shownDims)
        html += moreNote(valueDim - shownDims, tr("dimension"), tr("dimensions"), 3);
    html += QStringLiteral("</table>");
    return html;
}

} // namespace attnlens
