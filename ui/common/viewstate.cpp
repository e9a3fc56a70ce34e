#include "viewstate.h"

#include "tokenpalette.h"

#include <algorithm>

namespace attnlens {

ViewState::ViewState(QObject *parent)
    : QObject(parent)
{
}

void ViewState::setSelectedQuery(int row)
{
    if (row == m_selectedQuery)
        return;
    m_selectedQuery = row;
    emit selectedQueryChanged(row);
}

void ViewState::setHover(int queryRow, int keyRow)
{
    if (queryRow == m_hoveredQuery && keyRow == m_hoveredKey)
        return;
    m_hoveredQuery = queryRow;
    m_hoveredKey = keyRow;
    emit hoverChanged(queryRow, keyRow);
}

void ViewState::setColorMapKind(ColorMap::Kind kind)
{
    if (kind == m_colorMap.kind())
        return;
    m_colorMap = ColorMap(kind);
    emit colorMapChanged();
}

void ViewState::setShowValues(bool show)
{
    if (show == m_showValues)
        return;
    m_showValues = show;
    emit showValuesChanged(show);
}

void ViewState::setHeatmapQuantity(HeatmapQuantity quantity)
{
    if (quantity == m_heatmapQuantity)
        return;
    m_heatmapQuantity = quantity;
    emit heatmapQuantityChanged();
}

void ViewState::setSnapToGrid(bool snap)
{
    if (snap == m_snapToGrid)
        return;
    m_snapToGrid = snap;
    emit snapToGridChanged(snap);
}

void ViewState::setThemeKind(Theme::Kind kind)
{
    if (kind == m_theme.kind())
        return;
    m_theme = Theme::make(kind);
    emit themeChanged();
}

void ViewState::setTextScalePercent(int percent)
{
    if (percent <= 0 || percent == m_textScalePercent)
        return;
    m_textScalePercent = percent;
    emit textScaleChanged(percent);
}

void ViewState::setLineScale(double scale)
{
    if (!(scale > 0.0) || scale == m_lineScale)
        return;
    m_lineScale = scale;
    emit lineScaleChanged(scale);
}

void ViewState::setPresenting(bool presenting)
{
    if (presenting == m_presenting)
        return;
    m_presenting = presenting;
    emit presentingChanged(presenting);
}

LessonQuantities ViewState::withImplied(LessonQuantities asked)
{
    // A view that shows what follows from a hidden quantity gives it back: the weights are the
    // scores a softmax away (their order, their gaps), the context is the weights against known
    // values.
    if (asked.testFlag(LessonQuantity::Scores))
        asked |= LessonQuantity::Weights;
    if (asked.testFlag(LessonQuantity::Weights))
        asked |= LessonQuantity::Context;
    return asked;
}

void ViewState::setConcealedAnswers(LessonQuantities asked)
{
    const LessonQuantities concealed = withImplied(asked);
    if (concealed == m_concealedAnswers)
        return;
    m_concealedAnswers = concealed;
    emit concealedAnswersChanged(concealed);
}

void ViewState::clampToQueryCount(int queryCount)
{
    setSelectedQuery(std::clamp(m_selectedQuery, 0, std::max(0, queryCount - 1)));
    setHover(-1, -1);
}

} // namespace attnlens
