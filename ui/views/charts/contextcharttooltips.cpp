#include "contextchartview.h"

// The context chart's tooltips (contextchartview.cpp is the chart itself): what a hovered stack
// segment or context marker adds up to, in full precision.

#include "attentionmodel.h"
#include "numberformat.h"

#include <QBarSet>
#include <QChartView>
#include <QCursor>
#include <QToolTip>

namespace attnlens {

void ContextChartView::showSetTooltip(bool status, int set, int dimension)
{
    if (!status) {
        QToolTip::hideText();
        return;
    }
    const AttentionResult *result = m_model->result();
    if (!result || set < 0 || set >= m_groups.size() || dimension < 0
        || dimension >= m_context.size())
        return;
    const Scenario &scenario = m_model->scenario();
    const KeyGroup &group = m_groups.at(set);
    const double contribution = m_sets.at(set)->at(dimension);
    QString text;
    if (m_shownHeads > 1) {
        const auto [head, headDimension] = headAndDimension(dimension);
        if (head >= m_model->headCount())
            return;  // a rebuild for fewer heads is on its way
        const AttentionResult *headResult = m_model->headResult(head);
        if (!headResult)
            return;
        if (group.keyCount == 1) {
            const int key = group.firstKey;
            text = tr("%1, %2, dim %3: w = %4 \u00d7 v = %5 \u2192 %6")
                       .arg(quoted(scenario.keyLabel(key)), quoted(m_model->headName(head)))
                       .arg(headDimension + 1)
                       .arg(formatFull(headResult->weights(shownQuery(), key)),
                            formatFull(m_model->wholeScenario().headValues(head)(key, headDimension)),
                            formatFull(contribution));
        } else {
            text = tr("%1 other keys, %2, dim %3: \u03a3 w\u1d62\u00b7v\u1d62 = %4")
                       .arg(group.keyCount)
                       .arg(quoted(m_model->headName(head)))
                       .arg(headDimension + 1)
                       .arg(formatFull(contribution));
        }
    } else if (group.keyCount == 1) {
        const int key = group.firstKey;
        const double weight = result->weights(shownQuery(), key);
        const double value = scenario.values(key, dimension);
        text = tr("%1, dim %2: w = %3 \u00d7 v = %4 \u2192 %5")
                   .arg(quoted(scenario.keyLabel(key)))
                   .arg(dimension + 1)
                   .arg(formatFull(weight), formatFull(value), formatFull(contribution));
        if (!scenario.isAllowed(shownQuery(), key))
            text += tr(" (masked)");
    } else {
        text = tr("%1 other keys, dim %2: \u03a3 w\u1d62\u00b7v\u1d62 = %3")
                   .arg(group.keyCount)
                   .arg(dimension + 1)
                   .arg(formatFull(contribution));
    }
    QToolTip::showText(QCursor::pos(), text, m_chartView);
}

void ContextChartView::showContextTooltip(const QPointF &point, bool status)
{
    if (!status) {
        QToolTip::hideText();
        return;
    }
    const int dimension = qRound(point.x());
    if (dimension < 0 || dimension >= m_context.size())
        return;
    if (m_shownHeads > 1) {
        const auto [head, headDimension] = headAndDimension(dimension);
        if (head >= m_model->headCount())
            return;
        QToolTip::showText(QCursor::pos(),
                           tr("context of %1 in %2, dim %3 (column %4 of [C\u2081 \u2026 C\u2095]): %5")
                               .arg(quoted(m_model->scenario().queryLabel(shownQuery())),
                                    quoted(m_model->headName(head)))
                               .arg(headDimension + 1)
                               .arg(dimension + 1)
                               .arg(formatFull(m_context.at(dimension))),
                           m_chartView);
        return;
    }
    QToolTip::showText(QCursor::pos(),
                       tr("context of %1, dim %2: %3")
                           .arg(quoted(m_model->scenario().queryLabel(shownQuery())))
                           .arg(dimension + 1)
                           .arg(formatFull(m_context.at(dimension))),
                       m_chartView);
}

// Themes (PRESENT): the chart's own colours follow ViewState::theme().

} // namespace attnlens
