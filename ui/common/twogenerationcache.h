#pragma once

#include <QHash>

#include <utility>

namespace attnlens {

/// A bounded cache for things that are costly to make again (shaped texts, measured widths,
/// pictures) and that a drag keeps asking for. Entries live in a current and a previous
/// generation: when the current one is full it becomes the previous one, and what was previous
/// goes. An entry found in the previous generation moves back into the current one, so whatever
/// is still in use survives. Emptying a whole cache at once when it filled up made one drag step
/// in a few dozen rebuild every text it showed, which was the slowest step of a drag.
template <typename Key, typename Value>
class TwoGenerationCache {
public:
    explicit TwoGenerationCache(int generationSize)
        : m_generationSize(generationSize)
    {
    }

    /// The value for `key`, made by `make()` when neither generation holds it. The reference is
    /// valid until the next call.
    template <typename Make>
    const Value &value(const Key &key, Make &&make)
    {
        const auto found = m_current.constFind(key);
        if (found != m_current.cend())
            return *found;
        Value value;
        auto old = m_previous.find(key);
        if (old != m_previous.end()) {
            value = std::move(*old);
            m_previous.erase(old);
        } else {
            value = make();
        }
        if (m_current.size() >= m_generationSize) {
            m_previous = std::move(m_current);
            m_current = QHash<Key, Value>();
        }
        return *m_current.insert(key, std::move(value));
    }

    void clear()
    {
        m_current.clear();
        m_previous.clear();
    }

    int size() const { return int(m_current.size() + m_previous.size()); }

private:
    int m_generationSize;
    QHash<Key, Value> m_current;
    QHash<Key, Value> m_previous;
};

} // namespace attnlens
