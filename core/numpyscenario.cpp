#include "numpyscenario.h"

#include "numpyarrayset.h"
#include "numpymask.h"
#include "scenariojson.h"
#include "textlength.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace attnlens {

namespace {

using Role = NumpyArraySet::Role;

Error invalid(const QString &message)
{
    return Error{ErrorCategory::InvalidScenario, message};
}

/// (B, H, N, d) of a q, k or v array; B and H are 1 when the array has no such dimension.
struct Layout {
    Index batch = 1;
    Index heads = 1;
    Index rows = 0;
    Index columns = 0;
};

Layout layoutOf(const NpyArray &array)
{
    const std::vector<qint64> &s = array.shape();
    const int dims = array.dimensions();
    Layout layout;
    layout.rows = s[size_t(dims - 2)];
    layout.columns = s[size_t(dims - 1)];
    if (dims >= 3)
        layout.heads = s[size_t(dims - 3)];
    if (dims == 4)
        layout.batch = s[0];
    return layout;
}

/// Example `batch`, head `head` of a q, k or v array, as a matrix.
Matrix headMatrix(const NpyArray &array, const Layout &layout, Index batch, Index head)
{
    Matrix matrix(layout.rows, layout.columns);
    const qint64 size = qint64(layout.rows) * layout.columns;
    array.decodeDoubles((qint64(batch) * layout.heads + head) * size, size, matrix.data());
    return matrix;
}

/// NumPy's "<U256" counts code points, a scenario's limit UTF-16 code units: 200 emoji fit the
/// first and not the second, and the capture would be saved as a file that no reader opens.
std::optional<Error> overTheLabelLimit(const QStringList &texts, const QString &source, const char *what)
{
    for (int i = 0; i < texts.size(); ++i) {
        if (texts.at(i).size() > ScenarioLimits::maxLabelChars) {
            return invalid(QStringLiteral("%1: %2 %3 %4")
                               .arg(source, QLatin1String(what))
                               .arg(i + 1)
                               .arg(tooLongText(texts.at(i), ScenarioLimits::maxLabelChars)));
        }
    }
    return std::nullopt;
}

Result<QStringList> labelsOf(const NumpyArraySet &set, Role role, Index batch, Index batchCount,
                             Index expected, const QString &expectedWhat)
{
    const NpyArray &array = *set.array(role);
    const QString source = set.arraySource(role);
    const Index count = Index(array.shape().back());
    const Index examples = array.dimensions() == 2 ? Index(array.shape()[0]) : 1;
    if (examples != 1 && examples != batchCount) {
        return invalid(QStringLiteral("%1: shape %2: has labels for %3 examples, but q has %4")
                           .arg(source, array.header().shapeText())
                           .arg(examples)
                           .arg(batchCount));
    }
    if (count != expected) {
        return invalid(QStringLiteral("%1: shape %2: has %3 labels but %4; give one label per token%5")
                           .arg(source, array.header().shapeText())
                           .arg(count)
                           .arg(expectedWhat,
                                role == NumpyArraySet::Tokens
                                    ? QStringLiteral(" (for cross-attention, name them query_tokens "
                                                     "and key_tokens)")
                                    : QString()));
    }
    const Index example = examples == 1 ? 0 : batch;
    Result<QStringList> texts = array.decodeTexts(qint64(example) * count, count, source);
    if (texts) {
        if (std::optional<Error> tooLong = overTheLabelLimit(texts.value(), source, "label"))
            return *tooLong;
    }
    return texts;
}

Result<NumpyScenario> buildScenario(const NumpyArraySet &set, const QString &name,
                                    const NumpyReadOptions &options)
{
    NumpyScenario result;
    result.arrayNames = set.arrayNames();
    for (Role role : {NumpyArraySet::Query, NumpyArraySet::Key, NumpyArraySet::Value}) {
        if (!set.array(role)) {
            return invalid(QStringLiteral("%1: has no array named %2 (names are read without regard "
                                          "to case); it holds: %3")
                               .arg(set.source(), NumpyArraySet::roleNames(role),
                                    set.arrayNames().isEmpty() ? QStringLiteral("no arrays")
                                                               : set.arrayNames().join(QStringLiteral(", "))));
        }
    }
    const NpyArray &q = *set.array(NumpyArraySet::Query);
    const NpyArray &k = *set.array(NumpyArraySet::Key);
    const NpyArray &v = *set.array(NumpyArraySet::Value);
    for (const NpyArray *other : {&k, &v}) {
        if (other->dimensions() != q.dimensions()) {
            const Role role = other == &k ? NumpyArraySet::Key : NumpyArraySet::Value;
            return invalid(QStringLiteral("%1: shape %2: has %3 dimensions but q %4 has %5; q, k and v "
                                          "must all be (N, d), all (H, N, d) or all (B, H, N, d)")
                               .arg(set.arraySource(role), other->header().shapeText())
                               .arg(other->dimensions())
                               .arg(q.header().shapeText())
                               .arg(q.dimensions()));
        }
    }
    const Layout ql = layoutOf(q);
    const Layout kl = layoutOf(k);
    const Layout vl = layoutOf(v);
    for (const auto &[layout, role] : {std::pair{kl, NumpyArraySet::Key}, std::pair{vl, NumpyArraySet::Value}}) {
        if (layout.batch != ql.batch || layout.heads != ql.heads) {
            return invalid(QStringLiteral("%1: shape %2: its %3 differ from q %4; q, k and v must have "
                                          "the same examples and heads")
                               .arg(set.arraySource(role), set.array(role)->header().shapeText(),
                                    layout.batch != ql.batch ? QStringLiteral("examples (B)")
                                                             : QStringLiteral("heads (H)"),
                                    q.header().shapeText()));
        }
    }
    const bool hasBatch = q.dimensions() == 4;
    result.batchCount = ql.batch;
    if (options.batch) {
        if (!hasBatch) {
            return invalid(QStringLiteral("%1: q has shape %2, with no batch dimension, so there is no "
                                          "example %3 to choose (a batch dimension comes first: "
                                          "(B, H, N, d))")
                               .arg(set.source(), q.header().shapeText())
                               .arg(*options.batch + 1));
        }
        if (*options.batch < 0 || *options.batch >= ql.batch) {
            return invalid(QStringLiteral("%1: q has shape %2, so example %3 does not exist; choose "
                                          "1 to %4")
                               .arg(set.source(), q.header().shapeText())
                               .arg(*options.batch + 1)
                               .arg(ql.batch));
        }
        result.batch = *options.batch;
    }
    // Every double allocated below is counted first.
    const qint64 entries = qint64(ql.heads) * (qint64(ql.rows) * ql.columns + qint64(kl.rows) * kl.columns
                                               + qint64(vl.rows) * vl.columns);
    if (entries > ScenarioLimits::maxHeadEntries) {
        return invalid(QStringLiteral("%1: q, k and v hold %2 numbers per example, more than the limit "
                                      "of %3")
                           .arg(set.source())
                           .arg(entries)
                           .arg(ScenarioLimits::maxHeadEntries));
    }

    Scenario &scenario = result.scenario;
    scenario.name = name;
    for (Index h = 0; h < ql.heads; ++h) {
        AttentionHead head;
        head.queries = headMatrix(q, ql, result.batch, h);
        head.keys = headMatrix(k, kl, result.batch, h);
        head.values = headMatrix(v, vl, result.batch, h);
        if (h == 0)
            scenario.setHead(0, std::move(head));
        else
            scenario.moreHeads.push_back(std::move(head));
    }

    // One mask convention, named by the array.
    std::optional<Role> maskRole;
    for (Role role : {NumpyArraySet::Allowed, NumpyArraySet::Blocked, NumpyArraySet::AdditiveMask,
                      NumpyArraySet::KeyPaddingMask}) {
        if (!set.array(role))
            continue;
        if (maskRole) {
            return invalid(QStringLiteral("%1: holds two masks, \"%2\" and \"%3\"; they may disagree, so "
                                          "keep the one whose convention you mean")
                               .arg(set.source(), set.array(*maskRole)->name(), set.array(role)->name()));
        }
        maskRole = role;
    }
    if (maskRole) {
        const NumpyMaskTarget target{ql.batch, result.batch, ql.heads, ql.rows, kl.rows};
        Result<Mask> mask = numpyAllowedMask(*set.array(*maskRole), *maskRole, target, set.arraySource(*maskRole));
        if (!mask)
            return mask.error();
        scenario.allowed = std::move(mask).value();
        result.maskConvention = NumpyArraySet::roleNames(*maskRole);
    }

    const bool selfAttention = ql.rows == kl.rows;
    const auto labels = [&](Role own, Index count, const QString &what) -> Result<QStringList> {
        if (set.array(own))
            return labelsOf(set, own, result.batch, ql.batch, count, what);
        if (set.array(NumpyArraySet::Tokens)) {
            const QString shared = selfAttention
                ? what
                : QStringLiteral("q has %1 rows and k has %2").arg(ql.rows).arg(kl.rows);
            return labelsOf(set, NumpyArraySet::Tokens, result.batch, ql.batch,
                            selfAttention ? count : -1, shared);
        }
        return QStringList();
    };
    Result<QStringList> queryLabels = labels(NumpyArraySet::QueryTokens, ql.rows,
                                             QStringLiteral("q has %1 rows").arg(ql.rows));
    if (!queryLabels)
        return queryLabels.error();
    Result<QStringList> keyLabels = labels(NumpyArraySet::KeyTokens, kl.rows,
                                           QStringLiteral("k has %1 rows").arg(kl.rows));
    if (!keyLabels)
        return keyLabels.error();
    scenario.queryLabels = std::move(queryLabels).value();
    scenario.keyLabels = std::move(keyLabels).value();

    if (const std::optional<NpyArray> &temperature = set.array(NumpyArraySet::Temperature))
        temperature->decodeDoubles(0, 1, &scenario.temperature);

    // head_names (H,), as File > Export as NumPy writes them; a generated name ("head 2") stays
    // generated, so a one-head export reads back as the one-head scenario it was.
    if (const std::optional<NpyArray> &names = set.array(NumpyArraySet::HeadNames)) {
        const QString source = set.arraySource(NumpyArraySet::HeadNames);
        if (Index(names->shape().front()) != scenario.headCount()) {
            return invalid(QStringLiteral("%1: shape %2: has %3 names but q has %4 heads")
                               .arg(source, names->header().shapeText())
                               .arg(names->shape().front())
                               .arg(scenario.headCount()));
        }
        Result<QStringList> texts = names->decodeTexts(0, scenario.headCount(), source);
        if (!texts)
            return texts.error();
        if (std::optional<Error> tooLong = overTheLabelLimit(texts.value(), source, "name"))
            return *tooLong;
        for (Index h = 0; h < scenario.headCount(); ++h) {
            const QString &given = texts.value().at(int(h));
            QString &name = h == 0 ? scenario.headName : scenario.moreHeads[size_t(h - 1)].name;
            name = given == generatedHeadName(h) ? QString() : given;
        }
    }
    return result;
}

} // namespace

bool isNumpyPath(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        return !QDir(path).entryList({QStringLiteral("*.npy")}, QDir::Files | QDir::NoDotAndDotDot).isEmpty();
    }
    const QString suffix = info.suffix();
    return suffix.compare(QLatin1String("npz"), Qt::CaseInsensitive) == 0
        || suffix.compare(QLatin1String("npy"), Qt::CaseInsensitive) == 0;
}

Result<NumpyScenario> readNumpyScenario(const QString &path, const NumpyReadOptions &options)
{
    Result<NumpyArraySet> set = NumpyArraySet::read(path);
    if (!set)
        return set.error();
    const QFileInfo info(path);
    const QString name = info.isDir() ? QDir(path).dirName()
        : info.suffix().compare(QLatin1String("npy"), Qt::CaseInsensitive) == 0 ? info.dir().dirName()
                                                                                : info.completeBaseName();
    return buildScenario(set.value(), name, options);
}

Result<NumpyScenario> readNumpyScenarioFromNpz(const QByteArray &bytes, const QString &source,
                                               const NumpyReadOptions &options)
{
    Result<NumpyArraySet> set = NumpyArraySet::readNpzBytes(bytes, source);
    if (!set)
        return set.error();
    return buildScenario(set.value(), QFileInfo(source).completeBaseName(), options);
}

Result<NumpyBatchInfo> readNumpyBatchInfo(const QString &path)
{
    Result<NpyHeader> header = NumpyArraySet::readQueryHeader(path);
    if (!header)
        return header.error();
    NumpyBatchInfo info;
    info.hasBatch = header.value().dimensions() == 4;
    info.batchCount = info.hasBatch ? Index(header.value().shape[0]) : 1;
    info.queryShape = header.value().shapeText();
    return info;
}

QString maskConventionSentence(const QString &convention)
{
    if (convention == QLatin1String("allowed"))
        return QCoreApplication::translate("MaskConvention",
                                           "The mask was read from \"allowed\": True means the query may "
                                           "attend to that key, as in PyTorch's scaled_dot_product_attention.");
    if (convention == QLatin1String("blocked"))
        return QCoreApplication::translate("MaskConvention",
                                           "The mask was read from \"blocked\": True means the query may "
                                           "not attend to that key, as in the attn_mask of PyTorch's "
                                           "nn.MultiheadAttention.");
    if (convention == QLatin1String("additive_mask"))
        return QCoreApplication::translate("MaskConvention",
                                           "The mask was read from \"additive_mask\": 0 is added to the "
                                           "score of a key the query may attend to, −∞ to the score of a "
                                           "key it may not.");
    if (convention == QLatin1String("key_padding_mask"))
        return QCoreApplication::translate("MaskConvention",
                                           "The mask was read from \"key_padding_mask\": True marks a "
                                           "padding key, which no query may attend to, as in "
                                           "nn.MultiheadAttention.");
    return QCoreApplication::translate("MaskConvention",
                                       "The file holds no mask: every query may attend to every key.");
}

} // namespace attnlens
