#include "derivationplane.h"

#include "attentionmodel.h"
#include "numberformat.h"
#include "textfit.h"
#include "theme.h"
#include "viewstate.h"

#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

/// Pixels within which a press picks a token.
constexpr double kPickRadius = 14.0;

/// "[1.375, 0.875]": row i, its numbers as they were typed or as short as they are.
QString rowText(const Matrix &m, Index i)
{
    QStringList entries;
    for (Index j = 0; j < m.cols(); ++j)
        entries.append(formatInput(m(i, j)));
    return QLatin1Char('[') + entries.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString matrixText(const Matrix &m)
{
    QStringList rows;
    for (Index i = 0; i < m.rows(); ++i)
        rows.append(rowText(m, i));
    return QLatin1Char('[') + rows.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

DerivationPlane::DerivationPlane(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_move(model)
{
    setObjectName(QStringLiteral("derivationPlane"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setAccessibleName(tr("Token plane"));
    const auto refresh = [this] {
        const std::optional<Derivation> &d = m_model->derivation();
        const int rows = d ? int(d->stream(m_selectedStream).rows()) : 0;
        if (!d || (m_selectedStream == TokenStream::Y && !d->isCross()))
            m_selectedStream = TokenStream::X;
        if (d && m_selectedRow >= (m_selectedStream == TokenStream::X ? int(d->x.rows()) : rows))
            m_selectedRow = 0;
        updateDescription();
        update();
    };
    connect(m_model, &AttentionModel::derivationChanged, this, refresh);
    connect(m_model, &AttentionModel::scenarioReset, this, refresh);
    connect(m_viewState, &ViewState::themeChanged, this, qOverload<>(&QWidget::update));
    connect(m_viewState, &ViewState::lineScaleChanged, this, qOverload<>(&QWidget::update));
    updateDescription();
}

const Theme &DerivationPlane::theme() const
{
    return m_viewState->theme();
}

QString DerivationPlane::sourceSentence(const std::optional<Derivation> &derivation)
{
    if (!derivation)
        return tr("Q, K and V are typed in, not derived from tokens");
    return derivation->isCross() ? tr("Q comes from X; K and V come from Y (cross-attention)")
                                 : tr("Q, K and V all come from X (self-attention)");
}

void DerivationPlane::selectToken(TokenStream stream, int row)
{
    const std::optional<Derivation> &d = m_model->derivation();
    if (!d || (stream == TokenStream::Y && !d->isCross()) || row < 0 || row >= d->stream(stream).rows())
        return;
    m_selectedStream = stream;
    m_selectedRow = row;
    updateDescription();
    update();
}

void DerivationPlane::setFigureMode(bool figure)
{
    m_figure = figure;
    update();
}

double DerivationPlane::naturalExtent() const
{
    double extent = 1.5;
    if (const std::optional<Derivation> &d = m_model->derivation()) {
        for (const Matrix *m : {&d->x, d->y ? &*d->y : nullptr}) {
            if (!m)
                continue;
            for (Index i = 0; i < m->rows(); ++i)
                for (Index j = 0; j < std::min<Index>(2, m->cols()); ++j)
                    extent = std::max(extent, 1.2 * std::abs((*m)(i, j)));
        }
    }
    // Whole halves, so the grid stays put while tokens move inside it.
    return std::ceil(extent * 2.0) / 2.0;
}

QPointF DerivationPlane::Frame::toWidget(double x, double y) const
{
    return QPointF(plot.center().x() + x / extent * plot.width() / 2,
                   plot.center().y() - y / extent * plot.height() / 2);
}

QPointF DerivationPlane::Frame::toPlane(const QPointF &point) const
{
    return QPointF((point.x() - plot.center().x()) / (plot.width() / 2) * extent,
                   -(point.y() - plot.center().y()) / (plot.height() / 2) * extent);
}

DerivationPlane::Frame DerivationPlane::frameFor(const QRectF &rect) const
{
    const QFontMetricsF metrics(font());
    const double line = metrics.height();
    QRectF area = rect.adjusted(line * 0.5, line * 0.5, -line * 0.5, -line * 0.5);
    if (m_figure && rect.width() > 1.3 * rect.height())
        area.adjust(0, 1.5 * line, -0.45 * rect.width(), 0);  // the numbers stand to the right
    else if (m_figure)
        area.adjust(0, 1.5 * line, 0, -4.5 * line);
    else
        area.adjust(0, 1.4 * line, 0, 0);  // the legend
    const double side = std::max(10.0, std::min(area.width(), area.height()));
    Frame frame;
    frame.plot = QRectF(area.center().x() - side / 2, area.top() + (area.height() - side) / 2, side, side);
    frame.extent = m_frozenExtent ? *m_frozenExtent : naturalExtent();
    return frame;
}

QRectF DerivationPlane::plotRect() const
{
    return frameFor(QRectF(rect())).plot;
}

std::optional<QPointF> DerivationPlane::tokenPosition(TokenStream stream, int row) const
{
    const std::optional<Derivation> &d = m_model->derivation();
    if (!d || (stream == TokenStream::Y && !d->isCross()) || row < 0 || row >= d->stream(stream).rows())
        return std::nullopt;
    const Matrix &m = d->stream(stream);
    const Frame frame = frameFor(QRectF(rect()));
    return frame.toWidget(m(row, 0), m.cols() > 1 ? m(row, 1) : 0.0);
}

void DerivationPlane::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintPlane(painter, QRectF(rect()));
}

void DerivationPlane::paintPlane(QPainter &painter, const QRectF &rect) const
{
    const Theme &look = theme();
    const double lineWidth = m_viewState->lineWidthFactor();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(rect, look.viewBackground());
    painter.setFont(font());
    const QFontMetricsF metrics(font());
    const double line = metrics.height();
    const Frame frame = frameFor(rect);
    const std::optional<Derivation> &d = m_model->derivation();
    const Scenario &scenario = m_model->scenario();

    // Above the plane: the legend (the lab says where Q, K and V come from in its own line),
    // or, in a figure, that sentence itself.
    painter.setPen(look.textColor());
    const QRectF top(rect.left() + line * 0.5, rect.top() + line * 0.4, rect.width() - line, line * 1.2);
    if (m_figure) {
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.drawText(top, Qt::AlignLeft | Qt::AlignVCenter,
                         fittedText({sourceSentence(d)}, bold, top.width()));
        painter.setFont(font());
    } else if (d) {
        const QString legend = d->isCross()
            ? tr("\u25cf X: tokens that ask (queries)   \u25a0 Y: tokens that answer (keys, values)")
            : tr("\u25cf X: each token gives a query, a key and a value");
        // Narrow (a dock beside others, presentation mode's large type): the same in symbols.
        const QString symbols = d->isCross() ? QStringLiteral("\u25cf X \u2192 Q   \u25a0 Y \u2192 K, V")
                                             : QStringLiteral("\u25cf X \u2192 Q, K, V");
        painter.drawText(top, Qt::AlignLeft | Qt::AlignVCenter, fittedText({legend, symbols}, font(), top.width()));
    }

    painter.fillRect(frame.plot, look.plotBackground());
    // Grid every half unit, axes through the origin.
    painter.setPen(QPen(look.gridColor(), lineWidth));
    for (double v = -std::floor(frame.extent * 2) / 2; v <= frame.extent + 1e-9; v += 0.5) {
        painter.drawLine(frame.toWidget(v, -frame.extent), frame.toWidget(v, frame.extent));
        painter.drawLine(frame.toWidget(-frame.extent, v), frame.toWidget(frame.extent, v));
    }
    painter.setPen(QPen(look.zeroAxisColor(), 1.5 * lineWidth));
    painter.drawLine(frame.toWidget(0, -frame.extent), frame.toWidget(0, frame.extent));
    painter.drawLine(frame.toWidget(-frame.extent, 0), frame.toWidget(frame.extent, 0));
    painter.setPen(QPen(look.frameColor(), lineWidth));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(frame.plot);
    painter.setPen(look.hintColor());
    painter.drawText(QRectF(frame.plot.right() - 6 * line, frame.plot.bottom() - 1.2 * line, 5.8 * line, line),
                     Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("\u00b1%1").arg(formatInput(frame.extent)));

    if (!d) {
        painter.setPen(look.hintColor());
        painter.drawText(frame.plot, Qt::AlignCenter | Qt::TextWordWrap,
                         tr("No tokens: Q, K and V of this scenario were typed in."));
        painter.restore();
        return;
    }

    const double radius = std::max(5.0, 0.45 * line) * std::max(1.0, lineWidth * 0.8);
    const auto drawToken = [&](TokenStream stream, int row) {
        const Matrix &m = d->stream(stream);
        const QPointF at = frame.toWidget(m(row, 0), m.cols() > 1 ? m(row, 1) : 0.0);
        const bool isX = stream == TokenStream::X;
        const QColor fill = isX ? look.queryColor(row) : look.keyColor();
        painter.setPen(QPen(look.textColor(), lineWidth));
        painter.setBrush(fill);
        if (isX)
            painter.drawEllipse(at, radius, radius);
        else
            painter.drawRect(QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius));
        if (!m_figure && hasFocus() && stream == m_selectedStream && row == m_selectedRow) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(look.highlightColor(), 2 * lineWidth, Qt::DashLine));
            painter.drawEllipse(at, radius * 1.9, radius * 1.9);
        }
        const QString label = isX ? scenario.queryLabel(row) : scenario.keyLabel(row);
        painter.setPen(look.readableText(isX ? fill : look.textColor()));
        painter.drawText(QRectF(at.x() + radius * 1.4, at.y() - line, 8 * line, line),
                         Qt::AlignLeft | Qt::AlignBottom, label);
    };
    if (d->y) {
        for (int j = 0; j < d->y->rows(); ++j)
            drawToken(TokenStream::Y, j);
    }
    for (int i = 0; i < d->x.rows(); ++i)
        drawToken(TokenStream::X, i);

    if (m_figure) {
        // The projections and what they make, written out: beside the plane when there is room,
        // under it otherwise (the projections only).
        painter.setPen(look.textColor());
        QStringList lines{QStringLiteral("W_Q = %1").arg(matrixText(d->wQ)),
                          QStringLiteral("W_K = %1").arg(matrixText(d->wK)),
                          QStringLiteral("W_V = %1").arg(matrixText(d->wV))};
        const bool beside = rect.width() > 1.3 * rect.height();
        QRectF column(rect.left() + line * 0.5, frame.plot.bottom() + 0.5 * line, rect.width() - line, 3.6 * line);
        if (beside) {
            column = QRectF(frame.plot.right() + line, frame.plot.top(),
                            rect.right() - frame.plot.right() - 1.5 * line, frame.plot.height());
            const QString source = d->isCross() ? QStringLiteral("Y") : QStringLiteral("X");
            const struct {
                const char *name;
                const Matrix *m;
                QString formula;
                bool fromX;
            } parts[] = {{"q", &scenario.queries, QStringLiteral("Q = X W_Q"), true},
                         {"k", &scenario.keys, QStringLiteral("K = %1 W_K").arg(source), false},
                         {"v", &scenario.values, QStringLiteral("V = %1 W_V").arg(source), false}};
            for (const auto &part : parts) {
                lines.append(QString());
                lines.append(part.formula);
                for (Index i = 0; i < std::min<Index>(part.m->rows(), 8); ++i) {
                    const QString label = part.fromX ? scenario.queryLabel(i) : scenario.keyLabel(i);
                    lines.append(QStringLiteral("  %1 (%2) = %3")
                                     .arg(QLatin1String(part.name), label, rowText(*part.m, i)));
                }
            }
        }
        const double step = std::min(1.2 * line, column.height() / std::max<qsizetype>(1, lines.size()));
        for (qsizetype r = 0; r < lines.size(); ++r) {
            const QRectF box(column.left(), column.top() + r * step, column.width(), step);
            painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, fittedText({lines[r]}, font(), box.width()));
        }
    }
    painter.restore();
}

void DerivationPlane::mousePressEvent(QMouseEvent *event)
{
    const std::optional<Derivation> &d = m_model->derivation();
    if (!d || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    // The nearest token within reach; X is drawn on top, so it wins a tie.
    double best = kPickRadius * std::max(1.0, m_viewState->lineWidthFactor());
    std::optional<std::pair<TokenStream, int>> picked;
    for (TokenStream stream : {TokenStream::X, TokenStream::Y}) {
        if (stream == TokenStream::Y && !d->isCross())
            continue;
        for (int row = 0; row < d->stream(stream).rows(); ++row) {
            const QPointF at = *tokenPosition(stream, row);
            const double distance = std::hypot(at.x() - event->position().x(), at.y() - event->position().y());
            if (distance < best) {
                best = distance;
                picked = std::pair{stream, row};
            }
        }
    }
    if (!picked)
        return;
    selectToken(picked->first, picked->second);
    m_frozenExtent = naturalExtent();
    m_dragging = true;
    const QString label = picked->first == TokenStream::X ? m_model->scenario().queryLabel(picked->second)
                                                          : m_model->scenario().keyLabel(picked->second);
    m_move.begin(tr("Move token %1").arg(label));
}

void DerivationPlane::mouseMoveEvent(QMouseEvent *event)
{
    const std::optional<Derivation> &d = m_model->derivation();
    if (!m_dragging || !d)
        return;
    const Frame frame = frameFor(QRectF(rect()));
    const QPointF at = frame.toPlane(event->position());
    Eigen::RowVectorXd token = d->stream(m_selectedStream).row(m_selectedRow);
    token(0) = std::clamp(at.x(), -frame.extent, frame.extent);
    if (token.size() > 1)
        token(1) = std::clamp(at.y(), -frame.extent, frame.extent);
    const Gesture::Step step(m_move);
    m_model->setToken(m_selectedStream, m_selectedRow, token);
}

void DerivationPlane::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragging && event->button() == Qt::LeftButton)
        endGesture();
}

void DerivationPlane::endGesture()
{
    const bool wasOpen = m_dragging || m_keyGesture;
    m_dragging = false;
    m_keyGesture = false;
    m_frozenExtent.reset();
    if (wasOpen)
        m_move.end();
    update();
}

void DerivationPlane::moveSelectedBy(double dx, double dy)
{
    const std::optional<Derivation> &d = m_model->derivation();
    if (!d)
        return;
    Eigen::RowVectorXd token = d->stream(m_selectedStream).row(m_selectedRow);
    // To six decimals, so that a run of presses reads -0.55, not -0.55000000000000004.
    const auto rounded = [](double v) { return std::round(v * 1e6) / 1e6; };
    token(0) = rounded(token(0) + dx);
    if (token.size() > 1)
        token(1) = rounded(token(1) + dy);
    m_model->setToken(m_selectedStream, m_selectedRow, token);
}

void DerivationPlane::keyPressEvent(QKeyEvent *event)
{
    const std::optional<Derivation> &d = m_model->derivation();
    if (!d) {
        QWidget::keyPressEvent(event);
        return;
    }
    const double step = event->modifiers() & Qt::ShiftModifier ? kFineStep : kStep;
    double dx = 0;
    double dy = 0;
    switch (event->key()) {
    case Qt::Key_Left: dx = -step; break;
    case Qt::Key_Right: dx = step; break;
    case Qt::Key_Up: dy = step; break;
    case Qt::Key_Down: dy = -step; break;
    case Qt::Key_PageDown:
    case Qt::Key_PageUp: {
        // Every token in turn: X first, then Y.
        const int xCount = int(d->x.rows());
        const int total = xCount + (d->y ? int(d->y->rows()) : 0);
        int index = (m_selectedStream == TokenStream::X ? 0 : xCount) + m_selectedRow;
        index = (index + (event->key() == Qt::Key_PageDown ? 1 : total - 1)) % total;
        if (index < xCount)
            selectToken(TokenStream::X, index);
        else
            selectToken(TokenStream::Y, index - xCount);
        return;
    }
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    if (!m_keyGesture && !m_dragging) {
        // A run of presses (held down, or pressed again before release) is one undo step.
        m_keyGesture = true;
        m_frozenExtent = naturalExtent();
        const QString label = m_selectedStream == TokenStream::X ? m_model->scenario().queryLabel(m_selectedRow)
                                                                 : m_model->scenario().keyLabel(m_selectedRow);
        m_move.begin(tr("Move token %1").arg(label));
    }
    const Gesture::Step own(m_move);
    moveSelectedBy(dx, dy);
}

void DerivationPlane::keyReleaseEvent(QKeyEvent *event)
{
    if (m_keyGesture && !event->isAutoRepeat())
        endGesture();
    else
        QWidget::keyReleaseEvent(event);
}

void DerivationPlane::focusOutEvent(QFocusEvent *event)
{
    if (m_dragging || m_keyGesture)
        endGesture();
    QWidget::focusOutEvent(event);
}

void DerivationPlane::updateDescription()
{
    const std::optional<Derivation> &d = m_model->derivation();
    if (!d) {
        setAccessibleDescription(tr("No tokens: Q, K and V of this scenario were typed in."));
        return;
    }
    const Scenario &scenario = m_model->scenario();
    QStringList parts;
    for (TokenStream stream : {TokenStream::X, TokenStream::Y}) {
        if (stream == TokenStream::Y && !d->isCross())
            continue;
        const Matrix &m = d->stream(stream);
        for (int row = 0; row < m.rows(); ++row) {
            const QString label = stream == TokenStream::X ? scenario.queryLabel(row) : scenario.keyLabel(row);
            const QString where = tr("%1 (%2) at [%3, %4]")
                                      .arg(label, QString(QLatin1String(stream == TokenStream::X ? "X" : "Y")))
                                      .arg(formatInput(m(row, 0)))
                                      .arg(formatInput(m.cols() > 1 ? m(row, 1) : 0.0));
            const bool selected = stream == m_selectedStream && row == m_selectedRow;
            parts.append(selected ? tr("%1, selected").arg(where) : where);
        }
    }
    setAccessibleDescription(tr("%1. Page Up and Page Down pick a token, the arrow keys move it "
                                "(Shift: finer). Tokens: %2.")
                                 .arg(sourceSentence(d), parts.join(QStringLiteral("; "))));
}

QSize DerivationPlane::sizeHint() const
{
    const double line = QFontMetricsF(font()).height();
    return QSize(int(22 * line), int(m_figure ? 28 * line : 22 * line));
}

QSize DerivationPlane::minimumSizeHint() const
{
    const double line = QFontMetricsF(font()).height();
    return QSize(int(12 * line), int(9 * line));
}

} // namespace attnlens
