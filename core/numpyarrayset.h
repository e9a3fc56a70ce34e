#pragma once

#include "npyarray.h"
#include "result.h"

#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace attnlens {

class NpzArchive;

/// The arrays of a NumPy capture that Attention Lens reads, by what they mean. Names are
/// matched without regard to case; any other array is listed but never read.
class NumpyArraySet {
public:
    enum Role {
        Query, Key, Value,
        Allowed, Blocked, AdditiveMask, KeyPaddingMask,
        Tokens, QueryTokens, KeyTokens,
        Temperature,
        HeadNames,
        RoleCount
    };

    /// The role of an array name ("Q" and "query" are Query), or nothing.
    static std::optional<Role> roleOf(const QString &name);
    /// The names a role answers to, for messages ("q (or query)").
    static QString roleNames(Role role);

    /// Reads a .npz file, a .npy file (with the other .npy files of its folder) or a folder of
    /// .npy files. Files must be regular and within ScenarioLimits::maxFileBytes; each array's
    /// header is checked against the limits of its role before its data is allocated.
    static Result<NumpyArraySet> read(const QString &path);
    /// Reads only the header of the query array (q or query) of a capture at `path`, as read()
    /// would find it; a capture without one is refused as read() refuses it.
    static Result<NpyHeader> readQueryHeader(const QString &path);
    /// Reads a .npz archive held in memory (for tests and fuzzing); `source` names it.
    static Result<NumpyArraySet> readNpzBytes(const QByteArray &bytes, const QString &source);

    const std::optional<NpyArray> &array(Role role) const { return m_arrays[size_t(role)]; }
    /// Where the arrays came from, for messages ("capture.npz", "captures/").
    const QString &source() const { return m_source; }
    /// Every array found, as stored, including those not read.
    const QStringList &arrayNames() const { return m_names; }
    /// The message prefix of one array: "capture.npz, array \"q\"".
    QString arraySource(Role role) const;

private:
    std::optional<Error> checkHeader(Role role, const NpyHeader &header, const QString &source) const;
    std::optional<Error> readArchive(const NpzArchive &archive);
    std::optional<Error> claim(Role role, const QString &name);

    std::array<std::optional<NpyArray>, RoleCount> m_arrays;
    std::array<QString, RoleCount> m_sources;
    QString m_source;
    QStringList m_names;
};

} // namespace attnlens
