#pragma once

#include "error.h"

#include <QStringList>

#include <utility>
#include <variant>

namespace attnlens {

/// Either a value or the Error that prevented it; never both, never neither.
/// (C++17 has no std::expected; this is the small part of it the project needs.)
template <typename T>
class Result {
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<T>(m_state); }
    T &value() & { return std::get<T>(m_state); }
    T &&value() && { return std::get<T>(std::move(m_state)); }
    const Error &error() const { return std::get<Error>(m_state); }

    /// What a person should know about a value that was accepted anyway, one sentence each
    /// (a file's short label list, whose missing labels took their defaults). Empty for almost
    /// every result; the window shows them beside its message, the command line on stderr.
    const QStringList &notes() const { return m_notes; }
    void addNotes(const QStringList &notes) { m_notes += notes; }

private:
    std::variant<T, Error> m_state;
    QStringList m_notes;
};

} // namespace attnlens
