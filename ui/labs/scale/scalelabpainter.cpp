#include "scalelabpainter.h"

#include "numberformat.h"
#include "textfit.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

constexpr double kPi = 3.14159265358979323846;

/// Text in `rect`, elided on the right when it does not fit.
void drawLine(QPainter &painter, const QRectF &rect, const QString &text, int flags = Qt::AlignLeft | Qt::AlignVCenter)
{
    const QFontMetricsF metrics(painter.font());
    painter.drawText(rect, flags, metrics.elidedText(text, Qt::ElideRight, rect.width()));
}

/// The first of `candidates` (longest first) that fits in `rect`.
void drawFitted(QPainter &painter, const QRectF &rect, const QStringList &candidates)
{
    painter.drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, fittedText(candidates, painter.font(), rect.width()));
}

/// A round number at least `x`: 1, 2 or 5 times a power of ten; `x` itself when no such number
/// above it fits in a double (x beyond 1e308, whose next round number, 2e308, is infinite).
double niceCeil(double x)
{
    if (!(x > 0.0))
        return 1.0;
    if (!std::isfinite(x))
        return std::numeric_limits<double>::max();
    const double power = std::pow(10.0, std::floor(std::log10(x)));
    for (double step : {1.0, 2.0, 5.0, 10.0}) {
        if (step * power >= x * (1.0 - 1e-12))
            return std::isfinite(step * power) ? step * power : x;
    }
    return std::isfinite(10.0 * power) ? 10.0 * power : x;
}

/// A measured spread as written: past the largest double it is said to be so, never "∞".
QString spreadNumber(double value)
{
    if (std::isfinite(value))
        return formatCompact(value, 2);
    return ScaleLabPainter::tr("above %1").arg(formatCompact(std::numeric_limits<double>::max(), 2));
}

QString axisNumber(double v)
{
    return formatInput(v, 2);
}

struct Histogram {
    const std::vector<double> *values = nullptr;
    double measuredSd = 0.0;
    double expectedSd = 1.0;
    QString title;
    QString expected;
    QColor colour;
};

void paintHistogram(QPainter &painter, const QRectF &rect, const Histogram &h, double reach,
                    const ScaleLabPicture &picture)
{
    const Theme &theme = picture.theme;
    QFont bold = picture.font;
    bold.setBold(true);
    const double em = QFontMetricsF(picture.font).height();
    painter.setFont(bold);
    painter.setPen(theme.textColor());
    QRectF line(rect.left(), rect.top(), rect.width(), em * 1.15);
    // A swatch in the series' colour, then the title.
    const QRectF swatch(line.left(), line.center().y() - 0.3 * em, 0.6 * em, 0.6 * em);
    painter.fillRect(swatch, h.colour);
    drawLine(painter, line.adjusted(0.9 * em, 0, 0, 0), h.title);
    painter.setFont(picture.font);
    // A short histogram (the lab in a dock on a 720-line screen) writes its spread on the title's
    // line when there is room beside the title, and keeps the height for the bars.
    const double titleWidth = 0.9 * em + QFontMetricsF(bold).horizontalAdvance(h.title) + em;
    const QString spread = ScaleLabPainter::tr("sd %1 (expected %2)").arg(spreadNumber(h.measuredSd), formatCompact(h.expectedSd, 2));
    if (rect.height() < 7 * em && titleWidth + QFontMetricsF(picture.font).horizontalAdvance(spread) < line.width())
        line.adjust(titleWidth, 0, 0, 0);
    else
        line.translate(0, em * 1.1);
    drawFitted(painter, line,
               {ScaleLabPainter::spreadLine(h.measuredSd, h.expected),
                ScaleLabPainter::tr("sd %1 (expected %2)").arg(spreadNumber(h.measuredSd), formatCompact(h.expectedSd, 2)),
                ScaleLabPainter::tr("sd %1").arg(spreadNumber(h.measuredSd))});

    const double tickHeight = em * 1.2;
    const QRectF plot(rect.left() + 0.3 * em, line.bottom() + 0.3 * em, rect.width() - 0.6 * em,
                      rect.bottom() - line.bottom() - 0.3 * em - tickHeight);
    if (plot.height() < 4 || plot.width() < 20)
        return;
    const std::vector<int> counts = ScaleLabPainter::histogram(*h.values, reach, ScaleLabPainter::kBins);
    // Written so that nothing overflows for a reach near the largest double (2·reach would).
    const double binWidth = reach / ScaleLabPainter::kBins * 2.0;
    const double n = static_cast<double>(h.values->size());
    // The expected normal curve, in counts per bin: at most every value in one bin (bins far
    // wider than the spread would otherwise expect more values than there are).
    const auto expectedCount = [&](double x) {
        const double z = x / h.expectedSd;
        const double share = binWidth / (h.expectedSd * std::sqrt(2.0 * kPi)) * std::exp(-0.5 * z * z);
        return n * std::min(1.0, share);
    };
    double top = 1.0;
    for (int c : counts)
        top = std::max(top, static_cast<double>(c));
    top = std::max(top, expectedCount(0.0)) * 1.08;
    const auto xOf = [&](double x) { return plot.left() + (x / reach + 1.0) / 2.0 * plot.width(); };
    // Bin edge b of kBins, by its share of the axis (−reach + b·binWidth may overflow).
    const auto edgeX = [&](int b) { return plot.left() + double(b) / ScaleLabPainter::kBins * plot.width(); };
    const auto yOf = [&](double count) { return plot.bottom() - count / top * plot.height(); };

    painter.fillRect(plot, theme.plotBackground());
    painter.setPen(QPen(theme.gridColor(), theme.lineWidthFactor()));
    for (int k = -2; k <= 2; ++k)
        painter.drawLine(QPointF(xOf(k * (reach / 2)), plot.top()), QPointF(xOf(k * (reach / 2)), plot.bottom()));

    QColor fill = h.colour;
    painter.setPen(Qt::NoPen);
    for (int b = 0; b < ScaleLabPainter::kBins; ++b) {
        if (counts[size_t(b)] == 0)
            continue;
        const double x0 = edgeX(b);
        const double x1 = edgeX(b + 1);
        const double gap = std::min(1.0, (x1 - x0) * 0.15);
        painter.fillRect(QRectF(QPointF(x0 + gap / 2, yOf(counts[size_t(b)])), QPointF(x1 - gap / 2, plot.bottom())), fill);
    }

    // The expected curve, dashed, over the bars.
    QPainterPath curve;
    const int steps = 160;
    for (int s = 0; s <= steps; ++s) {
        const double x = reach * (2.0 * s / steps - 1.0);
        const QPointF p(xOf(x), yOf(expectedCount(x)));
        if (s == 0)
            curve.moveTo(p);
        else
            curve.lineTo(p);
    }
    painter.setBrush(Qt::NoBrush);
    QPen curvePen(theme.textColor(), 1.5 * picture.lineWidth, Qt::DashLine);
    painter.setPen(curvePen);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.drawPath(curve);

    // ±sd as a bracket at mid height, in the series' colour darkened for contrast.
    const double y = plot.top() + 0.12 * plot.height();
    QPen bracket(theme.textColor(), 2.0 * picture.lineWidth);
    painter.setPen(bracket);
    const double left = xOf(std::max(-reach, -h.measuredSd));
    const double right = xOf(std::min(reach, h.measuredSd));
    painter.drawLine(QPointF(left, y), QPointF(right, y));
    painter.drawLine(QPointF(left, y - 0.25 * em), QPointF(left, y + 0.25 * em));
    painter.drawLine(QPointF(right, y - 0.25 * em), QPointF(right, y + 0.25 * em));
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QString sdLabel = QStringLiteral("±sd");
    const double labelWidth = QFontMetricsF(picture.font).horizontalAdvance(sdLabel);
    painter.drawText(QRectF(right + 0.3 * em, y - 0.6 * em, labelWidth + em, 1.2 * em),
                     Qt::AlignLeft | Qt::AlignVCenter, sdLabel);

    // Axis and ticks.
    painter.setPen(QPen(theme.frameColor(), theme.lineWidthFactor()));
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.setPen(theme.textColor());
    for (int k = -2; k <= 2; ++k) {
        const double x = xOf(k * (reach / 2));
        const QString label = axisNumber(k * (reach / 2));
        const double w = QFontMetricsF(picture.font).horizontalAdvance(label) + em;
        Qt::Alignment align = Qt::AlignHCenter;
        QRectF box(x - w / 2, plot.bottom(), w, tickHeight);
        if (k == -2) {
            box.moveLeft(plot.left());
            align = Qt::AlignLeft;
        } else if (k == 2) {
            box.moveRight(plot.right());
            align = Qt::AlignRight;
        }
        painter.drawText(box, align | Qt::AlignVCenter, label);
    }
}

void paintWeights(QPainter &painter, const QRectF &rect, const ScaleLabMeasurement &m,
                  const ScaleLabPicture &picture, const QColor &unscaledColour, const QColor &scaledColour)
{
    const Theme &theme = picture.theme;
    const double em = QFontMetricsF(picture.font).height();
    QFont bold = picture.font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(theme.textColor());
    QRectF line(rect.left(), rect.top(), rect.width(), em * 1.15);
    drawFitted(painter, line,
               {ScaleLabPainter::tr("Largest softmax weight of each query"),
                ScaleLabPainter::tr("Largest weight per query"), ScaleLabPainter::tr("Largest weight")});
    painter.setFont(picture.font);
    line.translate(0, em * 1.1);
    // The legend: two swatches.
    const QFontMetricsF metrics(picture.font);
    QString without = ScaleLabPainter::tr("without ÷√d_k");
    QString with = ScaleLabPainter::tr("with ÷√d_k");
    if (metrics.horizontalAdvance(without + with) + 3.3 * em > line.width()) {
        without = ScaleLabPainter::tr("without");
        with = ScaleLabPainter::tr("with");
    }
    double x = line.left();
    for (const auto &[text, colour] : {std::pair{without, unscaledColour}, std::pair{with, scaledColour}}) {
        painter.fillRect(QRectF(x, line.center().y() - 0.3 * em, 0.6 * em, 0.6 * em), colour);
        x += 0.9 * em;
        painter.drawText(QRectF(x, line.top(), metrics.horizontalAdvance(text) + 2, line.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, text);
        x += metrics.horizontalAdvance(text) + 1.2 * em;
    }

    const double summaryHeight = 2.3 * em;
    const double tickHeight = 1.2 * em;
    QRectF area(rect.left(), line.bottom() + 0.3 * em, rect.width(),
                rect.bottom() - line.bottom() - 0.3 * em - tickHeight - summaryHeight);
    const int rows = static_cast<int>(m.largestScaled.size());
    if (rows > 0 && area.height() > 8) {
        double labelWidth = 0.0;
        for (int i = 0; i < rows && i < picture.queryLabels.size(); ++i)
            labelWidth = std::max(labelWidth, metrics.horizontalAdvance(picture.queryLabels.at(i)));
        labelWidth = std::min(labelWidth + 0.5 * em, 0.3 * area.width());
        const QRectF bars(area.left() + labelWidth, area.top(), area.width() - labelWidth - 0.5 * em, area.height());
        // Rows too thin for their label show every row as bars and only some labels.
        const double rowHeight = bars.height() / rows;
        const int labelEvery = std::max(1, static_cast<int>(std::ceil(0.9 * em / rowHeight)));
        painter.fillRect(bars, theme.plotBackground());
        painter.setPen(QPen(theme.gridColor(), theme.lineWidthFactor()));
        for (double t : {0.25, 0.5, 0.75, 1.0})
            painter.drawLine(QPointF(bars.left() + t * bars.width(), bars.top()),
                             QPointF(bars.left() + t * bars.width(), bars.bottom()));
        QFont small = scaledFont(picture.font, std::min(1.0, rowHeight * labelEvery / em));
        for (int i = 0; i < rows; ++i) {
            const double top = bars.top() + i * rowHeight;
            const double barHeight = std::max(1.0, 0.4 * rowHeight);
            painter.fillRect(QRectF(bars.left(), top + 0.08 * rowHeight, m.largestUnscaled[size_t(i)] * bars.width(), barHeight),
                             unscaledColour);
            painter.fillRect(QRectF(bars.left(), top + 0.52 * rowHeight, m.largestScaled[size_t(i)] * bars.width(), barHeight),
                             scaledColour);
            if (i % labelEvery == 0 && i < picture.queryLabels.size()) {
                painter.setFont(small);
                painter.setPen(theme.textColor());
                painter.drawText(QRectF(area.left(), top, labelWidth - 0.3 * em, rowHeight * labelEvery),
                                 Qt::AlignRight | Qt::AlignVCenter, picture.queryLabels.at(i));
            }
        }
        painter.setFont(picture.font);
        painter.setPen(QPen(theme.frameColor(), theme.lineWidthFactor()));
        painter.drawLine(bars.bottomLeft(), bars.bottomRight());
        painter.drawLine(bars.topLeft(), bars.bottomLeft());
        painter.setPen(theme.textColor());
        for (double t : {0.0, 0.5, 1.0}) {
            const QString label = axisNumber(t);
            const double w = metrics.horizontalAdvance(label) + em;
            QRectF box(bars.left() + t * bars.width() - w / 2, bars.bottom(), w, tickHeight);
            if (t == 1.0)
                box.moveRight(bars.right() + 0.5 * em);
            painter.drawText(box, Qt::AlignCenter, label);
        }
    }
    painter.setPen(theme.textColor());
    QRectF summary(rect.left(), rect.bottom() - summaryHeight, rect.width(), em * 1.1);
    const QString largestWithout = formatCompact(m.meanLargestUnscaled, 2);
    const QString largestWith = formatCompact(m.meanLargestScaled, 2);
    drawFitted(painter, summary,
               {ScaleLabPainter::tr("mean largest weight: %1 without, %2 with").arg(largestWithout, largestWith),
                ScaleLabPainter::tr("mean largest: %1 / %2").arg(largestWithout, largestWith)});
    summary.translate(0, em * 1.15);
    const QString entropyWithout = formatCompact(m.meanEntropyUnscaled, 2);
    const QString entropyWith = formatCompact(m.meanEntropyScaled, 2);
    const QString even = formatCompact(m.uniformEntropy, 2);
    drawFitted(painter, summary,
               {ScaleLabPainter::tr("mean entropy: %1 without, %2 with (even: %3 nats)").arg(entropyWithout, entropyWith, even),
                ScaleLabPainter::tr("mean entropy: %1 / %2 (even: %3)").arg(entropyWithout, entropyWith, even),
                ScaleLabPainter::tr("entropy %1 / %2").arg(entropyWithout, entropyWith)});
}

} // namespace

QString ScaleLabPainter::rawTitle()
{
    return tr("Raw dot products q·k");
}

QString ScaleLabPainter::scaledTitle()
{
    return tr("Scaled scores q·k / √d_k");
}

QString ScaleLabPainter::spreadLine(double measured, const QString &expected)
{
    return tr("standard deviation %1 (expected %2)").arg(spreadNumber(measured), expected);
}

QString ScaleLabPainter::stretchLine(const ScaleLabStretch &s, const QString &keyLabel, const QString &queryLabel)
{
    return tr("%1 stretched × %2: its length %3 → %4, and %5's scaled score %6 → %7, ratio %8 "
              "(every query: %9)")
        .arg(keyLabel, formatInput(s.factor, 4), formatCompact(s.drawnLength, 2),
             formatCompact(s.stretchedLength, 2), queryLabel, formatCompact(s.drawnScore, 4),
             formatCompact(s.stretchedScore, 4), QString::number(s.ratio, 'g', 17),
             s.smallestRatio == s.largestRatio
                 ? QString::number(s.smallestRatio, 'g', 17)
                 : tr("%1 to %2").arg(QString::number(s.smallestRatio, 'g', 17),
                                      QString::number(s.largestRatio, 'g', 17)));
}

double ScaleLabPainter::axisReach(const ScaleLabMeasurement &m)
{
    double reach = 3.5 * std::max(1.0, m.expectedRawDeviation);
    for (const std::vector<double> *values : {&m.rawProducts, &m.scaledScores}) {
        for (double v : *values) {
            if (std::isfinite(v))  // as histogram(), which leaves them out
                reach = std::max(reach, std::abs(v));
        }
    }
    return niceCeil(reach);
}

std::vector<int> ScaleLabPainter::histogram(const std::vector<double> &values, double reach, int bins)
{
    std::vector<int> counts(size_t(std::max(bins, 1)), 0);
    for (double v : values) {
        if (!std::isfinite(v))
            continue;
        const double position = (v / reach + 1.0) / 2.0 * bins;
        const int b = std::clamp(static_cast<int>(std::floor(position)), 0, bins - 1);
        ++counts[size_t(b)];
    }
    return counts;
}

void ScaleLabPainter::paint(QPainter &painter, const QRectF &rect, const ScaleLabPicture &picture)
{
    const Theme &theme = picture.theme;
    painter.save();
    painter.fillRect(rect, theme.plotBackground());
    painter.setFont(picture.font);
    const double em = QFontMetricsF(picture.font).height();
    const QRectF inner = rect.adjusted(0.6 * em, 0.4 * em, -0.6 * em, -0.4 * em);
    painter.setPen(theme.textColor());
    if (!picture.measurement) {
        painter.drawText(inner, Qt::AlignCenter | Qt::TextWordWrap, picture.refusal);
        painter.restore();
        return;
    }
    const ScaleLabMeasurement &m = *picture.measurement;

    QFont title = scaledFont(picture.font, 1.2);
    title.setBold(true);
    painter.setFont(title);
    const double titleHeight = QFontMetricsF(title).height() * 1.1;
    QRectF line(inner.left(), inner.top(), inner.width(), titleHeight);
    drawFitted(painter, line,
               {tr("Why divide by √d_k: d_k = %1, %2 dot products").arg(m.keyDimension).arg(m.rawProducts.size()),
                tr("Why divide by √d_k: d_k = %1").arg(m.keyDimension), QStringLiteral("d_k = %1").arg(m.keyDimension)});
    painter.setFont(picture.font);
    double top = line.bottom();
    if (!picture.isSample) {
        painter.setPen(theme.hintColor());
        QRectF note(inner.left(), top, inner.width(), em * 1.1);
        drawLine(painter, note, tr("Not the lab's random sample (press New sample): the expected "
                                   "spreads hold for coordinates of variance 1."));
        painter.setPen(theme.textColor());
        top = note.bottom();
    }
    // The stretched key's sentence may take two lines in a narrow dock. The hint shown while no
    // key is stretched gives its lines to the histograms when the picture is short (a dock on a
    // 720-line screen): the plots are what the lab is for.
    const bool stretchShown = m.stretch && picture.isSample;
    const bool shortPicture = inner.height() - (top - inner.top()) < 17 * em;
    const double bandHeight = stretchShown || !shortPicture ? 2.4 * em : 0.0;
    const QRectF band(inner.left(), inner.bottom() - bandHeight, inner.width(), bandHeight);
    const QRectF middle(inner.left(), top + 0.4 * em, inner.width(), band.top() - top - 0.8 * em);

    const QColor unscaledColour = theme.queryColor(1);
    const QColor scaledColour = theme.queryColor(0);
    const double gap = 1.5 * em;
    const double leftWidth = std::round((middle.width() - gap) * 0.58);
    const QRectF left(middle.left(), middle.top(), leftWidth, middle.height());
    const QRectF right(left.right() + gap, middle.top(), middle.width() - leftWidth - gap, middle.height());
    const double reach = axisReach(m);
    const double half = (left.height() - 0.6 * em) / 2;
    Histogram raw{&m.rawProducts, m.rawDeviation, m.expectedRawDeviation, rawTitle(),
                  tr("√%1 = %2").arg(m.keyDimension).arg(formatCompact(m.expectedRawDeviation, 2)),
                  unscaledColour};
    Histogram scaled{&m.scaledScores, m.scaledDeviation, m.expectedScaledDeviation, scaledTitle(),
                     QStringLiteral("1"), scaledColour};
    paintHistogram(painter, QRectF(left.left(), left.top(), left.width(), half), raw, reach, picture);
    paintHistogram(painter, QRectF(left.left(), left.top() + half + 0.6 * em, left.width(), half), scaled,
                   reach, picture);
    paintWeights(painter, right, m, picture, unscaledColour, scaledColour);

    painter.setFont(picture.font);
    painter.setPen(theme.textColor());
    if (stretchShown) {
        const QString query = m.stretch->query < picture.queryLabels.size()
            ? picture.queryLabels.at(int(m.stretch->query)) : QString::number(m.stretch->query + 1);
        painter.drawText(band, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                         stretchLine(*m.stretch, picture.stretchedKeyLabel, query));
    } else if (bandHeight > 0) {
        painter.setPen(theme.hintColor());
        painter.drawText(band, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                         tr("Stretch a key: the division by √d_k scales every score alike, so a "
                            "longer key keeps its higher scores."));
    }
    painter.restore();
}

} // namespace attnlens
