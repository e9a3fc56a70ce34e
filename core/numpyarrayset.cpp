#include "numpyarrayset.h"

#include "jsonfile.h"
#include "npzarchive.h"
#include "scenariojson.h"
#include "symboliclink.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace attnlens {

namespace {

struct RoleName {
    NumpyArraySet::Role role;
    const char *name;
};

constexpr RoleName kRoleNames[] = {
    {NumpyArraySet::Query, "q"},           {NumpyArraySet::Query, "query"},
    {NumpyArraySet::Key, "k"},             {NumpyArraySet::Key, "key"},
    {NumpyArraySet::Value, "v"},           {NumpyArraySet::Value, "value"},
    {NumpyArraySet::Allowed, "allowed"},   {NumpyArraySet::Blocked, "blocked"},
    {NumpyArraySet::AdditiveMask, "additive_mask"},
    {NumpyArraySet::KeyPaddingMask, "key_padding_mask"},
    {NumpyArraySet::Tokens, "tokens"},     {NumpyArraySet::QueryTokens, "query_tokens"},
    {NumpyArraySet::KeyTokens, "key_tokens"},
    {NumpyArraySet::Temperature, "temperature"},
    {NumpyArraySet::HeadNames, "head_names"},
};

Error fileError(const QString &source, const QString &problem)
{
    return Error{ErrorCategory::FileError, QStringLiteral("%1: %2").arg(source, problem)};
}

/// A regular file within the size limit, or the refusal naming why not (as readFileBounded).
std::optional<Error> checkRegularFile(const QString &path, const QString &source)
{
    const QString kind = nonRegularFileKind(path);
    if (!kind.isEmpty())
        return fileError(source, QStringLiteral("is %1, not a file").arg(kind));
    const QFileInfo info(path);
    if (!info.exists()) {
        const QString link = brokenSymbolicLink(path);  // a file the user can see in the folder
        return fileError(source, link.isEmpty() ? QStringLiteral("does not exist") : QStringLiteral("is ") + link);
    }
    if (info.size() > ScenarioLimits::maxFileBytes) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: the file is larger than the limit of %2 MiB")
                         .arg(source)
                         .arg(ScenarioLimits::maxFileBytes / (1024 * 1024))};
    }
    return std::nullopt;
}

} // namespace

std::optional<NumpyArraySet::Role> NumpyArraySet::roleOf(const QString &name)
{
    for (const RoleName &entry : kRoleNames) {
        if (name.compare(QLatin1String(entry.name), Qt::CaseInsensitive) == 0)
            return entry.role;
    }
    return std::nullopt;
}

QString NumpyArraySet::roleNames(Role role)
{
    QStringList names;
    for (const RoleName &entry : kRoleNames) {
        if (entry.role == role)
            names.append(QLatin1String(entry.name));
    }
    return names.size() == 1 ? names.constFirst()
                             : QStringLiteral("%1 (or %2)").arg(names.constFirst(), names.mid(1).join(QStringLiteral(", ")));
}

QString NumpyArraySet::arraySource(Role role) const
{
    return m_sources[size_t(role)];
}

std::optional<Error> NumpyArraySet::claim(Role role, const QString &name)
{
    if (const std::optional<NpyArray> &first = m_arrays[size_t(role)]) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: holds two arrays for %2 (names are read without regard to "
                                    "case): \"%3\" and \"%4\"; keep one")
                         .arg(m_source, roleNames(role), first->name(), name)};
    }
    return std::nullopt;
}

std::optional<Error> NumpyArraySet::checkHeader(Role role, const NpyHeader &header, const QString &source) const
{
    const auto refuse = [&](const QString &problem) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: shape %2 of %3: %4")
                         .arg(source, header.shapeText(), header.dtype.describe(), problem)};
    };
    const int dims = header.dimensions();
    // Size i from the end (1 = last), or 1 when the array has fewer dimensions.
    const auto fromEnd = [&](int i) { return dims >= i ? header.shape[size_t(dims - i)] : qint64(1); };
    const auto over = [&](int i, qint64 limit, const QString &what) -> std::optional<Error> {
        if (fromEnd(i) > limit)
            return refuse(QStringLiteral("%1 %2 %3 more than the limit of %4")
                              .arg(fromEnd(i))
                              .arg(what, fromEnd(i) == 1 ? QStringLiteral("is") : QStringLiteral("are"))
                              .arg(limit));
        return std::nullopt;
    };
    const NpyDtype::Kind kind = header.dtype.kind;
    switch (role) {
    case Query:
    case Key:
    case Value: {
        if (!header.dtype.isFloat())
            return refuse(QStringLiteral("must hold float16, float32 or float64 numbers"));
        if (dims < 2 || dims > 4)
            return refuse(QStringLiteral("must be (N, d), (H, N, d) or (B, H, N, d)"));
        if (auto e = over(1, ScenarioLimits::maxColumns, QStringLiteral("columns (d)")))
            return e;
        if (auto e = over(2, ScenarioLimits::maxRows, QStringLiteral("tokens (N)")))
            return e;
        if (auto e = over(3, ScenarioLimits::maxHeads, QStringLiteral("heads (H)")))
            return e;
        if (auto e = over(4, NpyLimits::maxBatch, QStringLiteral("examples (B)")))
            return e;
        if (fromEnd(3) == 0 || fromEnd(4) == 0)
            return refuse(QStringLiteral("has no heads or no examples"));
        return std::nullopt;
    }
    case Allowed:
    case Blocked:
    case KeyPaddingMask:
    case AdditiveMask: {
        if (role == AdditiveMask && !header.dtype.isFloat())
            return refuse(QStringLiteral("an additive mask holds numbers (0 where a query may attend, "
                                         "-inf where it may not)"));
        if (role != AdditiveMask && kind != NpyDtype::Kind::Bool) {
            return refuse(header.dtype.isFloat()
                              ? QStringLiteral("this mask must hold bools; a mask of numbers added to "
                                               "the scores is named additive_mask")
                              : QStringLiteral("this mask must hold bools"));
        }
        if (role == KeyPaddingMask) {
            if (dims < 1 || dims > 2)
                return refuse(QStringLiteral("a key padding mask is (N_k,) or (B, N_k)"));
            if (auto e = over(1, ScenarioLimits::maxRows, QStringLiteral("keys")))
                return e;
            return over(2, NpyLimits::maxBatch, QStringLiteral("examples (B)"));
        }
        if (dims < 2 || dims > 4)
            return refuse(QStringLiteral("a mask is (N_q, N_k), (B*H or H, N_q, N_k) or (B, H, N_q, N_k)"));
        if (auto e = over(1, ScenarioLimits::maxRows, QStringLiteral("keys")))
            return e;
        if (auto e = over(2, ScenarioLimits::maxRows, QStringLiteral("queries")))
            return e;
        if (auto e = over(3, ScenarioLimits::maxHeads * NpyLimits::maxBatch, QStringLiteral("heads")))
            return e;
        return over(4, NpyLimits::maxBatch, QStringLiteral("examples (B)"));
    }
    case HeadNames:
        // What File > Export as NumPy writes: one name per head, (H,).
        if (kind != NpyDtype::Kind::Unicode)
            return refuse(QStringLiteral("head names must be texts (NumPy's str dtype, e.g. <U8)"));
        if (dims != 1)
            return refuse(QStringLiteral("head names are (H,)"));
        if (header.dtype.itemBytes / 4 > ScenarioLimits::maxLabelChars)
            return refuse(QStringLiteral("names of %1 characters are longer than the limit of %2")
                              .arg(header.dtype.itemBytes / 4)
                              .arg(ScenarioLimits::maxLabelChars));
        return over(1, ScenarioLimits::maxHeads, QStringLiteral("heads"));
    case Tokens:
    case QueryTokens:
    case KeyTokens:
        if (kind != NpyDtype::Kind::Unicode)
            return refuse(QStringLiteral("token labels must be texts (NumPy's str dtype, e.g. <U8)"));
        if (dims < 1 || dims > 2)
            return refuse(QStringLiteral("token labels are (N,) or (B, N)"));
        if (header.dtype.itemBytes / 4 > ScenarioLimits::maxLabelChars)
            return refuse(QStringLiteral("labels of %1 characters are longer than the limit of %2")
                              .arg(header.dtype.itemBytes / 4)
                              .arg(ScenarioLimits::maxLabelChars));
        if (auto e = over(1, ScenarioLimits::maxRows, QStringLiteral("labels")))
            return e;
        return over(2, NpyLimits::maxBatch, QStringLiteral("examples (B)"));
    case Temperature:
        if (!header.dtype.isFloat() || header.elementCount != 1)
            return refuse(QStringLiteral("the temperature is one number"));
        return std::nullopt;
    case RoleCount:
        break;
    }
    return std::nullopt;
}

std::optional<Error> NumpyArraySet::readArchive(const NpzArchive &archive)
{
    for (const NpzArchive::Entry &entry : archive.entries()) {
        m_names.append(entry.name);
        const std::optional<Role> role = roleOf(entry.name);
        if (!role)
            continue;  // results, extra arrays: listed, never read
        if (auto error = claim(*role, entry.name))
            return error;
        const QString arraySource = QStringLiteral("%1, array \"%2\"").arg(m_source, entry.name);
        Result<NpyArray> array = archive.readArray(
            entry, ScenarioLimits::maxFileBytes,
            [&](const NpyHeader &header) { return checkHeader(*role, header, arraySource); });
        if (!array)
            return array.error();
        m_arrays[size_t(*role)] = std::move(array).value();
        m_sources[size_t(*role)] = arraySource;
    }
    return std::nullopt;
}

Result<NumpyArraySet> NumpyArraySet::readNpzBytes(const QByteArray &bytes, const QString &source)
{
    NumpyArraySet set;
    set.m_source = source;
    Result<NpzArchive> archive = NpzArchive::openBytes(bytes, source);
    if (!archive)
        return archive.error();
    if (auto error = set.readArchive(archive.value()))
        return *error;
    return set;
}

Result<NumpyArraySet> NumpyArraySet::read(const QString &path)
{
    const QFileInfo info(path);
    NumpyArraySet set;
    const bool folder = info.isDir();
    if (!folder && info.suffix().compare(QLatin1String("npy"), Qt::CaseInsensitive) != 0) {
        set.m_source = info.fileName();
        if (auto error = checkRegularFile(path, set.m_source))
            return *error;
        Result<NpzArchive> archive = NpzArchive::openFile(path, set.m_source);
        if (!archive)
            return archive.error();
        if (auto error = set.readArchive(archive.value()))
            return *error;
        return set;
    }

    // A folder of .npy files (np.save writes one array per file); a .npy file names its folder.
    const QDir dir = folder ? QDir(path) : info.dir();
    set.m_source = dir.dirName() + QLatin1Char('/');
    const QStringList files = dir.entryList({QStringLiteral("*.npy")}, QDir::Files | QDir::NoDotAndDotDot,
                                            QDir::Name);
    if (files.isEmpty())
        return fileError(set.m_source, QStringLiteral("holds no .npy files"));
    for (const QString &file : files) {
        const QString name = file.left(file.size() - 4);
        set.m_names.append(name);
        const std::optional<Role> role = roleOf(name);
        if (!role)
            continue;
        if (auto error = set.claim(*role, name))
            return *error;
        const QString arraySource = set.m_source + file;
        const QString filePath = dir.filePath(file);
        if (auto error = checkRegularFile(filePath, arraySource))
            return *error;
        QFile input(filePath);
        if (!input.open(QIODevice::ReadOnly))
            return fileError(arraySource, QStringLiteral("cannot be read: %1").arg(input.errorString()));
        const NpyReadFunction read = [&input](char *buffer, qint64 size) { return input.read(buffer, size); };
        Result<NpyArray> array = NpyArray::read(
            name, read, input.size(), arraySource, ScenarioLimits::maxFileBytes,
            [&](const NpyHeader &header) { return set.checkHeader(*role, header, arraySource); });
        if (!array)
            return array.error();
        set.m_arrays[size_t(*role)] = std::move(array).value();
        set.m_sources[size_t(*role)] = arraySource;
    }
    return set;
}

Result<NpyHeader> NumpyArraySet::readQueryHeader(const QString &path)
{
    const QFileInfo info(path);
    const auto missing = [](const QString &source) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: has no array named %2 (names are read without regard to case)")
                         .arg(source, roleNames(Query))};
    };
    if (!info.isDir() && info.suffix().compare(QLatin1String("npy"), Qt::CaseInsensitive) != 0) {
        const QString source = info.fileName();
        if (auto error = checkRegularFile(path, source))
            return *error;
        Result<NpzArchive> archive = NpzArchive::openFile(path, source);
        if (!archive)
            return archive.error();
        for (const NpzArchive::Entry &entry : archive.value().entries()) {
            if (roleOf(entry.name) == Query)
                return archive.value().readHeader(entry, ScenarioLimits::maxFileBytes);
        }
        return missing(source);
    }
    const QDir dir = info.isDir() ? QDir(path) : info.dir();
    const QString folder = dir.dirName() + QLatin1Char('/');
    for (const QString &file : dir.entryList({QStringLiteral("*.npy")}, QDir::Files, QDir::Name)) {
        if (roleOf(file.left(file.size() - 4)) != Query)
            continue;
        const QString source = folder + file;
        if (auto error = checkRegularFile(dir.filePath(file), source))
            return *error;
        QFile input(dir.filePath(file));
        if (!input.open(QIODevice::ReadOnly))
            return fileError(source, QStringLiteral("cannot be read: %1").arg(input.errorString()));
        return readNpyHeader([&input](char *buffer, qint64 size) { return input.read(buffer, size); }, source,
                             ScenarioLimits::maxFileBytes);
    }
    return missing(folder);
}

} // namespace attnlens
