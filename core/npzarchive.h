#pragma once

#include "npyarray.h"
#include "result.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

struct zip;

namespace attnlens {

/// A .npz file (what np.savez and np.savez_compressed write): a ZIP archive whose entries
/// "NAME.npy" each hold one array, stored or deflated. Read with libzip, from a file or from
/// bytes in memory. Entries that are not .npy files are ignored.
class NpzArchive {
public:
    struct Entry {
        QString name;          ///< the array's name: the entry's name without ".npy"
        quint64 index = 0;     ///< the entry's index in the archive
        qint64 bytes = 0;      ///< the entry's uncompressed size, as the archive states it
    };

    /// Opens the archive at `path`; `source` (the file's name) starts every message.
    static Result<NpzArchive> openFile(const QString &path, const QString &source);
    /// Opens an archive held in memory (kept alive by the archive).
    static Result<NpzArchive> openBytes(const QByteArray &bytes, const QString &source);

    const std::vector<Entry> &entries() const { return m_entries; }
    /// Reads entry `entry` (from entries()) as an array, checking its header with `check` first.
    Result<NpyArray> readArray(const Entry &entry, qint64 maxDataBytes, const NpyArray::HeaderCheck &check) const;
    /// Reads only the header of entry `entry`.
    Result<NpyHeader> readHeader(const Entry &entry, qint64 maxDataBytes) const;

private:
    struct Closer {
        void operator()(zip *archive) const;
    };
    static Result<NpzArchive> fromOpened(zip *archive, QByteArray bytes, const QString &source);

    QByteArray m_bytes;  ///< the archive's bytes when read from memory
    std::unique_ptr<zip, Closer> m_archive;
    std::vector<Entry> m_entries;
    QString m_source;
};

} // namespace attnlens
