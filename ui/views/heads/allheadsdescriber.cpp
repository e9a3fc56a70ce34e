#include "allheadsdescriber.h"

#include "attentionmodel.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace attnlens {

namespace {

const QString kSeparator = QStringLiteral(" \u00b7 ");

/// One head's part of the readout, kept on one line: a wrapped readout breaks between heads only.
QString unbroken(const QString &part)
{
    return QString(part).replace(QLatin1Char(' '), QChar(0x00a0));
}

} // namespace

QString AllHeadsDescriber::weight(double value)
{
    return QString::number(value, 'f', 2);
}

QString AllHeadsDescriber::readout(const AttentionModel &model, int query, int key, bool byNumber, int strongest)
{
    const Scenario &scenario = model.scenario();
    if (query < 0 || key < 0 || query >= scenario.queryCount() || key >= scenario.keyCount())
        return QString();
    if (!model.headResult(0))
        return QString();
    const bool allowed = scenario.isAllowed(query, key);
    // The mask is every head's: one word says it for all.
    if (!allowed)
        return tr("\u201c%1\u201d \u2192 \u201c%2\u201d: %3")
            .arg(scenario.queryLabel(query), scenario.keyLabel(key), tr("masked in every head (weight 0)"));
    std::vector<std::pair<double, Index>> weights;
    for (Index head = 0; head < model.headCount(); ++head) {
        const AttentionResult *result = model.headResult(head);
        if (!result || result->weights.rows() <= query || result->weights.cols() <= key)
            return QString();
        weights.emplace_back(result->weights(query, key), head);
    }
    const int heads = static_cast<int>(weights.size());
    const bool some = strongest >= 0 && strongest < heads;
    if (some) {
        // The strongest first; a tie keeps the heads' order.
        std::stable_sort(weights.begin(), weights.end(),
                         [](const auto &a, const auto &b) { return a.first > b.first; });
        weights.resize(static_cast<size_t>(strongest));
    }
    QStringList parts;
    for (const auto &[value, head] : weights) {
        const QString text = weight(value);
        parts << unbroken(byNumber ? tr("%1: %2").arg(head + 1).arg(text) : tr("%1 %2").arg(model.headName(head), text));
    }
    if (some)
        parts << unbroken(tr("+%1 more").arg(heads - strongest));
    return tr("\u201c%1\u201d \u2192 \u201c%2\u201d: %3")
        .arg(scenario.queryLabel(query), scenario.keyLabel(key), parts.join(kSeparator));
}

QString AllHeadsDescriber::hint(int heads)
{
    if (heads <= 1)
        return tr("This scenario has one head. Rows: queries, columns: keys.");
    return tr("Rows: queries, columns: keys. Point at a cell to compare the heads; click one to "
              "select it.");
}

QString AllHeadsDescriber::widestReadout(const AttentionModel &model, bool byNumber)
{
    const Scenario &scenario = model.scenario();
    QStringList parts;
    for (Index head = 0; head < model.headCount(); ++head)
        parts << unbroken(byNumber ? tr("%1: %2").arg(head + 1).arg(weight(0.0))
                                   : tr("%1 %2").arg(model.headName(head), weight(0.0)));
    QString query;
    for (Index row = 0; row < scenario.queryCount(); ++row)
        query = scenario.queryLabel(row).size() > query.size() ? scenario.queryLabel(row) : query;
    QString key;
    for (Index row = 0; row < scenario.keyCount(); ++row)
        key = scenario.keyLabel(row).size() > key.size() ? scenario.keyLabel(row) : key;
    return tr("\u201c%1\u201d \u2192 \u201c%2\u201d: %3").arg(query, key, parts.join(kSeparator));
}

QString AllHeadsDescriber::entropyTitle()
{
    return tr("Mean entropy per head, in nats: low = sharp, high = diffuse");
}

QString AllHeadsDescriber::entropyShortTitle()
{
    return tr("Mean entropy per head (nats)");
}

QString AllHeadsDescriber::entropyScale(int keys)
{
    return tr("ln %1 = %2").arg(keys).arg(QString::number(std::log(std::max(1, keys)), 'f', 2));
}

QString AllHeadsDescriber::entropyValue(double nats)
{
    return QString::number(nats, 'f', 2);
}

QString AllHeadsDescriber::figureTitle(const QString &scenarioName, int heads)
{
    // No plural forms: English is the source language and has no translation file to supply them.
    const QString count = heads == 1 ? tr("One head") : tr("All %1 heads").arg(heads);
    if (scenarioName.trimmed().isEmpty())
        return count;
    return tr("%1 \u2014 %2").arg(count, scenarioName.trimmed());
}

QString AllHeadsDescriber::refusal(const AttentionModel &model)
{
    if (!model.error())
        return QString();
    return tr("No weights to show: %1").arg(model.error()->describe());
}

QString AllHeadsDescriber::description(const AttentionModel &model, const QVector<double> &entropies,
                                       int focusedHead, int query, int key)
{
    const Scenario &scenario = model.scenario();
    const int heads = static_cast<int>(model.headCount());
    QStringList sentences;
    if (heads == 1) {
        sentences << tr("One head: a matrix of %1 queries by %2 keys coloured by its weights.")
                         .arg(scenario.queryCount())
                         .arg(scenario.keyCount());
    } else {
        sentences << tr("%1 heads, each a matrix of %2 queries by %3 keys coloured by its weights.")
                         .arg(heads)
                         .arg(scenario.queryCount())
                         .arg(scenario.keyCount());
    }
    sentences << tr("Selected: %1.").arg(model.headName(model.selectedHead()));
    if (focusedHead >= 0 && focusedHead < heads && focusedHead != model.selectedHead())
        sentences << tr("Keyboard on %1; Enter selects it.").arg(model.headName(focusedHead));
    const QString refused = refusal(model);
    if (!refused.isEmpty()) {
        sentences << refused;
        return sentences.join(QLatin1Char(' '));
    }
    if (entropies.size() == heads) {
        QStringList parts;
        for (int head = 0; head < heads; ++head)
            parts << tr("%1 %2").arg(model.headName(head), entropyValue(entropies[head]));
        sentences << tr("Mean entropy in nats: %1.").arg(parts.join(QStringLiteral(", ")));
    }
    const QString cell = readout(model, query, key);
    if (!cell.isEmpty())
        sentences << cell;
    return sentences.join(QLatin1Char(' '));
}

} // namespace attnlens
