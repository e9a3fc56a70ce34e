#include "keyspaceview.h"

#include "accessiblenumbers.h"
#include "textfit.h"
#include "attentionmodel.h"
#include "focusring.h"
#include "labelplacer.h"
#include "numberformat.h"
#include "quotedlabel.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QComboBox>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QStaticText>
#include <QSignalBlocker>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace attnlens {

namespace {


} // namespace

namespace {

constexpr double kNudgeStep = 0.1;
constexpr double kFineNudgeStep = 0.01;
// Snapping rounds to tenths: round(x * 10) / 10 gives the double nearest to k / 10, so snapped
// coordinates print as 0.3, not 0.30000000000000004.
constexpr double kSnapInverseStep = 10.0;
// Fraction of the largest span added on every side when the view refits.
constexpr double kFitMargin = 0.22;
// Projection lines for every key only while they stay readable; beyond, only for the
// kProjectedTopKeys heaviest keys and the hovered one.
constexpr int kMaxProjectedKeys = 8;
constexpr int kProjectedTopKeys = 3;
// Beyond this many keys (queries) the plane is thinned: only the kDenseLabelledKeys heaviest keys
// (and the hovered one) are labelled, keys with a negligible weight lose their halo, and the
// unselected queries become thin strokes without heads or labels.
constexpr int kDenseCount = 16;
constexpr int kDenseLabelledKeys = 8;
// How many keys are ranked by weight for the selected query (enough for both uses above).
constexpr int kRankedKeys = 8;
// Beyond this many points the keys and the unselected arrows are painted once into a picture
// that a drag of the selected query reuses (below, drawing them costs less than blending it).
constexpr int kPointsLayerThreshold = 4;

// The view's colours come from the theme (ViewState::theme(), theme.h).

double snapped(double value)
{
    const double result = std::round(value * kSnapInverseStep) / kSnapInverseStep;
    // Beyond about 1.8e307 the product overflows; such a number is on the grid already.
    return std::isfinite(result) ? result : value;
}

/// Numbers in the plane: two decimals, a real minus sign and never "-0.00".
QString compactNumber(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("undefined");
    QString text = QString::number(value, 'f', 2);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0)
        text.remove(0, 1);
    text.replace(QLatin1Char('-'), QChar(0x2212));
    return text;
}

QString fullNumber(double value)
{
    return QString::number(value, 'g', 17);
}

QString fullVector(const Eigen::RowVectorXd &row)
{
    QStringList parts;
    for (Index j = 0; j < row.size(); ++j)
        parts << fullNumber(row(j));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString compactVector(const Eigen::RowVectorXd &row)
{
    QStringList parts;
    for (Index j = 0; j < row.size(); ++j)
        parts << compactNumber(row(j));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

/// Scenario::isAllowed, tolerant of a mask whose shape is wrong (a refused scenario is still
/// drawn, so that the student can see and fix it).
bool isAllowedSafely(const Scenario &scenario, Index queryRow, Index keyRow)
{
    if (!scenario.allowed)
        return true;
    if (queryRow >= scenario.allowed->rows() || keyRow >= scenario.allowed->cols())
        return true;
    return (*scenario.allowed)(queryRow, keyRow);
}

bool isFinitePoint(const QPointF &point)
{
    return std::isfinite(point.x()) && std::isfinite(point.y());
}

/// The part of `line` inside `rect` (Liang-Barsky), or nothing when it misses the rectangle.
std::optional<QLineF> clippedToRect(const QLineF &line, const QRectF &rect)
{
    const double dx = line.dx();
    const double dy = line.dy();
    double t0 = 0.0;
    double t1 = 1.0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(),
                         rect.bottom() - line.y1()};
    for (int k = 0; k < 4; ++k) {
        if (p[k] == 0.0) {
            if (q[k] < 0.0)
                return std::nullopt;
            continue;
        }
        const double t = q[k] / p[k];
        if (p[k] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return std::nullopt;
    }
    return QLineF(line.pointAt(t0), line.pointAt(t1));
}

} // namespace

KeySpaceView::KeySpaceView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("keySpaceView"));
    setAccessibleName(tr("Key space"));
    setAccessibleDescription(
        tr("Keys are labelled points and queries are arrows from the origin, with equal scales "
           "on both axes. Drag an arrow's tip to move that query (it also becomes the selected "
           "query); hold Ctrl and drag a key to move it (its value row stays paired with it). "
           "Arrow keys nudge the selected query by 0.1, Shift+arrow keys by 0.01. The selected "
           "query shows its dot product q\u00b7k with every key; each key's halo grows with its "
           "weight for that query; masked keys are hollow and grey."));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);

    m_header = new QWidget(this);
    m_header->setObjectName(QStringLiteral("keySpaceDimensionHeader"));
    auto *headerLayout = new QVBoxLayout(m_header);
    headerLayout->setContentsMargins(6, 4, 6, 2);
    headerLayout->setSpacing(2);
    auto *pickerRow = new QHBoxLayout;
    auto *horizontalLabel = new QLabel(tr("Horizontal:"), m_header);
    m_horizontalPicker = new QComboBox(m_header);
    m_horizontalPicker->setObjectName(QStringLiteral("horizontalDimensionPicker"));
    m_horizontalPicker->setAccessibleName(tr("Key coordinate shown horizontally"));
    horizontalLabel->setBuddy(m_horizontalPicker);
    auto *verticalLabel = new QLabel(tr("Vertical:"), m_header);
    m_verticalPicker = new QComboBox(m_header);
    m_verticalPicker->setObjectName(QStringLiteral("verticalDimensionPicker"));
    m_verticalPicker->setAccessibleName(tr("Key coordinate shown vertically"));
    verticalLabel->setBuddy(m_verticalPicker);
    m_dimensionLabel = new QLabel(m_header);
    m_dimensionLabel->setObjectName(QStringLiteral("dimensionNote"));
    m_dimensionLabel->setWordWrap(true);
    pickerRow->addWidget(horizontalLabel);
    pickerRow->addWidget(m_horizontalPicker);
    pickerRow->addSpacing(8);
    pickerRow->addWidget(verticalLabel);
    pickerRow->addWidget(m_verticalPicker);
    pickerRow->addStretch(1);
    headerLayout->addLayout(pickerRow);
    headerLayout->addWidget(m_dimensionLabel);
    m_header->hide();

    connect(m_horizontalPicker, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int index) { setShownDimensions(index, m_verticalDimension); });
    connect(m_verticalPicker, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int index) { setShownDimensions(m_horizontalDimension, index); });

    connect(m_model, &AttentionModel::scenarioReset, this, &KeySpaceView::onScenarioReset);
    // Points move at once; the halos, projections and labels follow when the coalesced
    // resultChanged arrives.
    connect(m_model, &AttentionModel::queryChanged, this, &KeySpaceView::onQueryChanged);
    connect(m_model, &AttentionModel::keyChanged, this, &KeySpaceView::onKeyChanged);
    connect(m_model, &AttentionModel::resultChanged, this, &KeySpaceView::onResultChanged);
    // Anything else that changes how the points are drawn repaints their cached picture too.
    auto refreshPoints = [this] {
        m_pointsDirty = true;
        refreshScene();
    };
    connect(m_model, &AttentionModel::maskChanged, this, refreshPoints);
    connect(m_viewState, &ViewState::selectedQueryChanged, this, refreshPoints);
    connect(m_viewState, &ViewState::hoverChanged, this, refreshPoints);
    connect(m_viewState, &ViewState::snapToGridChanged, this, &KeySpaceView::refreshScene);
    setUpThemeHandling();

    measureFont();
    onScenarioReset();
    setUpKeyboardAccess();
}

QSize KeySpaceView::minimumSizeHint() const
{
    const double h = m_baseLineHeight;
    return QSize(int(std::ceil(15 * h)), int(std::ceil(11 * h)));
}

QSize KeySpaceView::sizeHint() const
{
    const double h = m_baseLineHeight;
    return QSize(int(std::ceil(40 * h)), int(std::ceil(28 * h)));
}

// ---------------------------------------------------------------------------------------------
// Public queries

QPointF KeySpaceView::tipPosition(int queryRow) const
{
    if (queryRow < 0 || queryRow >= m_scene.tips.size())
        return QPointF();
    return m_scene.tips[queryRow];
}

QPointF KeySpaceView::keyPosition(int keyRow) const
{
    if (keyRow < 0 || keyRow >= m_scene.keyPoints.size())
        return QPointF();
    return m_scene.keyPoints[keyRow];
}

QPointF KeySpaceView::dataToWidget(const QPointF &data) const
{
    if (m_scene.lineMode)
        return QPointF(m_scene.axes.toPixelX(data.x()), m_scene.origin.y());
    return m_scene.axes.toPixel(data);
}

QPointF KeySpaceView::widgetToData(const QPointF &widgetPoint) const
{
    const QPointF data = m_scene.axes.toData(widgetPoint);
    return m_scene.lineMode ? QPointF(data.x(), 0.0) : data;
}

double KeySpaceView::pixelsPerUnit() const
{
    return m_scene.axes.xPixelsPerUnit();
}

QRectF KeySpaceView::keyLabelRect(int keyRow) const
{
    return keyRow >= 0 && keyRow < m_scene.keyLabelRects.size() ? m_scene.keyLabelRects[keyRow] : QRectF();
}

QRectF KeySpaceView::queryLabelRect(int queryRow) const
{
    return queryRow >= 0 && queryRow < m_scene.queryLabelRects.size() ? m_scene.queryLabelRects[queryRow] : QRectF();
}

double KeySpaceView::haloRadius(int keyRow) const
{
    if (keyRow < 0 || keyRow >= m_scene.haloRadii.size())
        return 0.0;
    return m_scene.haloRadii[keyRow];
}

bool KeySpaceView::isKeyLabelled(int keyRow) const
{
    return keyRow >= 0 && keyRow < m_scene.keyLabelRects.size() && !m_scene.keyLabelRects[keyRow].isNull();
}

bool KeySpaceView::isQueryLabelled(int queryRow) const
{
    return queryRow >= 0 && queryRow < m_scene.queryLabelRects.size()
        && !m_scene.queryLabelRects[queryRow].isNull();
}

QString KeySpaceView::dimensionNote() const
{
    const Index d = m_model->scenario().keyDimension();
    if (d <= 2)
        return QString();
    return tr("showing dimensions %1 and %2 of %3; other coordinates unchanged")
        .arg(m_horizontalDimension + 1)
        .arg(m_verticalDimension + 1)
        .arg(d);
}

QString KeySpaceView::hintText() const
{
    QString hint = tr("drag arrows to move queries \u00b7 Ctrl+drag moves keys");
    if (m_viewState->snapToGrid())
        hint += tr(" \u00b7 snapping to 0.1");
    return hint;
}

void KeySpaceView::setShownDimensions(int horizontal, int vertical)
{
    const int d = int(m_model->scenario().keyDimension());
    if (d < 2 || horizontal < 0 || vertical < 0 || horizontal >= d || vertical >= d)
        return;
    if (horizontal == vertical) {
        // Picking the coordinate already shown on the other axis swaps the two.
        if (horizontal != m_horizontalDimension)
            vertical = m_horizontalDimension;
        else
            horizontal = m_verticalDimension;
    }
    if (horizontal == m_horizontalDimension && vertical == m_verticalDimension)
        return;
    m_horizontalDimension = horizontal;
    m_verticalDimension = vertical;
    {
        const QSignalBlocker blockHorizontal(m_horizontalPicker);
        const QSignalBlocker blockVertical(m_verticalPicker);
        m_horizontalPicker->setCurrentIndex(horizontal);
        m_verticalPicker->setCurrentIndex(vertical);
    }
    m_dimensionLabel->setText(dimensionNote());
    updateHeaderGeometry();
    refit();
    refreshScene();
}

// ---------------------------------------------------------------------------------------------
// Reacting to the model

void KeySpaceView::onScenarioReset()
{
    cancelDrag();
    const int d = int(m_model->scenario().keyDimension());
    if (d <= 1) {
        m_horizontalDimension = 0;
        m_verticalDimension = -1;
    } else if (m_horizontalDimension < 0 || m_horizontalDimension >= d || m_verticalDimension < 0
               || m_verticalDimension >= d || m_horizontalDimension == m_verticalDimension) {
        m_horizontalDimension = 0;
        m_verticalDimension = 1;
    }
    rebuildPickers();
    readResult();
    refit();
    m_pointsDirty = true;
    refreshScene();
}

void KeySpaceView::onResultChanged()
{
    readResult();
    refreshScene();
}

const Matrix *KeySpaceView::shownWeights() const
{
    if (!m_hasResult)
        return nullptr;
    const AttentionResult *result = m_model->result();
    const Scenario &scenario = m_model->scenario();
    if (!result || result->weights.rows() != scenario.queryCount()
        || result->weights.cols() != scenario.keyCount())
        return nullptr;
    return &result->weights;
}

void KeySpaceView::readResult()
{
    const AttentionResult *result = m_model->result();
    m_hasResult = result != nullptr;
    if (result) {
        m_resultNote.clear();
        return;
    }
    const std::optional<Error> &error = m_model->error();
    if (error && error->category == ErrorCategory::AllMaskedRow && error->row >= 0) {
        m_resultNote = tr("Weights undefined: no allowed key for query %1 (%2). Allow at least one "
                          "key in its mask row; points stay draggable.")
                           .arg(error->row + 1)
                           .arg(m_model->scenario().queryLabel(error->row));
    } else {
        m_resultNote = tr("Result undefined: %1. Weights are not shown; points stay draggable.")
                           .arg(error ? error->message : tr("the scenario cannot be computed"));
    }
}

void KeySpaceView::rebuildPickers()
{
    const int d = int(m_model->scenario().keyDimension());
    {
        const QSignalBlocker blockHorizontal(m_horizontalPicker);
        const QSignalBlocker blockVertical(m_verticalPicker);
        m_horizontalPicker->clear();
        m_verticalPicker->clear();
        for (int i = 0; i < d; ++i) {
            m_horizontalPicker->addItem(tr("dimension %1").arg(i + 1));
            m_verticalPicker->addItem(tr("dimension %1").arg(i + 1));
        }
        if (d >= 2) {
            m_horizontalPicker->setCurrentIndex(m_horizontalDimension);
            m_verticalPicker->setCurrentIndex(m_verticalDimension);
        }
    }
    m_dimensionLabel->setText(dimensionNote());
    m_header->setVisible(d > 2);
    updateHeaderGeometry();
}

void KeySpaceView::updateHeaderGeometry()
{
    if (m_header->isHidden())
        return;
    const int height = m_header->hasHeightForWidth() ? m_header->heightForWidth(width())
                                                     : m_header->sizeHint().height();
    m_header->setGeometry(0, 0, width(), std::max(height, m_header->minimumSizeHint().height()));
}

QRectF KeySpaceView::plotBounds() const
{
    const double top = m_header->isHidden() ? 0.0 : m_header->geometry().bottom() + 1.0;
    return QRectF(0.0, top, width(), std::max(0.0, height() - top));
}

void KeySpaceView::measureFont()
{
    m_baseLineHeight = QFontMetricsF(font()).height();
}

KeySpaceView::Metrics KeySpaceView::metricsFor(const QSizeF &size) const
{
    Metrics m;
    // About 28 lines of text fit the short side at scale 1; a bigger plane gets bigger type.
    const double shortSide = std::min(size.width() / 1.6, size.height());
    m.scale = std::clamp(shortSide / (28.0 * m_baseLineHeight), 1.0, 2.0);
    m.font = font();
    if (m.scale > 1.0) {
        if (m.font.pointSizeF() > 0)
            m.font.setPointSizeF(m.font.pointSizeF() * m.scale);
        else
            m.font.setPixelSize(int(std::round(m.font.pixelSize() * m.scale)));
    }
    const QFontMetricsF fm(m.font);
    m.lineHeight = fm.height();
    m.pad = std::max(4.0, std::round(0.4 * m.lineHeight));
    m.pointRadius = std::max(4.0, 0.33 * m.lineHeight);
    m.tipRadius = std::max(6.0, 0.48 * m.lineHeight);
    m.hitRadius = std::max(10.0, 0.85 * m.lineHeight);
    m.haloMax = std::max(18.0, 2.2 * m.lineHeight);
    m.arrowWidth = std::max(2.0, 0.15 * m.lineHeight);
    m.arrowHeadLength = std::max(10.0, 0.8 * m.lineHeight);
    m.tickLength = std::max(4.0, 0.3 * m.lineHeight);
    return m;
}

bool KeySpaceView::isLineMode() const
{
    return m_model->scenario().keyDimension() == 1;
}

QPointF KeySpaceView::shownCoordinates(const Eigen::RowVectorXd &row) const
{
    const double x = m_horizontalDimension >= 0 && m_horizontalDimension < row.size()
        ? row(m_horizontalDimension) : 0.0;
    const double y = m_verticalDimension >= 0 && m_verticalDimension < row.size()
        ? row(m_verticalDimension) : 0.0;
    return QPointF(x, y);
}

Eigen::RowVectorXd KeySpaceView::withShownCoordinates(const Eigen::RowVectorXd &row,
                                                      const QPointF &data) const
{
    Eigen::RowVectorXd result = row;
    // When the plane spans numbers near the largest double (a typed 1e306), a pixel of a drag can
    // lie beyond it: that coordinate stays where it was, so a drag never writes an infinity.
    if (m_horizontalDimension >= 0 && m_horizontalDimension < result.size() && std::isfinite(data.x()))
        result(m_horizontalDimension) = data.x();
    if (m_verticalDimension >= 0 && m_verticalDimension < result.size() && std::isfinite(data.y()))
        result(m_verticalDimension) = data.y();
    return result;
}

void KeySpaceView::refit()
{
    const Scenario &scenario = m_model->scenario();
    const bool lineMode = isLineMode();
    double minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0;  // the origin is always in view
    auto include = [&](const QPointF &p) {
        if (!isFinitePoint(p))
            return;
        minX = std::min(minX, p.x());
        maxX = std::max(maxX, p.x());
        minY = std::min(minY, p.y());
        maxY = std::max(maxY, p.y());
    };
    for (Index j = 0; j < scenario.keyCount(); ++j)
        include(shownCoordinates(scenario.keys.row(j)));
    for (Index i = 0; i < scenario.queryCount(); ++i)
        include(shownCoordinates(scenario.queries.row(i)));
    double span = lineMode ? maxX - minX : std::max(maxX - minX, maxY - minY);
    if (!(span > 1e-9))
        span = 1.0;
    const double margin = kFitMargin * span;
    if (lineMode)
        m_fit.setDataRange(minX - margin, maxX + margin, -1.0, 1.0);
    else
        m_fit.setDataRange(minX - margin, maxX + margin, minY - margin, maxY + margin);
}

bool KeySpaceView::allPointsVisible(const Scene &scene) const
{
    const double inset = scene.metrics.pointRadius;
    const QRectF inner = scene.plotRect.adjusted(inset, inset, -inset, -inset);
    if (inner.width() <= 0 || inner.height() <= 0)
        return true;
    auto inside = [&](const QPointF &p) {
        return p.x() >= inner.left() && p.x() <= inner.right() && p.y() >= inner.top()
            && p.y() <= inner.bottom();
    };
    for (int j = 0; j < scene.keyPoints.size(); ++j) {
        if (scene.keyFinite[j] && !inside(scene.keyPoints[j]))
            return false;
    }
    for (int i = 0; i < scene.tips.size(); ++i) {
        if (scene.tipFinite[i] && !inside(scene.tips[i]))
            return false;
    }
    return true;
}

void KeySpaceView::refreshScene()
{
    auto rebuild = [this] {
        const FrameInputs inputs = frameInputs(plotBounds(), true);
        if (!m_frameValid || !(inputs == m_frameInputs)) {
            m_frame = buildFrame(inputs);
            m_frameInputs = inputs;
            m_frameValid = true;
            m_staticDirty = true;
            m_pointsDirty = true;
        }
        m_scene = buildScene(m_frame);
    };
    rebuild();
    if (m_dragKind == DragKind::None && !allPointsVisible(m_scene)) {
        refit();
        rebuild();
    }
    updateData();
}

void KeySpaceView::updateData()
{
    // Points, halos, arrows and labels all stay inside the plot (the focus frame just around
    // it); the ticks, titles and caption outside only change with the frame.
    if (m_staticDirty)
        update();
    else
        update(m_scene.plotRect.toAlignedRect().adjusted(-3, -3, 3, 3));
}

void KeySpaceView::onQueryChanged(int row)
{
    // The arrow follows at once; its halos, projections and labels follow with the result, which
    // the model publishes within the same event-loop turn (refreshScene on resultChanged).
    if (row != m_scene.selectedQuery)
        m_pointsDirty = true;
    if (row < 0 || row >= m_scene.tips.size() || row >= m_model->scenario().queryCount()) {
        refreshScene();
        return;
    }
    const QPointF data = shownCoordinates(m_model->scenario().queries.row(row));
    m_scene.tipFinite[row] = isFinitePoint(data);
    m_scene.tips[row] = m_scene.lineMode ? QPointF(m_scene.axes.toPixelX(data.x()), m_scene.tips[row].y())
                                         : m_scene.axes.toPixel(data);
    updateData();
}

void KeySpaceView::onKeyChanged(int row)
{
    m_pointsDirty = true;
    if (row < 0 || row >= m_scene.keyPoints.size() || row >= m_model->scenario().keyCount()) {
        refreshScene();
        return;
    }
    const QPointF data = shownCoordinates(m_model->scenario().keys.row(row));
    m_scene.keyFinite[row] = isFinitePoint(data);
    m_scene.keyPoints[row] = m_scene.lineMode ? QPointF(m_scene.axes.toPixelX(data.x()), m_scene.origin.y())
                                              : m_scene.axes.toPixel(data);
    updateData();
}

// ---------------------------------------------------------------------------------------------
// Scene building

bool KeySpaceView::FrameInputs::operator==(const FrameInputs &other) const
{
    return bounds == other.bounds && font == other.font && interactive == other.interactive
        && lineMode == other.lineMode && hasResult == other.hasResult && note == other.note
        && caption == other.caption && queryCount == other.queryCount
        && horizontalDimension == other.horizontalDimension
        && verticalDimension == other.verticalDimension && fit[0] == other.fit[0]
        && fit[1] == other.fit[1] && fit[2] == other.fit[2] && fit[3] == other.fit[3];
}

KeySpaceView::FrameInputs KeySpaceView::frameInputs(const QRectF &bounds, bool interactive) const
{
    FrameInputs inputs;
    inputs.bounds = bounds;
    inputs.font = font();
    inputs.interactive = interactive;
    inputs.lineMode = isLineMode();
    inputs.hasResult = shownWeights() != nullptr;
    if (!inputs.hasResult)
        inputs.note = m_resultNote;
    // No editing hints on a lecture screen.
    inputs.caption = !interactive ? dimensionNote() : m_viewState->isPresenting() ? QString() : hintText();
    inputs.queryCount = int(m_model->scenario().queryCount());
    inputs.horizontalDimension = m_horizontalDimension;
    inputs.verticalDimension = m_verticalDimension;
    inputs.fit[0] = m_fit.fittedXMin();
    inputs.fit[1] = m_fit.fittedXMax();
    inputs.fit[2] = m_fit.fittedYMin();
    inputs.fit[3] = m_fit.fittedYMax();
    return inputs;
}

KeySpaceView::Frame KeySpaceView::buildFrame(const FrameInputs &inputs) const
{
    Frame s;
    const QRectF &bounds = inputs.bounds;
    s.metrics = metricsFor(bounds.size());
    const Metrics &m = s.metrics;
    const QFontMetricsF fm(m.font);
    const int queryCount = inputs.queryCount;

    s.bounds = bounds;
    s.lineMode = inputs.lineMode;
    s.interactive = inputs.interactive;
    s.hasResult = inputs.hasResult;
    s.note = inputs.note;
    s.xTitle = tr("key dimension %1").arg(m_horizontalDimension + 1);
    s.yTitle = s.lineMode ? QString() : tr("key dimension %1").arg(m_verticalDimension + 1);

    // Frame: a caption strip on top, tick labels and the axis titles outside the plot.
    // The note about an undefined result goes above the plane, never over its points.
    double captionTop = bounds.top();
    if (!s.note.isEmpty()) {
        const double width = std::max(10.0, bounds.width() - 2 * m.pad);
        const QRectF text = fm.boundingRect(QRectF(0, 0, width - 2 * m.pad, 1e6),
                                            Qt::TextWordWrap | Qt::AlignLeft, s.note);
        s.noteRect = QRectF(bounds.left() + m.pad, bounds.top() + 0.5 * m.pad, width, text.height() + m.pad);
        captionTop = s.noteRect.bottom();
    }
    s.captionRect = QRectF(bounds.left(), captionTop, bounds.width(), m.lineHeight + m.pad);
    s.caption = fm.elidedText(inputs.caption, Qt::ElideRight, std::max(0.0, s.captionRect.width() - 2 * m.pad));
    const double top = s.captionRect.bottom() + 0.5 * m.pad;
    const double bottomMargin = m.tickLength + 0.4 * m.pad + m.lineHeight + 0.4 * m.pad + m.lineHeight + m.pad;
    const double rightMargin = m.pad + 0.5 * fm.horizontalAdvance(QStringLiteral("\u22120.00"));
    double labelWidth = fm.horizontalAdvance(QStringLiteral("\u22120.0"));
    for (int pass = 0; pass < 3; ++pass) {
        const double leftMargin = s.lineMode
            ? m.pad + 0.5 * fm.horizontalAdvance(QStringLiteral("\u22120.00"))
            : m.pad + m.lineHeight + 0.5 * m.pad + labelWidth + 0.5 * m.pad + m.tickLength;
        s.plotRect = QRectF(bounds.left() + leftMargin, top,
                            std::max(1.0, bounds.width() - leftMargin - rightMargin),
                            std::max(1.0, bounds.bottom() - bottomMargin - top));
        s.axes = m_fit;
        s.axes.layout(s.plotRect, !s.lineMode);

        // One step for both axes keeps the grid cells square, which shows the equal aspect.
        const double widest = fm.horizontalAdvance(QStringLiteral("\u22120.00"));
        const int xIntervals = std::clamp(int(s.plotRect.width() / (widest + 1.5 * m.lineHeight)), 2, 10);
        double step = PlotAxes::niceStep(s.axes.xMax() - s.axes.xMin(), xIntervals);
        if (!s.lineMode) {
            const int yIntervals = std::clamp(int(s.plotRect.height() / (2.2 * m.lineHeight)), 2, 10);
            step = std::max(step, PlotAxes::niceStep(s.axes.yMax() - s.axes.yMin(), yIntervals));
        }
        // Widen the step until the horizontal tick labels cannot touch.
        for (int attempt = 0; attempt < 6; ++attempt) {
            double widestLabel = 0.0;
            for (double tick : PlotAxes::ticks(s.axes.xMin(), s.axes.xMax(), step))
                widestLabel = std::max(widestLabel, fm.horizontalAdvance(PlotAxes::tickLabel(tick, step)));
            if (widestLabel + 0.8 * m.lineHeight <= step * s.axes.xPixelsPerUnit())
                break;
            step = PlotAxes::niceStep(step * 1.5, 1);
        }
        s.step = step;
        s.xTicks = PlotAxes::ticks(s.axes.xMin(), s.axes.xMax(), step);
        s.yTicks = s.lineMode ? QVector<double>() : PlotAxes::ticks(s.axes.yMin(), s.axes.yMax(), step);
        if (s.lineMode)
            break;
        double widestY = fm.horizontalAdvance(QStringLiteral("0"));
        for (double tick : s.yTicks)
            widestY = std::max(widestY, fm.horizontalAdvance(PlotAxes::tickLabel(tick, step)));
        if (std::abs(widestY - labelWidth) < 0.5)
            break;
        labelWidth = widestY;
    }
    for (double tick : s.xTicks)
        s.xTickLabels.append(PlotAxes::tickLabel(tick, s.step));
    for (double tick : s.yTicks)
        s.yTickLabels.append(PlotAxes::tickLabel(tick, s.step));
    // A short plane (a side view on a lecture screen) gets the short title rather than one that
    // runs past the view's edge; the same for a narrow one.
    const auto titleLength = [&](const QString &title) {
        return stacksUpright(title) ? title.size() * m.lineHeight : fm.horizontalAdvance(title);
    };
    if (!s.yTitle.isEmpty() && titleLength(s.yTitle) > s.plotRect.height())
        s.yTitle = tr("dim %1").arg(m_verticalDimension + 1);
    if (titleLength(s.xTitle) > s.plotRect.width())
        s.xTitle = tr("dim %1").arg(m_horizontalDimension + 1);

    const double rowGap = 1.5 * m.lineHeight;
    if (s.lineMode) {
        // The number line sits low enough that every query's arrow fits above it, one row each,
        // and leaves room for two lines of key labels below.
        const double wanted = s.plotRect.top() + m.pad + (queryCount + 0.5) * rowGap;
        const double lowest = s.plotRect.bottom() - 2.6 * m.lineHeight - m.pad;
        const double lineY = std::clamp(std::max(wanted, s.plotRect.center().y()),
                                        s.plotRect.top() + m.pad, std::max(s.plotRect.top() + m.pad, lowest));
        s.origin = QPointF(s.axes.toPixelX(0.0), lineY);
    } else {
        s.origin = s.axes.toPixel(0.0, 0.0);
    }
    s.lineModeGap = queryCount > 0
        ? std::min(rowGap, std::max(0.5 * m.lineHeight, (s.origin.y() - s.plotRect.top() - m.pad) / queryCount))
        : rowGap;
    return s;
}

KeySpaceView::Scene KeySpaceView::buildScene(const Frame &frame) const
{
    Scene s;
    static_cast<Frame &>(s) = frame;
    const Metrics &m = s.metrics;
    const Scenario &scenario = m_model->scenario();
    const int queryCount = int(scenario.queryCount());
    const int keyCount = int(scenario.keyCount());
    const Matrix *weights = s.hasResult ? shownWeights() : nullptr;
    s.hasResult = weights != nullptr;

    s.selectedQuery = queryCount > 0 ? std::clamp(m_viewState->selectedQuery(), 0, queryCount - 1) : -1;
    s.hoveredQuery = m_viewState->hoveredQuery();
    s.hoveredKey = m_viewState->hoveredKey();
    s.denseKeys = keyCount > kDenseCount;
    s.denseQueries = queryCount > kDenseCount;

    // Points in pixels.
    s.keyPoints.resize(keyCount);
    s.keyFinite.resize(keyCount);
    for (int j = 0; j < keyCount; ++j) {
        const QPointF data = shownCoordinates(scenario.keys.row(j));
        s.keyFinite[j] = isFinitePoint(data);
        s.keyPoints[j] = s.lineMode ? QPointF(s.axes.toPixelX(data.x()), s.origin.y()) : s.axes.toPixel(data);
    }
    s.tails.resize(queryCount);
    s.tips.resize(queryCount);
    s.tipFinite.resize(queryCount);
    for (int i = 0; i < queryCount; ++i) {
        const QPointF data = shownCoordinates(scenario.queries.row(i));
        s.tipFinite[i] = isFinitePoint(data);
        if (s.lineMode) {
            const double y = s.origin.y() - (i + 1) * s.lineModeGap;
            s.tails[i] = QPointF(s.origin.x(), y);
            s.tips[i] = QPointF(s.axes.toPixelX(data.x()), y);
        } else {
            s.tails[i] = s.origin;
            s.tips[i] = s.axes.toPixel(data);
        }
    }

    // What the selected query sees: dot products, weights (as halos), projections.
    s.keyMasked.fill(false, keyCount);
    s.haloRadii.fill(0.0, keyCount);
    s.haloAlphas.fill(0.0, keyCount);
    s.haloDrawn.fill(false, keyCount);
    s.dots.fill(std::numeric_limits<double>::quiet_NaN(), keyCount);
    s.projectionFeet.fill(QPointF(), keyCount);
    s.showProjection.fill(false, keyCount);
    if (s.selectedQuery >= 0) {
        const int q = s.selectedQuery;
        const Eigen::RowVectorXd query = scenario.queries.row(q);
        const QPointF queryShown = shownCoordinates(query);
        const double queryNormSquared = queryShown.x() * queryShown.x() + queryShown.y() * queryShown.y();
        for (int j = 0; j < keyCount; ++j) {
            s.keyMasked[j] = !isAllowedSafely(scenario, q, j);
            if (query.size() == scenario.keys.cols())
                s.dots[j] = query.dot(scenario.keys.row(j));
            if (weights && !s.keyMasked[j]) {
                const double weight = std::clamp((*weights)(q, j), 0.0, 1.0);
                s.haloRadii[j] = m.pointRadius + weight * m.haloMax;
                s.haloAlphas[j] = weight;
            }
        }

        // The keys that matter most for this query, heaviest first: by weight, or by q.k while
        // the weights are undefined. Only these are labelled and projected in a crowded plane.
        QVector<int> candidates;
        candidates.reserve(keyCount);
        auto rankOf = [&](int j) { return weights ? (*weights)(q, j) : s.dots[j]; };
        for (int j = 0; j < keyCount; ++j) {
            if (s.keyFinite[j] && !s.keyMasked[j] && std::isfinite(rankOf(j)))
                candidates.append(j);
        }
        const int ranked = std::min(int(candidates.size()), kRankedKeys);
        std::partial_sort(candidates.begin(), candidates.begin() + ranked, candidates.end(),
                          [&](int a, int b) { return rankOf(a) > rankOf(b) || (rankOf(a) == rankOf(b) && a < b); });
        candidates.resize(ranked);
        s.rankedKeys = candidates;

        for (int j = 0; j < keyCount; ++j)
            s.haloDrawn[j] = s.keyFinite[j] && s.haloRadii[j] > 0.0
                && (!s.denseKeys || s.haloAlphas[j] * m.haloMax >= 1.0);
        for (int r = 0; r < s.rankedKeys.size() && r < kDenseLabelledKeys; ++r)
            s.haloDrawn[s.rankedKeys[r]] = s.haloRadii[s.rankedKeys[r]] > 0.0;

        // Only in an honest plane: with d_k > 2 the shown projection would not be q.k.
        const bool canProject = !s.lineMode && scenario.keyDimension() == 2 && queryNormSquared > 1e-18
            && std::isfinite(queryNormSquared);
        if (canProject) {
            const double reach = 4.0 * std::max(s.axes.xMax() - s.axes.xMin(), s.axes.yMax() - s.axes.yMin())
                / std::sqrt(queryNormSquared);
            s.queryDirectionLine = QLineF(s.axes.toPixel(-reach * queryShown), s.axes.toPixel(reach * queryShown));
            auto project = [&](int j) {
                if (j < 0 || j >= keyCount || !s.keyFinite[j] || s.keyMasked[j])
                    return;
                const QPointF key = shownCoordinates(scenario.keys.row(j));
                const double t = (key.x() * queryShown.x() + key.y() * queryShown.y()) / queryNormSquared;
                s.projectionFeet[j] = s.axes.toPixel(t * queryShown);
                s.showProjection[j] = true;
            };
            // Every key while few enough stay readable; beyond, the heaviest few and the hovered.
            if (keyCount <= kMaxProjectedKeys) {
                for (int j = 0; j < keyCount; ++j)
                    project(j);
            } else {
                for (int r = 0; r < s.rankedKeys.size() && r < kProjectedTopKeys; ++r)
                    project(s.rankedKeys[r]);
                project(s.hoveredKey);
            }
        }
    }

    layoutLabels(s);
    return s;
}

void KeySpaceView::layoutLabels(Scene &s) const
{
    const Metrics &m = s.metrics;
    const QFontMetricsF fm(m.font);
    const Scenario &scenario = m_model->scenario();
    const int queryCount = int(scenario.queryCount());
    const int keyCount = int(scenario.keyCount());
    const double padX = 0.25 * m.lineHeight;
    const double padY = 0.08 * m.lineHeight;
    if (m_textWidthsFont != m.font) {
        m_textWidths.clear();
        m_textWidthsFont = m.font;
    }
    auto labelSize = [&](const QStringList &lines) {
        double width = 0.0;
        for (const QString &line : lines)
            width = std::max(width, m_textWidths.value(line, [&] { return fm.horizontalAdvance(line); }));
        return QSizeF(width + 2 * padX, lines.size() * m.lineHeight + 2 * padY);
    };

    // Points must stay visible, so labels may not cover them; in a crowd, though, only the
    // points that are labelled or emphasised are kept clear, and a label may cover a few of the
    // others (it is drawn over them) rather than find no place at all.
    QVector<bool> keptClear(keyCount, !s.denseKeys);
    if (s.denseKeys) {
        for (int r = 0; r < s.rankedKeys.size() && r < kDenseLabelledKeys; ++r)
            keptClear[s.rankedKeys[r]] = true;
        if (s.hoveredKey >= 0 && s.hoveredKey < keyCount)
            keptClear[s.hoveredKey] = true;
    }
    LabelPlacer placer(s.plotRect.adjusted(2, 2, -2, -2));
    placer.addDiscObstacle(s.origin, 0.5 * m.pointRadius + 2, 40.0);
    for (int j = 0; j < keyCount; ++j) {
        if (!s.keyFinite[j])
            continue;
        if (keptClear[j])
            placer.addBlockedDisc(s.keyPoints[j], m.pointRadius + 2);
        else
            placer.addDiscObstacle(s.keyPoints[j], m.pointRadius + 1, 3.0);
    }
    for (int i = 0; i < queryCount; ++i) {
        if (!s.tipFinite[i])
            continue;
        if (!s.denseQueries || i == s.selectedQuery || i == s.hoveredQuery) {
            placer.addBlockedDisc(s.tips[i], m.tipRadius + 1);
            placer.addSegmentObstacle(QLineF(s.tails[i], s.tips[i]), m.arrowWidth + 1, 20.0);
        }
        // Otherwise a thin stroke and its dot may run under a label, which is drawn over them.
    }
    // A query tip on (or inside the halo of) a key: that halo is kept clear by the query's label
    // and the key's own, which stand beyond it, so that neither the two labels nor the halo and
    // the point under the tip are muddled together. Other halos are soft obstacles.
    // (In a crowded plane only the selected and the hovered query are named: a drag step then
    // tests two tips per halo, not every tip.)
    QVector<int> labelledTips;
    for (int i = 0; i < queryCount; ++i) {
        if (s.tipFinite[i] && (!s.denseQueries || i == s.selectedQuery || i == s.hoveredQuery))
            labelledTips.append(i);
    }
    QVector<bool> tipOnHalo(keyCount, false);
    for (int j = 0; j < keyCount; ++j) {
        if (!s.haloDrawn[j] || s.haloRadii[j] <= m.pointRadius + 2)
            continue;
        for (int i : std::as_const(labelledTips)) {
            if (QLineF(s.tips[i], s.keyPoints[j]).length() < s.haloRadii[j]) {
                tipOnHalo[j] = true;
                break;
            }
        }
        placer.addDiscObstacle(s.keyPoints[j], s.haloRadii[j] + (tipOnHalo[j] ? 1.0 : 0.0),
                               tipOnHalo[j] ? 1000.0 : 5.0);
    }
    // The gap that takes a label anchored at `anchor` beyond every halo its anchor lies in.
    QVector<int> haloUnderTip;
    for (int j = 0; j < keyCount; ++j) {
        if (tipOnHalo[j])
            haloUnderTip.append(j);
    }
    auto gapBeyondHalos = [&](const QPointF &anchor, double gap) {
        for (int j : std::as_const(haloUnderTip)) {
            const double distance = QLineF(anchor, s.keyPoints[j]).length();
            if (distance < s.haloRadii[j])
                gap = std::max(gap, s.haloRadii[j] + distance + 2);
        }
        return gap;
    };
    for (int j = 0; j < keyCount; ++j) {
        if (s.showProjection[j])
            placer.addSegmentObstacle(QLineF(s.keyPoints[j], s.projectionFeet[j]), 1.5, 4.0);
    }

    // A label pushed away from its point gets a leader line, so that it is not read as naming a
    // neighbour.
    auto addLeaderIfFar = [&](const QPointF &anchor, double radius, const QRectF &rect) {
        const QPointF nearest(std::clamp(anchor.x(), rect.left(), rect.right()),
                              std::clamp(anchor.y(), rect.top(), rect.bottom()));
        const QLineF line(anchor, nearest);
        if (line.length() <= radius + 0.6 * m.lineHeight)
            return;
        const QPointF start = anchor + (nearest - anchor) * (radius / line.length());
        s.leaders.append(QLineF(start, nearest));
    };

    // Query labels first, the selected one before the rest: they name what the user drags. In a
    // crowded plane only the selected and the hovered query are named.
    s.queryLabelRects.fill(QRectF(), queryCount);
    s.queryLabelLines.fill(QStringList(), queryCount);
    QVector<int> queryOrder;
    if (s.selectedQuery >= 0)
        queryOrder.append(s.selectedQuery);
    if (s.denseQueries) {
        if (s.hoveredQuery >= 0 && s.hoveredQuery < queryCount && s.hoveredQuery != s.selectedQuery)
            queryOrder.append(s.hoveredQuery);
    } else {
        for (int i = 0; i < queryCount; ++i) {
            if (i != s.selectedQuery)
                queryOrder.append(i);
        }
    }
    for (int i : queryOrder) {
        if (!s.tipFinite[i])
            continue;
        QStringList lines{scenario.queryLabel(i)};
        if (i == s.selectedQuery && scenario.keyDimension() <= 3)
            lines << compactVector(scenario.queries.row(i));
        QPointF direction = s.tips[i] - s.tails[i];
        if (std::hypot(direction.x(), direction.y()) < 1.0)
            direction = QPointF(1.0, -1.0);
        const double tipGap = gapBeyondHalos(s.tips[i], m.tipRadius + 2);
        std::optional<QRectF> rect = placer.place(s.tips[i], labelSize(lines), tipGap, direction);
        if (!rect && lines.size() > 1) {
            lines = QStringList{lines.first()};
            rect = placer.place(s.tips[i], labelSize(lines), tipGap, direction);
        }
        if (rect) {
            s.queryLabelRects[i] = *rect;
            s.queryLabelLines[i] = lines;
            addLeaderIfFar(s.tips[i], m.tipRadius + 1, *rect);
        }
    }

    // Key labels: the hovered key first so that it always keeps its label; in a crowded plane
    // only the keys that weigh most for the selected query follow.
    s.keyLabelRects.fill(QRectF(), keyCount);
    s.keyLabelLines.fill(QStringList(), keyCount);
    QVector<int> keyOrder;
    if (s.hoveredKey >= 0 && s.hoveredKey < keyCount)
        keyOrder.append(s.hoveredKey);
    if (s.denseKeys) {
        for (int r = 0; r < s.rankedKeys.size() && r < kDenseLabelledKeys; ++r) {
            if (s.rankedKeys[r] != s.hoveredKey)
                keyOrder.append(s.rankedKeys[r]);
        }
    } else {
        for (int j = 0; j < keyCount; ++j) {
            if (j != s.hoveredKey)
                keyOrder.append(j);
        }
    }
    const QPointF keyDirection = s.lineMode ? QPointF(0.0, 1.0) : QPointF();
    for (int j : keyOrder) {
        if (!s.keyFinite[j])
            continue;
        QStringList lines{scenario.keyLabel(j)};
        if (s.selectedQuery >= 0) {
            if (s.keyMasked[j])
                lines << tr("masked");
            else if (std::isfinite(s.dots[j]))
                lines << QStringLiteral("q\u00b7k = %1").arg(compactNumber(s.dots[j]));
        }
        const double gap = gapBeyondHalos(s.keyPoints[j], m.pointRadius + 3);
        std::optional<QRectF> rect = placer.place(s.keyPoints[j], labelSize(lines), gap, keyDirection);
        if (!rect && lines.size() > 1) {
            lines = QStringList{lines.first()};
            rect = placer.place(s.keyPoints[j], labelSize(lines), gap, keyDirection);
        }
        if (rect) {
            s.keyLabelRects[j] = *rect;
            s.keyLabelLines[j] = lines;
            addLeaderIfFar(s.keyPoints[j], m.pointRadius + 1, *rect);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Painting

bool KeySpaceView::usesPointsLayer(const Scene &scene)
{
    return scene.keyPoints.size() + scene.tips.size() > kPointsLayerThreshold;
}

QRect KeySpaceView::pointsLayerRect(const Scene &s)
{
    // Only as large as what it holds: blending it over the frame costs per pixel.
    const double margin = std::max(s.metrics.tipRadius + 3.0, s.metrics.pointRadius + 6.0);
    QRectF bounds;
    auto include = [&](const QPointF &p) {
        const QRectF box(p.x() - margin, p.y() - margin, 2 * margin, 2 * margin);
        bounds = bounds.isNull() ? box : bounds.united(box);
    };
    for (int j = 0; j < s.keyPoints.size(); ++j) {
        if (s.keyFinite[j])
            include(s.keyPoints[j]);
    }
    include(s.origin);
    for (int i = 0; i < s.tips.size(); ++i) {
        if (i == s.selectedQuery || !s.tipFinite[i])
            continue;
        include(s.tails[i]);
        include(s.tips[i]);
        if (s.lineMode)
            include(QPointF(s.tips[i].x(), s.origin.y()));
    }
    return bounds.intersected(s.plotRect).toAlignedRect();
}

void KeySpaceView::paintScene(QPainter &painter, const QRectF &rect, bool fillBackground) const
{
    paintSceneContents(painter, buildScene(buildFrame(frameInputs(rect, false))), fillBackground);
}

void KeySpaceView::renderStaticLayer(qreal dpr)
{
    m_staticLayer = QPixmap(size() * dpr);
    m_staticLayer.setDevicePixelRatio(dpr);
    m_staticLayer.fill(palette().color(QPalette::Window));
    QPainter painter(&m_staticLayer);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(m_scene.metrics.font);
    paintFrame(painter, m_scene);
    if (hasFocus()) {
        QColor focusColor = palette().color(QPalette::Highlight);
        focusColor.setAlphaF(0.45);
        QPen pen(focusColor, 1.5);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(m_scene.plotRect.adjusted(-1, -1, 1, 1));
    }
    m_staticDirty = false;
}

void KeySpaceView::renderPointsLayer(qreal dpr)
{
    m_pointsLayerRect = pointsLayerRect(m_scene).intersected(rect());
    m_pointsLayer = QPixmap(m_pointsLayerRect.size() * dpr);
    m_pointsLayer.setDevicePixelRatio(dpr);
    m_pointsLayer.fill(Qt::transparent);
    QPainter painter(&m_pointsLayer);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.translate(-m_pointsLayerRect.topLeft());
    painter.setClipRect(m_scene.plotRect);
    paintPoints(painter, m_scene);
    m_pointsDirty = false;
}

void KeySpaceView::paintEvent(QPaintEvent *)
{
    // Only the moving parts are drawn from scratch: the frame (and, in a crowded plane, the keys
    // and the other arrows) come from pictures repainted when they change, not on a drag step.
    const qreal dpr = devicePixelRatioF();
    if (m_staticDirty || m_staticLayer.devicePixelRatio() != dpr
        || m_staticLayer.deviceIndependentSize() != QSizeF(size()))
        renderStaticLayer(dpr);
    const bool layered = usesPointsLayer(m_scene);
    if (layered && (m_pointsDirty || m_pointsLayer.devicePixelRatio() != dpr))
        renderPointsLayer(dpr);

    QPainter painter(this);
    painter.drawPixmap(0, 0, m_staticLayer);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(m_scene.metrics.font);
    painter.save();
    painter.setClipRect(m_scene.plotRect);
    paintData(painter, m_scene, layered ? &m_pointsLayer : nullptr, m_pointsLayerRect.topLeft(),
              &m_haloSprites);
    painter.restore();
    paintLabelTexts(painter, m_scene);
    paintKeyboardTarget(painter);
}

void KeySpaceView::paintSceneContents(QPainter &painter, const Scene &s, bool fillBackground) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(s.metrics.font);
    paintFrame(painter, s, fillBackground);
    painter.save();
    painter.setClipRect(s.plotRect);
    paintData(painter, s, nullptr, QPoint());
    painter.restore();
    paintLabelTexts(painter, s);
    painter.restore();
}

void KeySpaceView::paintFrame(QPainter &painter, const Frame &s, bool fillBackground) const
{
    const Metrics &m = s.metrics;
    const Theme &theme = m_viewState->theme();
    const double lineFactor = m_viewState->lineWidthFactor();
    if (fillBackground)
        painter.fillRect(s.bounds, theme.viewBackground());
    painter.fillRect(s.plotRect, s.hasResult ? theme.plotBackground() : theme.undefinedBackground());

    // Grid, zero axes and frame.
    painter.setPen(QPen(theme.gridColor(), std::min(2.0, lineFactor)));
    for (double x : s.xTicks) {
        const double px = s.axes.toPixelX(x);
        painter.drawLine(QPointF(px, s.plotRect.top()), QPointF(px, s.plotRect.bottom()));
    }
    for (double y : s.yTicks) {
        const double py = s.axes.toPixelY(y);
        painter.drawLine(QPointF(s.plotRect.left(), py), QPointF(s.plotRect.right(), py));
    }
    painter.setPen(QPen(theme.zeroAxisColor(), 1.3 * lineFactor));
    if (s.lineMode) {
        painter.drawLine(QPointF(s.plotRect.left(), s.origin.y()), QPointF(s.plotRect.right(), s.origin.y()));
        for (double x : s.xTicks) {
            const double px = s.axes.toPixelX(x);
            painter.drawLine(QPointF(px, s.origin.y() - 0.5 * m.tickLength),
                             QPointF(px, s.origin.y() + 0.5 * m.tickLength));
        }
    } else {
        if (s.origin.x() >= s.plotRect.left() && s.origin.x() <= s.plotRect.right())
            painter.drawLine(QPointF(s.origin.x(), s.plotRect.top()), QPointF(s.origin.x(), s.plotRect.bottom()));
        if (s.origin.y() >= s.plotRect.top() && s.origin.y() <= s.plotRect.bottom())
            painter.drawLine(QPointF(s.plotRect.left(), s.origin.y()), QPointF(s.plotRect.right(), s.origin.y()));
    }
    painter.setPen(QPen(theme.frameColor(), std::min(2.0, lineFactor)));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(s.plotRect);

    // Ticks and their values outside the plot.
    painter.setPen(QPen(theme.textColor(), std::min(2.0, lineFactor)));
    for (int k = 0; k < s.xTicks.size(); ++k) {
        const double px = s.axes.toPixelX(s.xTicks[k]);
        painter.drawLine(QPointF(px, s.plotRect.bottom()), QPointF(px, s.plotRect.bottom() + m.tickLength));
        // Centred in a box as wide as the tick spacing, which buildFrame made wide enough.
        const double width = s.step * s.axes.xPixelsPerUnit();
        painter.drawText(QRectF(px - width / 2, s.plotRect.bottom() + m.tickLength + 0.4 * m.pad,
                                width, m.lineHeight),
                         Qt::AlignCenter, s.xTickLabels[k]);
    }
    for (int k = 0; k < s.yTicks.size(); ++k) {
        const double py = s.axes.toPixelY(s.yTicks[k]);
        painter.drawLine(QPointF(s.plotRect.left() - m.tickLength, py), QPointF(s.plotRect.left(), py));
        painter.drawText(QRectF(s.bounds.left(), py - m.lineHeight / 2,
                                s.plotRect.left() - m.tickLength - 0.5 * m.pad - s.bounds.left(), m.lineHeight),
                         Qt::AlignRight | Qt::AlignVCenter, s.yTickLabels[k]);
    }
    const double xTitleTop = s.plotRect.bottom() + m.tickLength + 0.8 * m.pad + m.lineHeight;
    painter.drawText(QRectF(s.plotRect.left(), xTitleTop, s.plotRect.width(), m.lineHeight),
                     Qt::AlignCenter, s.xTitle);
    if (!s.yTitle.isEmpty() && stacksUpright(s.yTitle)) {
        // Chinese reads down a column with every character upright, not turned on its side.
        painter.drawText(QRectF(s.bounds.left() + m.pad, s.plotRect.top(), m.lineHeight, s.plotRect.height()), Qt::AlignCenter, uprightColumn(s.yTitle));
    } else if (!s.yTitle.isEmpty()) {
        painter.save();
        painter.translate(s.bounds.left() + m.pad + m.lineHeight / 2, s.plotRect.center().y());
        painter.rotate(-90.0);
        painter.drawText(QRectF(-s.plotRect.height() / 2, -m.lineHeight / 2, s.plotRect.height(), m.lineHeight),
                         Qt::AlignCenter, s.yTitle);
        painter.restore();
    }

    // The note about an undefined result.
    if (!s.noteRect.isNull()) {
        painter.setPen(QPen(theme.noteBorder(), 1.2 * lineFactor));
        painter.setBrush(theme.noteBackground());
        painter.drawRoundedRect(s.noteRect, 4, 4);
        painter.setPen(theme.noteText());
        painter.drawText(s.noteRect.adjusted(m.pad, 0.5 * m.pad, -m.pad, 0),
                         Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, s.note);
    }

    // Caption: the interaction hint (or, in an export, which dimensions are shown).
    if (!s.caption.isEmpty()) {
        painter.setPen(theme.hintColor());
        const QRectF captionText = s.captionRect.adjusted(m.pad, 0, -m.pad, 0);
        painter.drawText(captionText, Qt::AlignRight | Qt::AlignVCenter, s.caption);
    }
}

void KeySpaceView::paintData(QPainter &painter, const Scene &s, const QPixmap *pointsLayer,
                             const QPoint &layerOrigin, HaloSprites *haloSprites) const
{
    auto paintStill = [&] {
        if (pointsLayer)
            painter.drawPixmap(layerOrigin, *pointsLayer);
        else
            paintPoints(painter, s);
    };
    if (s.denseKeys) {
        // In a crowd the few things that carry the lesson go over the cloud of points: the
        // projections, the halos of the heaviest keys (their points drawn again on top) and the
        // labels' backings, so that no dot shows through a label.
        paintStill();
        paintGuides(painter, s);
        paintHalos(painter, s, haloSprites);
        for (int j = 0; j < s.keyPoints.size(); ++j) {
            if (s.haloDrawn[j] || j == s.hoveredKey)
                paintKey(painter, s, j);
        }
        paintLabelBackings(painter, s);
    } else {
        // Label backings go under the halos and points (so neither is ever notched or hidden)
        // but over the grid and the projection lines (so no line cuts through text).
        paintGuides(painter, s);
        paintLabelBackings(painter, s);
        paintHalos(painter, s, haloSprites);
        paintStill();
    }
    if (s.selectedQuery >= 0)
        paintArrow(painter, s, s.selectedQuery);
}

void KeySpaceView::paintGuides(QPainter &painter, const Scene &s) const
{
    const int keyCount = int(s.keyPoints.size());
    const QColor selectedColor = s.selectedQuery >= 0 ? queryColor(s.selectedQuery) : QColor(Qt::gray);

    if (!s.queryDirectionLine.isNull()) {
        // Dashing a line reaching far outside the plot costs a dash per dot: clip it first.
        const std::optional<QLineF> visible = clippedToRect(s.queryDirectionLine, s.plotRect.adjusted(-2, -2, 2, 2));
        if (visible) {
            QColor lineColor = selectedColor;
            lineColor.setAlphaF(0.35);
            painter.setPen(QPen(lineColor, 1.0, Qt::DotLine));
            painter.drawLine(*visible);
        }
    }
    for (int j = 0; j < keyCount; ++j) {
        if (!s.showProjection[j])
            continue;
        QColor lineColor = selectedColor;
        lineColor.setAlphaF(j == s.hoveredKey ? 0.9 : 0.6);
        QPen pen(lineColor, j == s.hoveredKey ? 2.0 : 1.4, Qt::DashLine);
        pen.setCapStyle(Qt::FlatCap);
        painter.setPen(pen);
        painter.drawLine(s.keyPoints[j], s.projectionFeet[j]);
        painter.setPen(Qt::NoPen);
        painter.setBrush(lineColor);
        painter.drawEllipse(s.projectionFeet[j], 2.5, 2.5);
    }

    QColor leaderColor = m_viewState->theme().hintColor();
    leaderColor.setAlpha(170);
    painter.setPen(QPen(leaderColor, m_viewState->lineWidthFactor()));
    for (const QLineF &leader : s.leaders)
        painter.drawLine(leader);
}

void KeySpaceView::paintLabelBackings(QPainter &painter, const Scene &s) const
{
    // Three plain fills per label, its corners cut by a pixel, rather than an antialiased
    // rounded rectangle: that is a fill of more than ~96 spans, which Qt's raster engine splits
    // over its global thread pool and waits for, and on two cores the hand-off cost more than the
    // fill and showed as the slowest drag steps.
    const QColor backing = m_viewState->theme().labelBacking();
    const bool raster = painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster;
    painter.setPen(Qt::NoPen);
    painter.setBrush(backing);
    auto fillBacking = [&](const QRectF &rect) {
        if (!raster) {
            // A vector figure (SVG, PDF): one shape, so that no viewer shows seams between fills.
            painter.drawRoundedRect(rect, 3, 3);
            return;
        }
        const QRect r = rect.toAlignedRect();
        if (r.width() < 3 || r.height() < 3) {
            painter.fillRect(r, backing);
            return;
        }
        painter.fillRect(QRect(r.left() + 1, r.top(), r.width() - 2, 1), backing);
        painter.fillRect(QRect(r.left(), r.top() + 1, r.width(), r.height() - 2), backing);
        painter.fillRect(QRect(r.left() + 1, r.bottom(), r.width() - 2, 1), backing);
    };
    for (const QRectF &rect : s.queryLabelRects) {
        if (!rect.isNull())
            fillBacking(rect);
    }
    for (const QRectF &rect : s.keyLabelRects) {
        if (!rect.isNull())
            fillBacking(rect);
    }
}

void KeySpaceView::paintHalos(QPainter &painter, const Scene &s, HaloSprites *sprites) const
{
    // Radius and opacity grow with the weight for the selected query.
    const QColor selectedColor = s.selectedQuery >= 0 ? queryColor(s.selectedQuery) : QColor(Qt::gray);
    const qreal dpr = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    for (int j = 0; j < s.keyPoints.size(); ++j) {
        if (!s.haloDrawn[j])
            continue;
        if (sprites)
            sprites->drawHalo(painter, s.keyPoints[j], s.haloRadii[j], selectedColor, s.haloAlphas[j], dpr);
        else
            HaloSprites::paintHalo(painter, s.keyPoints[j], s.haloRadii[j], selectedColor, s.haloAlphas[j]);
    }
}

void KeySpaceView::paintKey(QPainter &painter, const Scene &s, int j) const
{
    if (!s.keyFinite[j])
        return;
    const Metrics &m = s.metrics;
    const QPointF p = s.keyPoints[j];
    const Theme &theme = m_viewState->theme();
    if (j == s.hoveredKey)
        paintHoverRing(painter, p, m.pointRadius + 4, m, keyColor());
    // An outlined disc as two filled ones (outline colour, then the inside): the same pixels as
    // a stroked ellipse for a fraction of the work, which counts with hundreds of keys.
    const double outline = (s.keyMasked[j] ? 1.0 : 0.75) * m_viewState->lineWidthFactor();
    painter.setPen(Qt::NoPen);
    painter.setBrush(s.keyMasked[j] ? theme.maskedColor() : theme.plotBackground());
    painter.drawEllipse(p, m.pointRadius + outline, m.pointRadius + outline);
    painter.setBrush(s.keyMasked[j] ? theme.plotBackground() : keyColor());
    painter.drawEllipse(p, m.pointRadius - outline, m.pointRadius - outline);
}

void KeySpaceView::paintPoints(QPainter &painter, const Scene &s) const
{
    const int queryCount = int(s.tips.size());
    const int keyCount = int(s.keyPoints.size());

    // Keys: masked ones first, so that an allowed key at the same place stays visibly filled.
    for (int j = 0; j < keyCount; ++j) {
        if (s.keyMasked[j])
            paintKey(painter, s, j);
    }
    for (int j = 0; j < keyCount; ++j) {
        if (!s.keyMasked[j])
            paintKey(painter, s, j);
    }

    // The origin and the query arrows; the selected one goes on top later.
    painter.setPen(Qt::NoPen);
    painter.setBrush(m_viewState->theme().textColor());
    if (!s.lineMode)
        painter.drawEllipse(s.origin, 2.5, 2.5);
    for (int i = 0; i < queryCount; ++i) {
        if (i != s.selectedQuery)
            paintArrow(painter, s, i);
    }
}

void KeySpaceView::paintArrow(QPainter &painter, const Scene &s, int i) const
{
    if (i < 0 || i >= s.tips.size() || !s.tipFinite[i])
        return;
    const Metrics &m = s.metrics;
    const bool emphasised = i == s.selectedQuery || i == s.hoveredQuery;
    const QColor color = queryColor(i);
    const QPointF tail = s.tails[i];
    const QPointF tip = s.tips[i];
    if (s.denseQueries && !emphasised) {
        // In a crowd the other queries are thin strokes with a dot at the tip: the selected
        // arrow and its halos stay readable, and every tip can still be grabbed.
        QColor thin = color;
        thin.setAlphaF(0.55);
        painter.setPen(QPen(thin, 1.0));
        painter.drawLine(tail, tip);
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawEllipse(tip, 2.2, 2.2);
        return;
    }
    // Thicker in the projector theme and in presentation mode, so the arrows read from afar.
    const double lineFactor = m_viewState->lineWidthFactor();
    const double width = m.arrowWidth * (i == s.selectedQuery ? 1.5 : 1.0) * lineFactor;
    const QLineF shaft(tail, tip);
    const double length = shaft.length();
    if (s.lineMode) {
        // A faint stem from the tip down to the number line shows where the tip reads.
        QColor stem = color;
        stem.setAlphaF(0.5);
        painter.setPen(QPen(stem, 1.0, Qt::DotLine));
        painter.drawLine(tip, QPointF(tip.x(), s.origin.y()));
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawEllipse(tail, 2.0, 2.0);
    }
    if (length > 0.5) {
        const double head = std::min(m.arrowHeadLength * (i == s.selectedQuery ? 1.15 : 1.0)
                                         * std::sqrt(lineFactor),
                                     0.6 * length);
        const QPointF unit = (tip - tail) / length;
        const QPointF normal(-unit.y(), unit.x());
        const QPointF base = tip - unit * head;
        QPen pen(color, width);
        pen.setCapStyle(Qt::FlatCap);
        painter.setPen(pen);
        painter.drawLine(tail, base + unit * 0.5);
        const QPointF headPoints[3] = {tip, base + normal * head * 0.42, base - normal * head * 0.42};
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawPolygon(headPoints, 3);
    }
    // The handle the user grabs.
    painter.setPen(QPen(color, (emphasised ? 2.2 : 1.2) * lineFactor));
    painter.setBrush(Qt::NoBrush);
    const double handle = m.tipRadius + (i == s.hoveredQuery ? 2.0 : 0.0);
    painter.drawEllipse(tip, handle, handle);
    if (i == s.hoveredQuery)
        paintHoverRing(painter, tip, handle + 3.0, m, QColor());
}

void KeySpaceView::paintLabelTexts(QPainter &painter, const Scene &s) const
{
    const Metrics &m = s.metrics;
    const int queryCount = int(s.tips.size());
    const int keyCount = int(s.keyPoints.size());
    const QColor selectedColor = s.selectedQuery >= 0 ? queryColor(s.selectedQuery) : QColor(Qt::gray);
    const Theme &theme = m_viewState->theme();
    const double padX = 0.25 * m.lineHeight;
    const double padY = 0.08 * m.lineHeight;
    // Labels repeat from frame to frame (names, and most q.k values between two drag steps):
    // their shaped text is kept rather than laid out again on every paint.
    if (m_staticTextsFont != m.font) {
        m_staticTexts.clear();
        m_staticTextsFont = m.font;
    }
    const double lineOffset = 0.5 * (m.lineHeight - QFontMetricsF(m.font).height());
    auto drawLabel = [&](const QRectF &rect, const QStringList &lines, const QColor &first,
                         const QColor &rest) {
        for (int line = 0; line < lines.size(); ++line) {
            const QStaticText &text = m_staticTexts.value(lines[line], [&] {
                QStaticText shaped(lines[line]);
                shaped.setTextFormat(Qt::PlainText);
                shaped.setPerformanceHint(QStaticText::AggressiveCaching);
                return shaped;
            });
            painter.setPen(line == 0 ? first : rest);
            painter.drawStaticText(QPointF(rect.left() + padX,
                                           rect.top() + padY + line * m.lineHeight + lineOffset),
                                   text);
        }
    };
    for (int i = 0; i < queryCount; ++i) {
        if (!s.queryLabelRects[i].isNull())
            drawLabel(s.queryLabelRects[i], s.queryLabelLines[i], theme.readableText(queryColor(i)),
                      theme.textColor());
    }
    for (int j = 0; j < keyCount; ++j) {
        if (s.keyLabelRects[j].isNull())
            continue;
        drawLabel(s.keyLabelRects[j], s.keyLabelLines[j], s.keyMasked[j] ? theme.maskedColor() : keyColor(),
                  s.keyMasked[j] ? theme.maskedColor() : theme.readableText(selectedColor));
    }
}

// ---------------------------------------------------------------------------------------------
// Interaction

int KeySpaceView::queryTipAt(const QPointF &pos) const
{
    const int queryCount = int(m_scene.tips.size());
    int best = -1;
    double bestDistance = m_scene.metrics.hitRadius;
    // The selected query wins ties: it is drawn on top.
    auto consider = [&](int i) {
        if (!m_scene.tipFinite[i])
            return;
        const double distance = QLineF(pos, m_scene.tips[i]).length();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = i;
        }
    };
    for (int i = queryCount - 1; i >= 0; --i) {
        if (i != m_scene.selectedQuery)
            consider(i);
    }
    if (m_scene.selectedQuery >= 0 && m_scene.selectedQuery < queryCount)
        consider(m_scene.selectedQuery);
    return best;
}

int KeySpaceView::keyAt(const QPointF &pos) const
{
    int best = -1;
    double bestDistance = m_scene.metrics.hitRadius;
    for (int j = 0; j < m_scene.keyPoints.size(); ++j) {
        if (!m_scene.keyFinite[j])
            continue;
        const double distance = QLineF(pos, m_scene.keyPoints[j]).length();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = j;
        }
    }
    return best;
}

void KeySpaceView::updateHover(const QPointF &pos, Qt::KeyboardModifiers modifiers)
{
    const bool keysFirst = modifiers & Qt::ControlModifier;
    const int tip = keysFirst ? -1 : queryTipAt(pos);
    const int key = tip >= 0 ? -1 : keyAt(pos);
    const int fallbackTip = (tip < 0 && key < 0 && keysFirst) ? queryTipAt(pos) : tip;
    if (fallbackTip >= 0) {
        m_viewState->setHover(fallbackTip, -1);
        setCursor(Qt::OpenHandCursor);
    } else if (key >= 0) {
        m_viewState->setHover(-1, key);
        if (keysFirst)
            setCursor(Qt::OpenHandCursor);
        else
            unsetCursor();
    } else {
        m_viewState->setHover(-1, -1);
        unsetCursor();
    }
}

void KeySpaceView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const QPointF pos = event->position();
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    // The lesson's query tip lies on memory A: Ctrl decides which of the two is grabbed.
    int key = ctrl ? keyAt(pos) : -1;
    int tip = key < 0 ? queryTipAt(pos) : -1;
    if (key >= 0) {
        m_dragKind = DragKind::Key;
        m_dragRow = key;
        m_dragOffset = m_scene.keyPoints[key] - pos;
        m_viewState->setHover(-1, key);
    } else if (tip >= 0) {
        m_dragKind = DragKind::Query;
        m_dragRow = tip;
        m_dragOffset = m_scene.tips[tip] - pos;
        m_viewState->setSelectedQuery(tip);
        m_viewState->setHover(tip, -1);
    } else {
        event->ignore();
        return;
    }
    setCursor(Qt::ClosedHandCursor);
    finishNudgeRun();
    const Scenario &scenario = m_model->scenario();
    m_model->beginEdit(m_dragKind == DragKind::Key ? tr("Drag key %1").arg(quoted(scenario.keyLabel(key)))
                                                   : tr("Drag query %1").arg(quoted(scenario.queryLabel(tip))));
    emit dragStarted();
    event->accept();
}

void KeySpaceView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragKind != DragKind::None) {
        dragTo(event->position());
        event->accept();
        return;
    }
    updateHover(event->position(), event->modifiers());
}

void KeySpaceView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_dragKind == DragKind::None) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    dragTo(event->position());
    m_dragKind = DragKind::None;
    m_dragRow = -1;
    m_model->endEdit();
    emit dragFinished();
    // Only now may the view refit, if the drag took a point out of it.
    refreshScene();
    updateHover(event->position(), event->modifiers());
    event->accept();
}

void KeySpaceView::dragTo(const QPointF &pos)
{
    const Scenario &scenario = m_model->scenario();
    QPointF data = m_scene.axes.toData(pos + m_dragOffset);
    if (m_scene.lineMode)
        data.setY(0.0);
    if (m_viewState->snapToGrid())
        data = QPointF(snapped(data.x()), snapped(data.y()));
    if (m_dragKind == DragKind::Query && m_dragRow < scenario.queryCount())
        m_model->setQueryRow(m_dragRow, withShownCoordinates(scenario.queries.row(m_dragRow), data));
    else if (m_dragKind == DragKind::Key && m_dragRow < scenario.keyCount())
        m_model->setKeyRow(m_dragRow, withShownCoordinates(scenario.keys.row(m_dragRow), data));
}

void KeySpaceView::nudgeSelectedQuery(int dx, int dy, bool fine)
{
    const Scenario &scenario = m_model->scenario();
    if (scenario.queryCount() == 0)
        return;
    const int row = std::clamp(m_viewState->selectedQuery(), 0, int(scenario.queryCount()) - 1);
    const double step = fine ? kFineNudgeStep : kNudgeStep;
    Eigen::RowVectorXd query = scenario.queries.row(row);
    auto nudge = [&](int dimension, int direction) {
        if (direction == 0 || dimension < 0 || dimension >= query.size())
            return;
        double value = query(dimension) + direction * step;
        // Snapping keeps coarse nudges on the grid; Shift's fine steps deliberately leave it.
        if (m_viewState->snapToGrid() && !fine)
            value = snapped(value);
        if (std::isfinite(value))
            query(dimension) = value;
    };
    nudge(m_horizontalDimension, dx);
    nudge(m_verticalDimension, dy);
    beginNudgeRun(tr("Nudge query %1").arg(quoted(scenario.queryLabel(row))));
    m_model->setQueryRow(row, query);
}

void KeySpaceView::keyPressEvent(QKeyEvent *event)
{
    if (handleKeyboardKey(event))
        return;
    const bool fine = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Left:
        nudgeSelectedQuery(-1, 0, fine);
        break;
    case Qt::Key_Right:
        nudgeSelectedQuery(1, 0, fine);
        break;
    case Qt::Key_Up:
        if (m_scene.lineMode) {
            QWidget::keyPressEvent(event);
            return;
        }
        nudgeSelectedQuery(0, 1, fine);
        break;
    case Qt::Key_Down:
        if (m_scene.lineMode) {
            QWidget::keyPressEvent(event);
            return;
        }
        nudgeSelectedQuery(0, -1, fine);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void KeySpaceView::leaveEvent(QEvent *event)
{
    if (m_dragKind == DragKind::None)
        m_viewState->setHover(-1, -1);
    QWidget::leaveEvent(event);
}

QString KeySpaceView::keyToolTip(int keyRow) const
{
    const Scenario &scenario = m_model->scenario();
    QStringList lines;
    lines << scenario.keyLabel(keyRow);
    lines << tr("k = %1").arg(fullVector(scenario.keys.row(keyRow)));
    const int q = m_scene.selectedQuery;
    if (q >= 0) {
        const double dot = m_scene.dots.value(keyRow, std::numeric_limits<double>::quiet_NaN());
        lines << tr("q\u00b7k = %1 (query %2)").arg(fullNumber(dot), scenario.queryLabel(q));
        lines << tr("score q\u00b7k/√d_k = %1")
                     .arg(fullNumber(dot / std::sqrt(double(scenario.keyDimension()))));
        if (!isAllowedSafely(scenario, q, keyRow))
            lines << tr("masked for this query: weight exactly 0");
        else if (const Matrix *weights = m_scene.hasResult ? shownWeights() : nullptr)
            lines << tr("weight = %1").arg(fullNumber((*weights)(q, keyRow)));
        else
            lines << tr("weight undefined (see the note)");
    }
    lines << tr("Ctrl+drag to move this key; its value row stays paired");
    return lines.join(QLatin1Char('\n'));
}

QString KeySpaceView::queryToolTip(int queryRow) const
{
    const Scenario &scenario = m_model->scenario();
    return tr("%1\nq = %2\ndrag the tip to move it; arrow keys nudge the selected query")
        .arg(scenario.queryLabel(queryRow), fullVector(scenario.queries.row(queryRow)));
}

bool KeySpaceView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPointF pos = help->pos();
        const bool keysFirst = QGuiApplication::keyboardModifiers() & Qt::ControlModifier;
        int key = keysFirst ? keyAt(pos) : -1;
        const int tip = key < 0 ? queryTipAt(pos) : -1;
        if (tip < 0 && key < 0)
            key = keyAt(pos);
        if (tip >= 0)
            QToolTip::showText(help->globalPos(), queryToolTip(tip), this);
        else if (key >= 0)
            QToolTip::showText(help->globalPos(), keyToolTip(key), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void KeySpaceView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateHeaderGeometry();
    refreshScene();
}

void KeySpaceView::focusInEvent(QFocusEvent *event)
{
    m_focusVisible = FocusRing::visibleFocus(event->reason(), m_focusVisible);
    // The focus frame is part of the frame's picture.
    m_staticDirty = true;
    QWidget::focusInEvent(event);
}

void KeySpaceView::focusOutEvent(QFocusEvent *event)
{
    m_staticDirty = true;
    finishNudgeRun();
    cancelDrag();
    QWidget::focusOutEvent(event);
}

void KeySpaceView::keyReleaseEvent(QKeyEvent *event)
{
    // Auto-repeat sends releases too; only the arrow key's real release ends the run.
    const int key = event->key();
    if (!event->isAutoRepeat()
        && (key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down))
        finishNudgeRun();
    QWidget::keyReleaseEvent(event);
}

void KeySpaceView::hideEvent(QHideEvent *event)
{
    finishNudgeRun();
    cancelDrag();
    QWidget::hideEvent(event);
}

void KeySpaceView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        measureFont();
        updateGeometry();
        updateHeaderGeometry();
        refreshScene();
    } else if (event->type() == QEvent::PaletteChange) {
        m_staticDirty = true;
        update();
    }
}

// ---------------------------------------------------------------------------------------------
// Keyboard and accessibility
//
// Q / Shift+Q choose the next / previous query and K / Shift+K the next / previous key; the arrow
// keys then move what was chosen (a key's value row stays paired, as in a Ctrl+drag). Escape goes
// back to moving the selected query. A run of nudges (press to release of an arrow key) is one
// edit of the model, like a drag.

namespace {

/// Beyond this many keys the description names only the heaviest ones.
constexpr int kDescribedKeys = 12;

} // namespace

void KeySpaceView::setUpKeyboardAccess()
{
    m_helpDescription =
        tr("Keys are labelled points and queries are arrows from the origin, with equal scales on "
           "both axes. Drag an arrow's tip to move that query; hold Ctrl and drag a key to move it. "
           "From the keyboard: Q and Shift+Q choose the query, K and Shift+K choose a key, the "
           "arrow keys move what is chosen by 0.1 (with Shift by 0.01), Escape goes back to the "
           "query.");
    setStatusTip(tr("Q / Shift+Q: choose the query · K / Shift+K: choose a key · arrow keys: move "
                    "it by 0.1 (Shift: 0.01) · Esc: back to the query"));
    connect(m_model, &AttentionModel::scenarioReset, this, [this] {
        finishNudgeRun();
        if (m_keyboardKey >= m_model->scenario().keyCount())
            m_keyboardKey = -1;
        updateAccessibleNumbers();
    });
    connect(m_model, &AttentionModel::resultChanged, this, &KeySpaceView::updateAccessibleNumbers);
    connect(m_viewState, &ViewState::selectedQueryChanged, this, &KeySpaceView::updateAccessibleNumbers);
    updateAccessibleNumbers();
}

bool KeySpaceView::handleKeyboardKey(QKeyEvent *event)
{
    if (!m_focusVisible && event->key() != Qt::Key_Tab && event->key() != Qt::Key_Backtab) {
        m_focusVisible = true;  // the keyboard is in use here
        update();
    }
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    const bool back = modifiers == Qt::ShiftModifier;
    const Scenario &scenario = m_model->scenario();
    switch (event->key()) {
    case Qt::Key_Q: {
        if (modifiers != Qt::NoModifier && !back)
            return false;
        const int count = int(scenario.queryCount());
        if (count == 0)
            return false;
        // Q on the key space first returns to the selected query; pressed again it moves on.
        const int current = std::clamp(m_viewState->selectedQuery(), 0, count - 1);
        const int next = m_keyboardKey >= 0 ? current : (current + (back ? count - 1 : 1)) % count;
        setKeyboardKey(-1);
        m_viewState->setSelectedQuery(next);
        break;
    }
    case Qt::Key_K: {
        if (modifiers != Qt::NoModifier && !back)
            return false;
        const int count = int(scenario.keyCount());
        if (count == 0)
            return false;
        const int next = m_keyboardKey < 0 ? (back ? count - 1 : 0)
                                           : (m_keyboardKey + (back ? count - 1 : 1)) % count;
        setKeyboardKey(next);
        break;
    }
    case Qt::Key_Escape:
        if (m_keyboardKey < 0 || modifiers != Qt::NoModifier)
            return false;
        setKeyboardKey(-1);
        break;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: {
        if (m_keyboardKey < 0 || m_keyboardKey >= scenario.keyCount())
            return false;
        const bool vertical = event->key() == Qt::Key_Up || event->key() == Qt::Key_Down;
        if (vertical && m_scene.lineMode)
            return false;
        const int dx = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
        const int dy = event->key() == Qt::Key_Down ? -1 : event->key() == Qt::Key_Up ? 1 : 0;
        nudgeKeyboardKey(dx, dy, modifiers & Qt::ShiftModifier);
        break;
    }
    default:
        return false;
    }
    event->accept();
    return true;
}

void KeySpaceView::setKeyboardKey(int keyRow)
{
    if (keyRow == m_keyboardKey)
        return;
    finishNudgeRun();
    m_keyboardKey = keyRow;
    // The chosen key is outlined here and its column in the heatmap, the mask and the charts.
    m_viewState->setHover(-1, keyRow);
    updateAccessibleNumbers();
    update();
}

void KeySpaceView::nudgeKeyboardKey(int dx, int dy, bool fine)
{
    const Scenario &scenario = m_model->scenario();
    const double step = fine ? kFineNudgeStep : kNudgeStep;
    Eigen::RowVectorXd key = scenario.keys.row(m_keyboardKey);
    const auto nudge = [&](int dimension, int direction) {
        if (direction == 0 || dimension < 0 || dimension >= key.size())
            return;
        double value = key(dimension) + direction * step;
        if (m_viewState->snapToGrid() && !fine)
            value = snapped(value);
        if (std::isfinite(value))
            key(dimension) = value;
    };
    nudge(m_horizontalDimension, dx);
    nudge(m_verticalDimension, dy);
    beginNudgeRun(tr("Nudge key %1").arg(quoted(scenario.keyLabel(m_keyboardKey))));
    m_model->setKeyRow(m_keyboardKey, key);
}

void KeySpaceView::beginNudgeRun(const QString &text)
{
    if (m_nudgeRunOpen || m_dragKind != DragKind::None)
        return;
    m_nudgeRunOpen = true;
    m_model->beginEdit(text);
}

void KeySpaceView::finishNudgeRun()
{
    if (!m_nudgeRunOpen)
        return;
    m_nudgeRunOpen = false;
    m_model->endEdit();
}

void KeySpaceView::cancelDrag()
{
    if (m_dragKind == DragKind::None)
        return;
    m_dragKind = DragKind::None;
    m_dragRow = -1;
    unsetCursor();
    m_model->endEdit();
    emit dragFinished();
}

QString KeySpaceView::numbersDescription() const
{
    const Scenario &scenario = m_model->scenario();
    if (scenario.queryCount() == 0)
        return tr("No queries.");
    const int q = std::clamp(m_viewState->selectedQuery(), 0, int(scenario.queryCount()) - 1);
    const auto coordinates = [](const Eigen::RowVectorXd &row) {
        QStringList parts;
        for (Index j = 0; j < row.size(); ++j)
            parts << formatInput(row(j));
        return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
    };
    QStringList sentences;
    sentences << tr("Query %1 at %2.").arg(scenario.queryLabel(q), coordinates(scenario.queries.row(q)));
    const AttentionResult *result = m_model->result();
    const bool shaped = result && result->weights.rows() == scenario.queryCount()
        && result->weights.cols() == scenario.keyCount() && result->context.rows() == scenario.queryCount();
    if (!shaped) {
        const std::optional<Error> &error = m_model->error();
        sentences << tr("Weights undefined: %1.").arg(error ? error->message : tr("no result"));
    } else {
        QVector<int> keys(int(scenario.keyCount()));
        std::iota(keys.begin(), keys.end(), 0);
        if (keys.size() > kDescribedKeys) {
            std::stable_sort(keys.begin(), keys.end(), [&](int a, int b) {
                return result->weights(q, a) > result->weights(q, b);
            });
            keys.resize(kDescribedKeys);
        }
        QStringList weights;
        for (int key : keys) {
            const bool masked = scenario.allowed && key < scenario.allowed->cols()
                && q < scenario.allowed->rows() && !(*scenario.allowed)(q, key);
            weights << (masked ? tr("%1 masked").arg(scenario.keyLabel(key))
                               : tr("%1 %2").arg(scenario.keyLabel(key), formatCompact(result->weights(q, key), 4)));
        }
        QString list = weights.join(QStringLiteral(", "));
        if (keys.size() < scenario.keyCount())
            list = tr("%1 and %2 lighter keys").arg(list).arg(scenario.keyCount() - keys.size());
        sentences << tr("Weights: %1.").arg(list);
        QStringList context;
        for (Index j = 0; j < result->context.cols(); ++j)
            context << formatCompact(result->context(q, j), 4);
        sentences << tr("Context (%1).").arg(context.join(QStringLiteral(", ")));
    }
    if (m_keyboardKey >= 0 && m_keyboardKey < scenario.keyCount())
        sentences << tr("Arrow keys move key %1 at %2.")
                         .arg(scenario.keyLabel(m_keyboardKey), coordinates(scenario.keys.row(m_keyboardKey)));
    return sentences.join(QLatin1Char(' '));
}

void KeySpaceView::updateAccessibleNumbers()
{
    const QString description = numbersDescription() + QLatin1Char(' ') + m_helpDescription;
    AccessibleNumbers::setDescription(this, description);
}

void KeySpaceView::paintKeyboardTarget(QPainter &painter) const
{
    if (!hasFocus() || !m_focusVisible)
        return;
    FocusRing::paintFrame(painter, this);
    // The key chosen with K gets a dashed ring.
    if (m_keyboardKey < 0 || m_keyboardKey >= m_scene.keyPoints.size()
        || (m_keyboardKey < m_scene.keyFinite.size() && !m_scene.keyFinite[m_keyboardKey]))
        return;
    const double radius = m_scene.metrics.hitRadius + 3.0;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(Qt::white, 4.0));
    painter.drawEllipse(m_scene.keyPoints[m_keyboardKey], radius, radius);
    painter.setPen(QPen(palette().color(QPalette::Highlight).darker(130), 2.0, Qt::DashLine));
    painter.drawEllipse(m_scene.keyPoints[m_keyboardKey], radius, radius);
    painter.restore();
}

// ---------------------------------------------------------------------------------------------
// Themes and presentation mode (PRESENT)

void KeySpaceView::setUpThemeHandling()
{
    // Colours and pen widths live in the cached pictures: a new theme or line scale repaints them.
    auto repaintAll = [this] {
        m_staticDirty = true;
        m_pointsDirty = true;
        update();
    };
    connect(m_viewState, &ViewState::themeChanged, this, repaintAll);
    connect(m_viewState, &ViewState::lineScaleChanged, this, repaintAll);
    connect(m_viewState, &ViewState::presentingChanged, this, repaintAll);
}

void KeySpaceView::paintHoverRing(QPainter &painter, const QPointF &centre, double radius,
                                  const Metrics &m, const QColor &normalColor) const
{
    painter.save();
    painter.setBrush(Qt::NoBrush);
    if (m_viewState->isPresenting()) {
        // The "laser pointer": a bold ring in the theme's highlight colour, over a thin rim of
        // the plot background so that it reads on a halo or an arrow too.
        const double width = std::max(3.0, 0.2 * m.lineHeight);
        const double r = radius + 0.25 * m.lineHeight;
        painter.setPen(QPen(m_viewState->theme().plotBackground(), width + 3.0));
        painter.drawEllipse(centre, r, r);
        painter.setPen(QPen(m_viewState->theme().highlightColor(), width));
        painter.drawEllipse(centre, r, r);
    } else if (normalColor.isValid()) {
        painter.setPen(QPen(normalColor, 2.0 * m_viewState->lineWidthFactor()));
        painter.drawEllipse(centre, radius, radius);
    }
    painter.restore();
}

QVector<QRectF> KeySpaceView::labelRects() const
{
    // Every text the last scene placed, as the rectangle its glyphs take (not the box a text was
    // centred in), in widget coordinates.
    const Scene &s = m_scene;
    const Metrics &m = s.metrics;
    const QFontMetricsF fm(m.font);
    QVector<QRectF> rects;
    auto textRect = [&](const QRectF &box, int flags, const QString &text) {
        if (text.isEmpty())
            return;
        rects.append(fm.boundingRect(box, flags, text));
    };
    for (int k = 0; k < s.xTicks.size() && k < s.xTickLabels.size(); ++k) {
        const double px = s.axes.toPixelX(s.xTicks[k]);
        const double width = s.step * s.axes.xPixelsPerUnit();
        textRect(QRectF(px - width / 2, s.plotRect.bottom() + m.tickLength + 0.4 * m.pad, width, m.lineHeight),
                 Qt::AlignCenter, s.xTickLabels[k]);
    }
    for (int k = 0; k < s.yTicks.size() && k < s.yTickLabels.size(); ++k) {
        const double py = s.axes.toPixelY(s.yTicks[k]);
        textRect(QRectF(s.bounds.left(), py - m.lineHeight / 2,
                        s.plotRect.left() - m.tickLength - 0.5 * m.pad - s.bounds.left(), m.lineHeight),
                 Qt::AlignRight | Qt::AlignVCenter, s.yTickLabels[k]);
    }
    const double xTitleTop = s.plotRect.bottom() + m.tickLength + 0.8 * m.pad + m.lineHeight;
    textRect(QRectF(s.plotRect.left(), xTitleTop, s.plotRect.width(), m.lineHeight), Qt::AlignCenter, s.xTitle);
    if (!s.yTitle.isEmpty() && stacksUpright(s.yTitle)) {
        textRect(QRectF(s.bounds.left() + m.pad, s.plotRect.top(), m.lineHeight, s.plotRect.height()), Qt::AlignCenter, uprightColumn(s.yTitle));
    } else if (!s.yTitle.isEmpty()) {
        const QRectF upright = fm.boundingRect(QRectF(-s.plotRect.height() / 2, -m.lineHeight / 2,
                                                      s.plotRect.height(), m.lineHeight),
                                               Qt::AlignCenter, s.yTitle);
        // Turned a quarter to the left about (left + pad + lineHeight / 2, plot centre).
        const QPointF centre(s.bounds.left() + m.pad + m.lineHeight / 2, s.plotRect.center().y());
        rects.append(QRectF(centre.x() + upright.top(), centre.y() - upright.right(), upright.height(),
                            upright.width()));
    }
    if (!s.noteRect.isNull())
        rects.append(s.noteRect);
    if (!s.caption.isEmpty())
        textRect(s.captionRect.adjusted(m.pad, 0, -m.pad, 0), Qt::AlignRight | Qt::AlignVCenter, s.caption);
    for (const QRectF &rect : s.queryLabelRects) {
        if (!rect.isNull())
            rects.append(rect);
    }
    for (const QRectF &rect : s.keyLabelRects) {
        if (!rect.isNull())
            rects.append(rect);
    }
    return rects;
}

} // namespace attnlens
