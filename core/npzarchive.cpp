#include "npzarchive.h"

#include <QFile>

#include <zip.h>

#include <limits>

namespace attnlens {

namespace {

Error zipError(const QString &source, int code)
{
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    const QString reason = QString::fromLocal8Bit(zip_error_strerror(&error));
    zip_error_fini(&error);
    return Error{ErrorCategory::FileError,
                 QStringLiteral("%1: cannot be read as a .npz (ZIP) archive: %2").arg(source, reason)};
}

} // namespace

void NpzArchive::Closer::operator()(zip *archive) const
{
    if (archive)
        zip_discard(archive);
}

Result<NpzArchive> NpzArchive::openFile(const QString &path, const QString &source)
{
    int code = 0;
    zip_t *archive = zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY, &code);
    if (!archive)
        return zipError(source, code);
    return fromOpened(archive, QByteArray(), source);
}

Result<NpzArchive> NpzArchive::openBytes(const QByteArray &bytes, const QString &source)
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t *input = zip_source_buffer_create(bytes.constData(), zip_uint64_t(bytes.size()), 0, &error);
    if (!input) {
        const int code = zip_error_code_zip(&error);
        zip_error_fini(&error);
        return zipError(source, code);
    }
    zip_t *archive = zip_open_from_source(input, ZIP_RDONLY, &error);
    if (!archive) {
        const int code = zip_error_code_zip(&error);
        zip_error_fini(&error);
        zip_source_free(input);
        return zipError(source, code);
    }
    zip_error_fini(&error);
    return fromOpened(archive, bytes, source);
}

Result<NpzArchive> NpzArchive::fromOpened(zip *archive, QByteArray bytes, const QString &source)
{
    NpzArchive result;
    result.m_bytes = std::move(bytes);
    result.m_archive.reset(archive);
    result.m_source = source;
    const zip_int64_t count = zip_get_num_entries(archive, 0);
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(archive, zip_uint64_t(i), 0, &stat) != 0 || !(stat.valid & ZIP_STAT_NAME))
            continue;
        const QString name = QString::fromUtf8(stat.name);
        if (!name.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive) || name.endsWith(QLatin1Char('/')))
            continue;
        Entry entry;
        entry.name = name.left(name.size() - 4);
        entry.index = zip_uint64_t(i);
        entry.bytes = (stat.valid & ZIP_STAT_SIZE) && stat.size <= zip_uint64_t(std::numeric_limits<qint64>::max())
            ? qint64(stat.size)
            : -1;
        result.m_entries.push_back(entry);
    }
    return result;
}

namespace {

using EntryFile = std::unique_ptr<zip_file_t, int (*)(zip_file_t *)>;

Error openError(zip_t *archive, const QString &source)
{
    return Error{ErrorCategory::FileError,
                 QStringLiteral("%1: cannot be read: %2")
                     .arg(source, QString::fromLocal8Bit(zip_error_strerror(zip_get_error(archive))))};
}

NpyReadFunction entryReader(zip_file_t *file)
{
    return [file](char *buffer, qint64 size) -> qint64 {
        qint64 total = 0;
        while (total < size) {
            const zip_int64_t got = zip_fread(file, buffer + total, zip_uint64_t(size - total));
            if (got < 0)
                return total > 0 ? total : -1;
            if (got == 0)
                break;
            total += got;
        }
        return total;
    };
}

} // namespace

Result<NpyHeader> NpzArchive::readHeader(const Entry &entry, qint64 maxDataBytes) const
{
    const QString source = QStringLiteral("%1, array \"%2\"").arg(m_source, entry.name);
    EntryFile file(zip_fopen_index(m_archive.get(), entry.index, 0), zip_fclose);
    if (!file)
        return openError(m_archive.get(), source);
    return readNpyHeader(entryReader(file.get()), source, maxDataBytes);
}

Result<NpyArray> NpzArchive::readArray(const Entry &entry, qint64 maxDataBytes,
                                       const NpyArray::HeaderCheck &check) const
{
    const QString source = QStringLiteral("%1, array \"%2\"").arg(m_source, entry.name);
    EntryFile file(zip_fopen_index(m_archive.get(), entry.index, 0), zip_fclose);
    if (!file)
        return openError(m_archive.get(), source);
    const NpyArray::HeaderCheck checkSize = [&](const NpyHeader &header) -> std::optional<Error> {
        // The shape's own limits first, then the archive's stated size, both before the data is
        // allocated; reading checks the size again against what really inflates.
        if (check) {
            if (auto error = check(header))
                return error;
        }
        if (entry.bytes >= 0 && entry.bytes - header.headerBytes < header.dataBytes) {
            return Error{ErrorCategory::FileError,
                         QStringLiteral("%1: its header says shape %2 of %3 (%4 bytes), but the archive "
                                        "entry holds only %5 bytes after the header: the file is "
                                        "truncated or its header lies")
                             .arg(source, header.shapeText(), header.dtype.describe())
                             .arg(header.dataBytes)
                             .arg(entry.bytes - header.headerBytes)};
        }
        return std::nullopt;
    };
    const NpyReadFunction read = entryReader(file.get());
    // The entry's stated size is not trusted for the end of the data: reading past the header's
    // bytes finds any excess itself.
    return NpyArray::read(entry.name, read, -1, source, maxDataBytes, checkSize);
}

} // namespace attnlens
