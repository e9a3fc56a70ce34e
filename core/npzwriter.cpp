#include "npzwriter.h"

#include "attention.h"
#include "jsonfile.h"
#include "scenario.h"

#include <QFile>
#include <QFileInfo>

#include <zip.h>

#include <cstring>
#include <memory>

namespace attnlens {

namespace {

Error fileError(const QString &path, const QString &reason)
{
    return Error{ErrorCategory::FileError, QStringLiteral("%1: cannot be written: %2").arg(path, reason)};
}

/// One archive entry as libzip reads it: the header, then the data copied piece by piece straight
/// from the matrices as libzip asks for it, so no array is ever held as bytes.
class LazyNpyEntry {
public:
    explicit LazyNpyEntry(const NpyOutputArray &array)
        : m_array(array), m_header(npyHeader(array.descr, array.shape)), m_size(m_header.size() + array.dataBytes)
    {
        zip_error_init(&m_error);
    }
    ~LazyNpyEntry() { zip_error_fini(&m_error); }
    LazyNpyEntry(const LazyNpyEntry &) = delete;
    LazyNpyEntry &operator=(const LazyNpyEntry &) = delete;

    static zip_int64_t callback(void *self, void *data, zip_uint64_t length, zip_source_cmd_t command)
    {
        return static_cast<LazyNpyEntry *>(self)->handle(data, length, command);
    }

private:
    zip_int64_t read(char *destination, zip_uint64_t length)
    {
        const qint64 count = std::min(qint64(std::min<zip_uint64_t>(length, zip_uint64_t(m_size))),
                                      m_size - m_position);
        qint64 done = 0;
        const qint64 headerSize = m_header.size();
        if (m_position < headerSize) {
            done = std::min(count, headerSize - m_position);
            std::memcpy(destination, m_header.constData() + m_position, std::size_t(done));
        }
        if (done < count)
            m_array.readData(m_position + done - headerSize, destination + done, count - done);
        m_position += count;
        return zip_int64_t(count);
    }

    zip_int64_t handle(void *data, zip_uint64_t length, zip_source_cmd_t command)
    {
        switch (command) {
        case ZIP_SOURCE_OPEN:
            m_position = 0;
            return 0;
        case ZIP_SOURCE_READ:
            return read(static_cast<char *>(data), length);
        case ZIP_SOURCE_CLOSE:
            return 0;
        case ZIP_SOURCE_STAT: {
            auto *stat = static_cast<zip_stat_t *>(data);
            zip_stat_init(stat);
            stat->size = zip_uint64_t(m_size);
            stat->valid |= ZIP_STAT_SIZE;
            return sizeof(zip_stat_t);
        }
        case ZIP_SOURCE_ERROR:
            return zip_error_to_data(&m_error, data, length);
        case ZIP_SOURCE_FREE:
            return 0;  // owned by writeNpz
        case ZIP_SOURCE_SUPPORTS:
            return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE,
                                                  ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE,
                                                  -1);
        default:
            zip_error_set(&m_error, ZIP_ER_OPNOTSUPP, 0);
            return -1;
        }
    }

    const NpyOutputArray &m_array;
    const QByteArray m_header;
    const qint64 m_size;
    qint64 m_position = 0;
    zip_error_t m_error;
};

QString zipReason(zip_t *archive)
{
    // A failure of the system (a full disk) in the system's own words, as every other writer
    // gives it: libzip puts "Seek error: " or "Write error: " before them, which says where in
    // its work it was and nothing a person can act on.
    zip_error_t *error = zip_get_error(archive);
    if (zip_error_system_type(error) == ZIP_ET_SYS && zip_error_code_system(error) != 0)
        return QString::fromLocal8Bit(std::strerror(zip_error_code_system(error)));
    return QString::fromLocal8Bit(zip_strerror(archive));
}

} // namespace

std::optional<Error> writeNpz(const QString &path, const std::vector<NamedNpyArray> &arrays)
{
    if (path.isEmpty())
        return Error{ErrorCategory::FileError, QStringLiteral("no file name was given for the NumPy archive")};
    const QString kind = nonRegularFileKind(path);
    if (!kind.isEmpty())
        return fileError(path, QStringLiteral("it is %1, not a regular file").arg(kind));
    for (const NamedNpyArray &named : arrays) {
        if (npyHeader(named.second.descr, named.second.shape).isEmpty())
            return fileError(path, QStringLiteral("the header of array %1 is too long").arg(named.first));
    }

    int openError = 0;
    // ZIP_TRUNCATE: the old file is not read; libzip writes a temporary file beside it on close
    // and renames it over the old one only when every entry is written.
    zip_t *archive = zip_open(QFile::encodeName(path).constData(), ZIP_CREATE | ZIP_TRUNCATE, &openError);
    if (!archive) {
        zip_error_t error;
        zip_error_init_with_code(&error, openError);
        const QString reason = QString::fromLocal8Bit(zip_error_strerror(&error));
        zip_error_fini(&error);
        return fileError(path, reason);
    }

    std::vector<std::unique_ptr<LazyNpyEntry>> entries;
    entries.reserve(arrays.size());
    for (const NamedNpyArray &named : arrays) {
        entries.push_back(std::make_unique<LazyNpyEntry>(named.second));
        zip_source_t *source = zip_source_function(archive, &LazyNpyEntry::callback, entries.back().get());
        const QByteArray name = (named.first + QStringLiteral(".npy")).toUtf8();
        const zip_int64_t index = source ? zip_file_add(archive, name.constData(), source, ZIP_FL_ENC_UTF_8)
                                         : -1;
        if (index < 0 || zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0) != 0) {
            const QString reason = zipReason(archive);
            if (source && index < 0)
                zip_source_free(source);
            zip_discard(archive);
            return fileError(path, reason);
        }
    }
    if (zip_close(archive) != 0) {
        const QString reason = zipReason(archive);
        zip_discard(archive);
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: writing failed, the previous file is unchanged: %2").arg(path, reason)};
    }
    return std::nullopt;
}

HeadsResultView HeadsResultView::of(const HeadsResult &result)
{
    HeadsResultView view;
    for (const AttentionResult &head : result.heads)
        view.heads.push_back(&head);
    view.concatenatedContext = &result.concatenatedContext;
    return view;
}

std::optional<Error> numpyResultArrays(const Scenario &scenario, const HeadsResult &result,
                                       NumpyResultArrays &out)
{
    return numpyResultArrays(scenario, HeadsResultView::of(result), out);
}

std::optional<Error> numpyResultArrays(const Scenario &scenario, const HeadsResultView &result,
                                       NumpyResultArrays &out)
{
    // The archive has no place for W, W_q, W_k or w: opened again it would be scored by dot
    // products, so a general or additive score is refused rather than written half.
    if (!scenario.score.isScaledDot()) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("the NumPy archive holds scaled dot-product attention only; "
                                    "this scenario uses the %1 score (%2), whose weights it cannot "
                                    "hold: save it as a scenario file (.json) instead")
                         .arg(scoreFunctionFileName(scenario.score.kind),
                              scoreFunctionFormula(scenario.score.kind))};
    }
    const Index heads = scenario.headCount();
    const qint64 h = heads;
    const qint64 nq = scenario.queryCount();
    const qint64 nk = scenario.keyCount();
    const qint64 dk = scenario.keyDimension();
    const qint64 dv = scenario.valueDimension();
    bool matches = Index(result.heads.size()) == heads && result.concatenatedContext
        && result.concatenatedContext->rows() == nq && result.concatenatedContext->cols() == h * dv;
    for (Index i = 0; matches && i < heads; ++i) {
        matches = result.heads[std::size_t(i)] != nullptr;
        if (!matches)
            break;
        const AttentionResult &head = *result.heads[std::size_t(i)];
        matches = head.scores.rows() == nq && head.scores.cols() == nk && head.weights.rows() == nq
            && head.weights.cols() == nk && head.context.rows() == nq && head.context.cols() == dv
            && scenario.headQueries(i).rows() == nq && scenario.headQueries(i).cols() == dk
            && scenario.headKeys(i).rows() == nk && scenario.headKeys(i).cols() == dk
            && scenario.headValues(i).rows() == nk && scenario.headValues(i).cols() == dv;
    }
    if (!matches) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("the results do not belong to this scenario (another head "
                                    "count or shape); compute them again")};
    }

    std::vector<const Matrix *> queries, keys, values, scores, weights, contexts;
    QStringList headNames;
    for (Index i = 0; i < heads; ++i) {
        queries.push_back(&scenario.headQueries(i));
        keys.push_back(&scenario.headKeys(i));
        values.push_back(&scenario.headValues(i));
        scores.push_back(&result.heads[std::size_t(i)]->scores);
        weights.push_back(&result.heads[std::size_t(i)]->weights);
        contexts.push_back(&result.heads[std::size_t(i)]->context);
        headNames.append(scenario.headLabel(i));
    }
    QStringList queryTokens, keyTokens;
    for (Index i = 0; i < nq; ++i)
        queryTokens.append(scenario.queryLabel(i));
    for (Index j = 0; j < nk; ++j)
        keyTokens.append(scenario.keyLabel(j));
    if (!scenario.allowed)
        out.allMask = Mask::Constant(nq, nk, true);
    const Mask &allowed = scenario.allowed ? *scenario.allowed : out.allMask;

    std::vector<NamedNpyArray> &arrays = out.arrays;
    arrays.clear();
    arrays.emplace_back(QStringLiteral("q"), npyFloat64({h, nq, dk}, queries));
    arrays.emplace_back(QStringLiteral("k"), npyFloat64({h, nk, dk}, keys));
    arrays.emplace_back(QStringLiteral("v"), npyFloat64({h, nk, dv}, values));
    arrays.emplace_back(QStringLiteral("allowed"), npyBool(allowed));
    arrays.emplace_back(QStringLiteral("query_tokens"), npyUnicode(queryTokens));
    arrays.emplace_back(QStringLiteral("key_tokens"), npyUnicode(keyTokens));
    if (queryTokens == keyTokens)
        arrays.emplace_back(QStringLiteral("tokens"), npyUnicode(queryTokens));
    arrays.emplace_back(QStringLiteral("temperature"), npyScalar(scenario.temperature));
    arrays.emplace_back(QStringLiteral("head_names"), npyUnicode(headNames));
    arrays.emplace_back(QStringLiteral("scores"), npyFloat64({h, nq, nk}, scores));
    arrays.emplace_back(QStringLiteral("weights"), npyFloat64({h, nq, nk}, weights));
    arrays.emplace_back(QStringLiteral("context"), npyFloat64({h, nq, dv}, contexts));
    arrays.emplace_back(QStringLiteral("concatenated_context"),
                        npyFloat64({nq, h * dv}, {result.concatenatedContext}));
    return std::nullopt;
}

std::optional<Error> writeNumpyResults(const QString &path, const Scenario &scenario,
                                       const HeadsResult &result)
{
    return writeNumpyResults(path, scenario, HeadsResultView::of(result));
}

std::optional<Error> writeNumpyResults(const QString &path, const Scenario &scenario,
                                       const HeadsResultView &result)
{
    NumpyResultArrays arrays;
    if (std::optional<Error> error = numpyResultArrays(scenario, result, arrays))
        return error;
    return writeNpz(path, arrays.arrays);
}

std::optional<Error> computeAndWriteNumpyResults(const QString &path, const Scenario &scenario)
{
    const Result<HeadsResult> result = computeAllHeads(scenario);
    if (!result)
        return result.error();
    return writeNumpyResults(path, scenario, result.value());
}

} // namespace attnlens
