#include "lessonguesscheck.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

/// Four decimals without trailing zeros; big numbers with one decimal; tiny ones in e-notation.
QString formatNumber(double x)
{
    if (x == 0.0)
        return QStringLiteral("0");
    const double magnitude = std::abs(x);
    if (magnitude < 1e-3)
        return QString::number(x, 'g', 3);
    QString text = QString::number(x, 'f', magnitude >= 1000.0 ? 1 : 4);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

/// A number as people type it: "0.4", "-1", ".25", "1e-3", or a fraction "1/3".
std::optional<double> readNumber(QString word)
{
    word = word.trimmed();
    word.replace(QChar(0x2212), QLatin1Char('-'));  // a typographic minus
    const int slash = word.indexOf(QLatin1Char('/'));
    bool ok = false;
    if (slash > 0) {
        bool okTop = false;
        bool okBottom = false;
        const double top = word.left(slash).toDouble(&okTop);
        const double bottom = word.mid(slash + 1).toDouble(&okBottom);
        if (okTop && okBottom && bottom != 0.0 && std::isfinite(top / bottom))
            return top / bottom;
        return std::nullopt;
    }
    const double value = word.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

QString withoutBrackets(QString name)
{
    static const QRegularExpression bracketed(QStringLiteral("\\s*\\([^)]*\\)"));
    return name.remove(bracketed).trimmed();
}

/// The index of the item `word` names (its full name or its short name), or -1.
int itemIndex(const QString &word, const QStringList &names)
{
    const QString wanted = word.trimmed();
    for (int i = 0; i < names.size(); ++i) {
        if (wanted.compare(names.at(i), Qt::CaseInsensitive) == 0
            || wanted.compare(withoutBrackets(names.at(i)), Qt::CaseInsensitive) == 0
            || wanted.compare(LessonGuessCheck::shortName(i, names), Qt::CaseInsensitive) == 0)
            return i;
    }
    return -1;
}

QStringList shortNames(const QStringList &names)
{
    QStringList list;
    for (int i = 0; i < names.size(); ++i)
        list.append(LessonGuessCheck::shortName(i, names));
    return list;
}

} // namespace

QString LessonGuessCheck::shortName(int index, const QStringList &names)
{
    const auto lastWord = [](const QString &name) {
        const QStringList words = withoutBrackets(name).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        return words.isEmpty() ? name : words.last();
    };
    const QString candidate = lastWord(names.value(index));
    for (int i = 0; i < names.size(); ++i) {
        if (i != index && lastWord(names.at(i)).compare(candidate, Qt::CaseInsensitive) == 0)
            return names.value(index);
    }
    return candidate;
}

std::vector<int> LessonGuessCheck::rankLevels(const std::vector<double> &values, double tieTolerance)
{
    // Largest first; a value within the tolerance of the previous one shares its level.
    std::vector<size_t> order(values.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&values](size_t a, size_t b) { return values[a] > values[b]; });
    std::vector<int> levels(values.size(), 0);
    int level = 0;
    for (size_t k = 0; k < order.size(); ++k) {
        if (k > 0 && values[order[k - 1]] - values[order[k]] > tieTolerance)
            ++level;
        levels[order[k]] = level;
    }
    return levels;
}

QString LessonGuessCheck::rankingText(const std::vector<int> &levels, const QStringList &names)
{
    QStringList groups;
    const int last = levels.empty() ? -1 : *std::max_element(levels.begin(), levels.end());
    for (int level = 0; level <= last; ++level) {
        QStringList tied;
        for (size_t i = 0; i < levels.size(); ++i) {
            if (levels[i] == level)
                tied.append(shortName(static_cast<int>(i), names));
        }
        if (!tied.isEmpty())
            groups.append(tied.join(QStringLiteral(" = ")));
    }
    return groups.join(QStringLiteral(" > "));
}

Result<ParsedGuess> LessonGuessCheck::parse(LessonGuess::Kind kind, const QString &text, const QStringList &names)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return Error{ErrorCategory::InvalidScenario, tr("Type a guess first.")};
    ParsedGuess parsed;
    if (kind == LessonGuess::Kind::Number || kind == LessonGuess::Kind::Row) {
        static const QRegularExpression separators(QStringLiteral("[\\s,;\\[\\]()]+"));
        const QStringList words = trimmed.split(separators, Qt::SkipEmptyParts);
        for (const QString &word : words) {
            const std::optional<double> value = readNumber(word);
            if (!value)
                return Error{ErrorCategory::InvalidScenario, tr("\"%1\" is not a number.").arg(word)};
            parsed.numbers.push_back(*value);
        }
        const int wanted = kind == LessonGuess::Kind::Number ? 1 : static_cast<int>(names.size());
        if (static_cast<int>(parsed.numbers.size()) != wanted) {
            if (kind == LessonGuess::Kind::Number)
                return Error{ErrorCategory::InvalidScenario,
                             tr("Type one number; you typed %1.").arg(parsed.numbers.size())};
            return Error{ErrorCategory::InvalidScenario,
                         tr("Type %1 numbers (%2); you typed %3.")
                             .arg(wanted)
                             .arg(shortNames(names).join(QStringLiteral(", ")))
                             .arg(parsed.numbers.size())};
        }
        return parsed;
    }
    if (kind != LessonGuess::Kind::Ranking)
        return Error{ErrorCategory::InvalidScenario, tr("This step takes no guess.")};

    // "A > C > B", "A = C > B", "A, C, B" or "A C B": most first; "=" ties.
    static const QRegularExpression orderSeparators(QStringLiteral("\\s*[>,;]\\s*"));
    QStringList groups = trimmed.split(orderSeparators, Qt::SkipEmptyParts);
    if (groups.size() == 1 && !trimmed.contains(QLatin1Char('=')) && itemIndex(trimmed, names) < 0)
        groups = trimmed.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    parsed.levels.assign(static_cast<size_t>(names.size()), -1);
    int level = 0;
    for (const QString &group : groups) {
        for (const QString &word : group.split(QLatin1Char('='), Qt::SkipEmptyParts)) {
            const int index = itemIndex(word, names);
            if (index < 0) {
                return Error{ErrorCategory::InvalidScenario,
                             tr("\"%1\" is none of %2.").arg(word.trimmed(), shortNames(names).join(QStringLiteral(", ")))};
            }
            if (parsed.levels[static_cast<size_t>(index)] >= 0)
                return Error{ErrorCategory::InvalidScenario, tr("%1 appears twice.").arg(shortName(index, names))};
            parsed.levels[static_cast<size_t>(index)] = level;
        }
        ++level;
    }
    for (int i = 0; i < names.size(); ++i) {
        if (parsed.levels[static_cast<size_t>(i)] < 0) {
            return Error{ErrorCategory::InvalidScenario,
                         tr("%1 is missing: rank every one of %2.")
                             .arg(shortName(i, names), shortNames(names).join(QStringLiteral(", ")))};
        }
    }
    return parsed;
}

GuessVerdict LessonGuessCheck::compare(const LessonGuess &guess, const ParsedGuess &parsed, const LessonAnswer &live)
{
    GuessVerdict verdict;
    if (guess.kind == LessonGuess::Kind::Ranking) {
        const std::vector<int> liveLevels = rankLevels(live.values, guess.tieTolerance);
        if (parsed.levels.size() != liveLevels.size())
            return verdict;
        const QString liveText = rankingText(liveLevels, live.names);
        if (parsed.levels == liveLevels) {
            verdict.close = true;
            verdict.summary = tr("Right order: %1.").arg(liveText);
            return verdict;
        }
        verdict.summary = tr("Not the live order. Live: %1; yours: %2.")
                              .arg(liveText, rankingText(parsed.levels, live.names));
        for (size_t i = 0; i < liveLevels.size(); ++i) {
            for (size_t j = i + 1; j < liveLevels.size(); ++j) {
                const int yours = parsed.levels[i] - parsed.levels[j];  // < 0: you put i first
                const int theirs = liveLevels[i] - liveLevels[j];
                if ((yours < 0) == (theirs < 0) && (yours > 0) == (theirs > 0))
                    continue;
                const QString a = shortName(static_cast<int>(i), live.names);
                const QString b = shortName(static_cast<int>(j), live.names);
                if (theirs == 0)
                    verdict.details.append(tr("%1 and %2 tie; you put %3 first.").arg(a, b, yours < 0 ? a : b));
                else if (yours == 0)
                    verdict.details.append(tr("%1 and %2 do not tie: %3 comes first.").arg(a, b, theirs < 0 ? a : b));
                else
                    verdict.details.append(tr("%1 and %2 swapped: %3 comes first.").arg(a, b, theirs < 0 ? a : b));
            }
        }
        return verdict;
    }

    if (parsed.numbers.size() != live.values.size())
        return verdict;
    int within = 0;
    double worst = -1.0;
    int worstIndex = 0;
    double tolerance = guess.absoluteTolerance;
    for (size_t i = 0; i < live.values.size(); ++i) {
        const double actual = live.values[i];
        const double difference = parsed.numbers[i] - actual;
        const double allowed = std::max(guess.absoluteTolerance, guess.relativeTolerance * std::abs(actual));
        tolerance = std::max(tolerance, allowed);
        const bool close = std::abs(difference) <= allowed;
        within += close ? 1 : 0;
        if (std::abs(difference) > worst) {
            worst = std::abs(difference);
            worstIndex = static_cast<int>(i);
        }
        const QString how = std::abs(difference) < 5e-5 ? tr("right")
            : difference > 0 ? tr("%1 too high").arg(formatNumber(std::abs(difference)))
                             : tr("%1 too low").arg(formatNumber(std::abs(difference)));
        const QString mark = close ? QStringLiteral("✓") : QStringLiteral("✗");
        if (guess.kind == LessonGuess::Kind::Number) {
            verdict.details.append(tr("%1 you %2, live %3: %4").arg(mark, formatNumber(parsed.numbers[i]),
                                                                    formatNumber(actual), how));
        } else {
            verdict.details.append(tr("%1 %2: you %3, live %4: %5")
                                       .arg(mark, shortName(static_cast<int>(i), live.names),
                                            formatNumber(parsed.numbers[i]), formatNumber(actual), how));
        }
    }
    const int count = static_cast<int>(live.values.size());
    verdict.close = within == count;
    if (worst < 5e-5)
        verdict.summary = tr("Right to 4 decimals.");
    else if (verdict.close && count == 1)
        verdict.summary = tr("Close: within %1 of the live value.").arg(formatNumber(tolerance));
    else if (verdict.close)
        verdict.summary = tr("Close: every entry within %1 of the live numbers.").arg(formatNumber(tolerance));
    else if (count == 1)
        verdict.summary = tr("Not quite: more than %1 away from the live value.").arg(formatNumber(tolerance));
    else
        verdict.summary = tr("%1 of %2 entries within %3; furthest off: %4.")
                              .arg(within)
                              .arg(count)
                              .arg(formatNumber(tolerance), shortName(worstIndex, live.names));
    return verdict;
}

} // namespace attnlens
