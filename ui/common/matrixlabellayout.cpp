#include "matrixlabellayout.h"

#include <QPainter>

#include <algorithm>
#include <climits>
#include <cmath>

namespace attnlens {

namespace {

constexpr int kNoStep = INT_MAX / 2;
const QChar kEllipsis(0x2026);

bool overlaps(const QRectF &a, const QRectF &b)
{
    // Boxes that only touch do not overlap.
    constexpr double slack = 0.01;
    return a.adjusted(slack, slack, -slack, -slack).intersects(b.adjusted(slack, slack, -slack, -slack));
}

int roundStep(double raw)
{
    if (raw <= 1.0)
        return 1;
    for (qint64 base = 1; base < kNoStep; base *= 10) {
        for (int factor : {1, 2, 5}) {
            if (base * factor >= raw)
                return static_cast<int>(base * factor);
        }
    }
    return kNoStep;
}

} // namespace

bool MatrixLabelLayout::Label::isShortened() const
{
    return text.contains(kEllipsis);
}

QString MatrixLabelLayout::Label::toolTip() const
{
    return isShortened() ? fullText : QString();
}

MatrixLabelLayout::MatrixLabelLayout(const QStringList &labels, const QFont &font, int maxTwoLineLabels)
    : m_labels(labels)
    , m_font(font)
    , m_metrics(font)
{
    m_lineHeight = m_metrics.height();
    for (const QString &label : labels) {
        m_widest = std::max(m_widest, m_metrics.horizontalAdvance(label));
        // Beyond Latin the text may come from a fallback font with a taller line.
        if (std::any_of(label.cbegin(), label.cend(), [](QChar c) { return c.unicode() > 0x024F; }))
            m_lineHeight = std::max(m_lineHeight, m_metrics.boundingRect(label).height());
        if (attnlens::stacksUpright(label)) {
            m_stacks = true;
            const QString column = uprightColumn(label);
            const int lines = column.isEmpty() ? 0 : static_cast<int>(column.count(QLatin1Char('\n'))) + 1;
            m_tallestStacked = std::max(m_tallestStacked, lines * m_metrics.lineSpacing());
        }
    }
    m_widestTwoLines = m_widest;
    if (labels.size() > maxTwoLineLabels)
        return;
    // Each label's narrowest break over two lines ("token 3" / "(padding)").
    m_widestTwoLines = 0.0;
    m_twoLineTexts.reserve(labels.size());
    for (const QString &label : labels) {
        const QStringList words = label.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        double best = m_metrics.horizontalAdvance(label);
        QString bestText = label;
        for (int split = 1; split < words.size(); ++split) {
            const QString first = words.mid(0, split).join(QLatin1Char(' '));
            const QString second = words.mid(split).join(QLatin1Char(' '));
            const double width = std::max(m_metrics.horizontalAdvance(first), m_metrics.horizontalAdvance(second));
            if (width < best) {
                best = width;
                bestText = first + QLatin1Char('\n') + second;
            }
        }
        m_twoLineTexts.append(bestText);
        m_widestTwoLines = std::max(m_widestTwoLines, best);
    }
}

QString MatrixLabelLayout::twoLineText(int index) const
{
    if (index >= 0 && index < m_twoLineTexts.size())
        return m_twoLineTexts.at(index);
    return m_labels.value(index);
}

double MatrixLabelLayout::extentAlong(Form form) const
{
    switch (form) {
    case Form::Across:
        return m_widest;
    case Form::TwoLines:
        return m_widestTwoLines;
    case Form::Turned:
    case Form::Stacked:
        return m_metrics.height();
    }
    return m_widest;
}

int MatrixLabelLayout::stepFor(double need, double cell, Thinning thinning)
{
    if (!(cell > 0.0))
        return kNoStep;
    const double raw = need / cell;
    if (!std::isfinite(raw) || raw > kNoStep)
        return kNoStep;
    if (thinning == Thinning::RoundSteps)
        return roundStep(raw);
    return std::max(1, static_cast<int>(std::ceil(raw - 1e-9)));
}

MatrixLabelLayout::Choice MatrixLabelLayout::choose(const QVector<Candidate> &candidates,
                                                    const std::function<double(double)> &cellFor,
                                                    Thinning thinning, Fallback fallback) const
{
    Choice chosen;
    bool any = false;
    for (const Candidate &candidate : candidates) {
        const double cell = cellFor(candidate.depth);
        const Choice choice{candidate.form, candidate.depth, cell,
                            stepFor(extentAlong(candidate.form) + candidate.gap, cell, thinning)};
        if (choice.step == 1)
            return choice;
        if (!any || fallback == Fallback::LastCandidate || choice.step < chosen.step)
            chosen = choice;
        any = true;
    }
    return chosen;
}

QString MatrixLabelLayout::fitted(const Placement &placement, int index, double room) const
{
    const QString &label = m_labels.at(index);
    switch (placement.form) {
    case Form::Across:
    case Form::TwoLines: {
        QString text = label;
        if (placement.form == Form::TwoLines && m_metrics.horizontalAdvance(label) > room)
            text = twoLineText(index);
        // Still too wide for its room: each line is shortened.
        QStringList lines = text.split(QLatin1Char('\n'));
        for (QString &line : lines) {
            if (m_metrics.horizontalAdvance(line) > room)
                line = m_metrics.elidedText(line, Qt::ElideRight, std::max(0.0, room));
        }
        return lines.join(QLatin1Char('\n'));
    }
    case Form::Turned: {
        if (m_metrics.horizontalAdvance(label) <= placement.depth)
            return label;
        // Upright on two lines broken at a space, where the column is wide enough for two;
        // only then shortened.
        if (placement.turnedTwoLinesFrom > 0.0 && room >= placement.turnedTwoLinesFrom && placement.step == 1) {
            QString split;
            double best = placement.depth;
            for (qsizetype at = label.indexOf(QLatin1Char(' ')); at > 0; at = label.indexOf(QLatin1Char(' '), at + 1)) {
                const double longer = std::max(m_metrics.horizontalAdvance(label.left(at)),
                                               m_metrics.horizontalAdvance(label.mid(at + 1)));
                if (longer <= best) {
                    best = longer;
                    split = label.left(at) + QLatin1Char('\n') + label.mid(at + 1);
                }
            }
            if (!split.isEmpty())
                return split;
        }
        return m_metrics.elidedText(label, Qt::ElideRight, placement.depth);
    }
    case Form::Stacked: {
        QStringList characters = uprightColumn(label).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const int fit = static_cast<int>(std::floor(placement.depth / m_metrics.lineSpacing() + 1e-9));
        if (characters.size() > fit) {
            if (fit <= 0)
                return QString();
            characters = characters.mid(0, fit - 1);
            characters.append(QString(kEllipsis));
        }
        return characters.join(QLatin1Char('\n'));
    }
    }
    return label;
}

MatrixLabelLayout::Label MatrixLabelLayout::makeLabel(const Placement &placement, int index, double low,
                                                      double high) const
{
    Label label;
    label.index = index;
    label.fullText = m_labels.at(index);
    const double centre = (low + high) / 2;
    const double h = m_metrics.height();
    const double depth = placement.depth;

    if (placement.axis == Axis::Rows) {
        label.text = m_metrics.elidedText(label.fullText, Qt::ElideRight, depth);
        label.box = QRectF(placement.edge - depth, centre - h / 2, depth, h);
        label.alignment = Qt::AlignRight | Qt::AlignVCenter;
        const double width = m_metrics.horizontalAdvance(label.text);
        label.rect = QRectF(placement.edge - width, centre - h / 2, width, h);
        return label;
    }

    // A column label gets the room of the `step` columns it stands for, less the gap.
    const double room = std::max(1, placement.step) * (high - low) - placement.gap;
    label.text = fitted(placement, index, room);
    switch (placement.form) {
    case Form::Across:
    case Form::TwoLines:
    case Form::Stacked: {
        const int vertical = placement.above ? Qt::AlignBottom : Qt::AlignTop;
        label.alignment = Qt::AlignHCenter | vertical;
        const double width = placement.form == Form::Stacked
            ? h
            : m_metrics.boundingRect(QRectF(), 0, label.text).width() + 2;
        const double top = placement.above ? placement.edge - depth : placement.edge;
        label.box = QRectF(centre - width / 2, top, width, depth);
        label.rect = label.text.isEmpty() ? QRectF() : m_metrics.boundingRect(label.box, label.alignment, label.text);
        break;
    }
    case Form::Turned: {
        const bool twoLines = label.text.contains(QLatin1Char('\n'));
        const double across = twoLines ? 2 * m_metrics.lineSpacing() : h;
        double length = 0.0;
        for (const QString &line : label.text.split(QLatin1Char('\n')))
            length = std::max(length, m_metrics.horizontalAdvance(line));
        label.origin = QPointF(centre, placement.edge);
        label.rotation = -90.0;
        // Turned anticlockwise, the box's x runs upwards from the origin: under the matrix the
        // text ends at the matrix, over it the text starts there.
        if (placement.above) {
            label.box = QRectF(0, -across / 2, depth, across);
            label.alignment = Qt::AlignLeft | Qt::AlignVCenter;
            label.rect = QRectF(centre - across / 2, placement.edge - length, across, length);
        } else {
            label.box = QRectF(-depth, -across / 2, depth, across);
            label.alignment = Qt::AlignRight | Qt::AlignVCenter;
            label.rect = QRectF(centre - across / 2, placement.edge, across, length);
        }
        break;
    }
    }
    return label;
}

QVector<MatrixLabelLayout::Label> MatrixLabelLayout::place(const Placement &placement) const
{
    QVector<Label> written;
    const int n = count();
    if (n == 0 || !(placement.depth > 0.0))
        return written;
    const bool useEdges = placement.edges.size() == n + 1;
    if (!useEdges && !(placement.cell > 0.0))
        return written;
    auto low = [&](int i) { return useEdges ? placement.edges.at(i) : placement.start + i * placement.cell; };
    auto high = [&](int i) { return useEdges ? placement.edges.at(i + 1) : placement.start + (i + 1) * placement.cell; };
    const bool rows = placement.axis == Axis::Rows;
    auto withinLimit = [&](const QRectF &rect) {
        return (rows ? rect.bottom() : rect.right()) <= placement.limit + 1e-9;
    };
    auto make = [&](int i) { return makeLabel(placement, i, low(i), high(i)); };

    QVector<Label> kept;
    for (int i : placement.keep) {
        if (i < 0 || i >= n || std::any_of(kept.cbegin(), kept.cend(), [i](const Label &l) { return l.index == i; }))
            continue;
        Label label = make(i);
        if (!label.text.isEmpty())
            kept.append(label);
    }
    auto clearOfKept = [&](const QRectF &rect) {
        return std::none_of(kept.cbegin(), kept.cend(), [&](const Label &l) { return overlaps(l.rect, rect); });
    };

    const int step = std::max(1, placement.step);
    for (int i = 0; i < n; i += step) {
        if (std::any_of(kept.cbegin(), kept.cend(), [i](const Label &l) { return l.index == i; }))
            continue;
        Label label = make(i);
        if (label.text.isEmpty() || !withinLimit(label.rect) || !clearOfKept(label.rect))
            continue;
        if (!written.isEmpty() && overlaps(written.constLast().rect, label.rect))
            continue;
        written.append(label);
    }
    written += kept;
    for (int i : placement.extra) {
        if (i < 0 || i >= n || std::any_of(written.cbegin(), written.cend(), [i](const Label &l) { return l.index == i; }))
            continue;
        Label label = make(i);
        if (label.text.isEmpty() || !withinLimit(label.rect))
            continue;
        if (std::none_of(written.cbegin(), written.cend(), [&](const Label &l) { return overlaps(l.rect, label.rect); }))
            written.append(label);
    }
    std::sort(written.begin(), written.end(), [](const Label &a, const Label &b) { return a.index < b.index; });
    return written;
}

void MatrixLabelLayout::draw(QPainter &painter, const Label &label)
{
    if (label.rotation == 0.0 && label.origin.isNull()) {
        painter.drawText(label.box, label.alignment, label.text);
        return;
    }
    painter.save();
    painter.translate(label.origin);
    painter.rotate(label.rotation);
    painter.drawText(label.box, label.alignment, label.text);
    painter.restore();
}

} // namespace attnlens
