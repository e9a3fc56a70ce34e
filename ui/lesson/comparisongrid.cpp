#include "comparisongrid.h"

#include "colormap.h"
#include "numberformat.h"
#include "viewstate.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t);
}

int legendHeight(const QFontMetrics &fm)
{
    // A gap, a bar of half a line and a line of labels.
    return fm.height() * 2 + 4;
}

/// The difference scale: the theme's negative colour at −range, its zero colour at 0 and its
/// positive colour at +range, mixed linearly in between.
QColor divergingColor(double x, double range, const Theme::MatrixColors &colors)
{
    const double t = range > 0.0 ? std::clamp(x / range, -1.0, 1.0) : 0.0;
    return t < 0 ? mix(colors.differenceZero, colors.differenceNegative, -t)
                 : mix(colors.differenceZero, colors.differencePositive, t);
}

} // namespace

ComparisonGrid::ComparisonGrid(AttentionModel *, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("comparisonGrid"));
    setAccessibleName(tr("Comparison matrix"));
    setAccessibleDescription(tr("A small matrix of numbers captured for a comparison; hover a cell "
                                "for its full value."));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_titleFont = font();
    m_titleFont.setBold(true);
    connect(m_viewState, &ViewState::colorMapChanged, this, qOverload<>(&QWidget::update));
    connect(m_viewState, &ViewState::themeChanged, this, [this] {
        relayout();  // the colour bar's picture holds the theme's colours
        update();
    });
    m_message = tr("Nothing to show yet.");
    relayout();
}

void ComparisonGrid::setMatrix(const QString &title, const Matrix &values, const std::optional<Mask> &allowed,
                               const QStringList &rowLabels, const QStringList &columnLabels, Scale scale)
{
    m_title = title;
    m_values = values;
    m_allowed = allowed;
    m_rowLabels = rowLabels;
    m_columnLabels = columnLabels;
    m_scale = scale;
    m_hasMatrix = true;
    m_message.clear();
    m_differenceRange = values.size() > 0 ? values.cwiseAbs().maxCoeff() : 0.0;
    updateGeometry();
    if (!(m_differenceRange > 0.0))
        m_differenceRange = 1.0;
    setAccessibleDescription(scale == Scale::Difference
                                 ? tr("%1. Colour scale from %2 (blue) through 0 (white) to %3 (red).")
                                       .arg(title, legendLabels().value(0), legendLabels().value(2))
                                 : title);
    relayout();
    update();
}

void ComparisonGrid::setMessage(const QString &title, const QString &message)
{
    m_title = title;
    m_message = message;
    m_hasMatrix = false;
    m_values = Matrix();
    updateGeometry();
    relayout();
    update();
}

QSize ComparisonGrid::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.horizontalAdvance(QLatin1Char('0')) * 16, sizeHint().height());
}

QSize ComparisonGrid::sizeHint() const
{
    const QFontMetrics fm(font());
    const QFontMetrics titleMetrics(m_titleFont);
    // Title, column labels and rows of about two lines each (at most eight rows before the
    // cells get flatter); a message gets three lines.
    const int rows = m_hasMatrix ? static_cast<int>(std::min<Index>(m_values.rows(), 8)) : 0;
    int body = m_hasMatrix ? fm.height() + rows * fm.height() * 9 / 5 : fm.height() * 3;
    if (m_hasMatrix && m_scale == Scale::Difference)
        body += legendHeight(fm);
    return QSize(fm.horizontalAdvance(QLatin1Char('0')) * 34, titleMetrics.height() + 8 + body);
}

void ComparisonGrid::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void ComparisonGrid::relayout()
{
    m_titleFont = font();
    m_titleFont.setBold(true);
    const QFontMetricsF titleMetrics(m_titleFont);
    const QFontMetricsF fm(font());
    const QRectF area = QRectF(rect()).adjusted(2, 2, -2, -2);
    m_titleRect = QRectF(area.left(), area.top(), area.width(), titleMetrics.height());
    m_rowLabelWidth = 0.0;
    for (const QString &label : m_rowLabels)
        m_rowLabelWidth = std::max(m_rowLabelWidth, fm.horizontalAdvance(label));
    m_rowLabelWidth = std::min(m_rowLabelWidth + fm.averageCharWidth(), area.width() * 0.35);
    m_columnLabelHeight = fm.height();
    m_gridRect = QRectF(area.left() + m_rowLabelWidth, m_titleRect.bottom() + 2 + m_columnLabelHeight,
                        area.width() - m_rowLabelWidth,
                        area.bottom() - (m_titleRect.bottom() + 2 + m_columnLabelHeight));
    m_legendRect = QRectF();
    const bool legend = m_hasMatrix && m_scale == Scale::Difference;
    if (legend)
        m_gridRect.setBottom(m_gridRect.bottom() - legendHeight(QFontMetrics(font())));
    if (m_hasMatrix && m_values.rows() > 0 && m_values.cols() > 0) {
        // Square-ish cells, never taller than two lines of text.
        const double cellWidth = m_gridRect.width() / m_values.cols();
        const double cellHeight = std::min(m_gridRect.height() / m_values.rows(), fm.height() * 2.0);
        m_gridRect.setHeight(cellHeight * m_values.rows());
        if (legend) {
            m_legendRect = QRectF(m_gridRect.left(), m_gridRect.bottom() + fm.height() * 0.5,
                                  m_gridRect.width(), std::max(6.0, fm.height() * 0.5));
            // The colour bar, one pixel per column from −range to +range (white in the middle),
            // made here so that paintEvent only draws it.
            const Theme::MatrixColors &colors = m_viewState->theme().matrix();
            const int width = std::max(1, static_cast<int>(m_legendRect.width() * devicePixelRatioF()));
            m_legendImage = QImage(width, 1, QImage::Format_RGB32);
            auto *line = reinterpret_cast<QRgb *>(m_legendImage.scanLine(0));
            for (int x = 0; x < width; ++x)
                line[x] = divergingColor((2.0 * (x + 0.5) / width - 1.0), 1.0, colors).rgb();
        }
        const QString widest = m_scale == Scale::Difference ? QStringLiteral("−0.0000") : QStringLiteral("0.0000");
        m_showNumbers = cellWidth >= fm.horizontalAdvance(widest) + 4 && cellHeight >= fm.height();
    }
    placeLabels();
}

void ComparisonGrid::placeLabels()
{
    m_placedRowLabels.clear();
    m_placedColumnLabels.clear();
    if (!m_hasMatrix || m_values.rows() == 0 || m_values.cols() == 0)
        return;
    // Every name when the cells give it room, shortened to its cell otherwise; only cells too
    // small for a few letters write every n-th name.
    const QFontMetricsF fm(font());
    const double few = 4.0 * fm.averageCharWidth();
    const MatrixLabelLayout columns(m_columnLabels.mid(0, m_values.cols()), font());
    MatrixLabelLayout::Placement across;
    across.axis = MatrixLabelLayout::Axis::Columns;
    across.above = true;
    across.start = m_gridRect.left();
    across.cell = m_gridRect.width() / m_values.cols();
    across.edge = m_gridRect.top();
    across.depth = m_columnLabelHeight;
    across.gap = 2.0;
    across.step = MatrixLabelLayout::stepFor(std::min(columns.widest(), few) + across.gap, across.cell,
                                             MatrixLabelLayout::Thinning::AnyStep);
    m_placedColumnLabels = columns.place(across);

    const MatrixLabelLayout rows(m_rowLabels.mid(0, m_values.rows()), font());
    MatrixLabelLayout::Placement down;
    down.axis = MatrixLabelLayout::Axis::Rows;
    down.start = m_gridRect.top();
    down.cell = m_gridRect.height() / m_values.rows();
    down.edge = m_gridRect.left() - 4;
    down.depth = m_rowLabelWidth - 4;
    down.step = MatrixLabelLayout::stepFor(fm.height(), down.cell, MatrixLabelLayout::Thinning::AnyStep);
    m_placedRowLabels = rows.place(down);
}

QVector<DrawnLabel> ComparisonGrid::drawnLabels() const
{
    QVector<DrawnLabel> labels;
    for (const MatrixLabelLayout::Label &label : m_placedColumnLabels)
        labels.append(label.toDrawnLabel());
    for (const MatrixLabelLayout::Label &label : m_placedRowLabels)
        labels.append(label.toDrawnLabel());
    return labels;
}

QRectF ComparisonGrid::cellRect(int row, int column) const
{
    if (!m_hasMatrix || row < 0 || column < 0 || row >= m_values.rows() || column >= m_values.cols())
        return QRectF();
    const double w = m_gridRect.width() / m_values.cols();
    const double h = m_gridRect.height() / m_values.rows();
    return QRectF(m_gridRect.left() + column * w, m_gridRect.top() + row * h, w, h);
}

QRectF ComparisonGrid::legendRect() const
{
    return m_legendRect;
}

QStringList ComparisonGrid::legendLabels() const
{
    const QString magnitude = formatCompact(m_differenceRange);
    return {QStringLiteral("−") + magnitude, QStringLiteral("0"), QStringLiteral("+") + magnitude};
}

QColor ComparisonGrid::cellColor(int row, int column) const
{
    if (!m_hasMatrix || row < 0 || column < 0 || row >= m_values.rows() || column >= m_values.cols())
        return QColor();
    const Theme::MatrixColors &colors = m_viewState->theme().matrix();
    if (m_allowed && !(*m_allowed)(row, column))
        return colors.maskedFill;
    const double x = m_values(row, column);
    if (m_scale == Scale::Difference)
        return divergingColor(x, m_differenceRange, colors);
    return m_viewState->colorMap().colorAt(x);
}

void ComparisonGrid::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const Theme &theme = m_viewState->theme();
    const QFontMetricsF fm(font());
    painter.setFont(m_titleFont);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(m_titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetricsF(m_titleFont).elidedText(m_title, Qt::ElideRight, m_titleRect.width()));
    painter.setFont(font());

    if (!m_hasMatrix) {
        const QRectF box = QRectF(rect()).adjusted(2, m_titleRect.bottom() + 4, -2, -2);
        painter.fillRect(box, theme.undefinedBackground());
        painter.setPen(theme.hintColor());
        painter.drawText(box.adjusted(6, 4, -6, -4), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }

    painter.setPen(palette().color(QPalette::WindowText));
    for (const MatrixLabelLayout::Label &label : m_placedColumnLabels)
        MatrixLabelLayout::draw(painter, label);
    for (const MatrixLabelLayout::Label &label : m_placedRowLabels)
        MatrixLabelLayout::draw(painter, label);
    for (int i = 0; i < m_values.rows(); ++i) {
        for (int j = 0; j < m_values.cols(); ++j) {
            const QRectF cell = cellRect(i, j);
            const QColor fill = cellColor(i, j);
            painter.fillRect(cell, fill);
            const bool masked = m_allowed && !(*m_allowed)(i, j);
            if (masked)
                painter.fillRect(cell, QBrush(theme.matrix().maskedHatch, Qt::BDiagPattern));
            if (m_showNumbers) {
                painter.setPen(masked ? theme.matrix().maskedText : ColorMap::textColorOn(fill.rgb()));
                painter.drawText(cell, Qt::AlignCenter, formatCompact(m_values(i, j)));
            }
        }
    }
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(m_gridRect);

    if (!m_legendRect.isEmpty()) {
        painter.drawImage(m_legendRect, m_legendImage);
        painter.setPen(QPen(palette().color(QPalette::Mid), 1));
        painter.drawRect(m_legendRect);
        const QStringList labels = legendLabels();
        const QRectF labelRow(m_legendRect.left(), m_legendRect.bottom() + 1, m_legendRect.width(), fm.height());
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(labelRow, Qt::AlignLeft | Qt::AlignTop, labels.at(0));
        painter.drawText(labelRow, Qt::AlignHCenter | Qt::AlignTop, labels.at(1));
        painter.drawText(labelRow, Qt::AlignRight | Qt::AlignTop, labels.at(2));
    }
}

bool ComparisonGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        for (int i = 0; i < m_values.rows(); ++i) {
            for (int j = 0; j < m_values.cols(); ++j) {
                if (cellRect(i, j).contains(help->pos())) {
                    QToolTip::showText(help->globalPos(),
                                       QStringLiteral("%1 → %2: %3")
                                           .arg(m_rowLabels.value(i), m_columnLabels.value(j),
                                                formatFull(m_values(i, j))),
                                       this);
                    return true;
                }
            }
        }
        for (const QVector<MatrixLabelLayout::Label> *labels : {&m_placedColumnLabels, &m_placedRowLabels}) {
            for (const MatrixLabelLayout::Label &label : *labels) {
                if (label.isShortened() && label.rect.contains(help->pos())) {
                    QToolTip::showText(help->globalPos(), label.fullText, this);
                    return true;
                }
            }
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

} // namespace attnlens
