#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QWidget;

namespace attnlens {

/// Reads a file on a worker thread while the window goes on painting (a 2,048-token scenario or
/// a GPT-2 layer takes a moment). The open document stays as it is until the read is done. For
/// the first half second user input waits (a quick read looks like any other); after that a
/// window-modal progress dialog says what is being read and offers Cancel, which drops the
/// result: the worker finishes on its own and nothing it read reaches the model.
class BackgroundRead : public QObject
{
    Q_OBJECT

public:
    static constexpr int kProgressDelayMs = 500;

    explicit BackgroundRead(QWidget *parent);

    /// Runs `work` on a worker thread and returns once it finished (true) or the user cancelled
    /// (false). `label` is the dialog's text, such as "Reading capture.npz…".
    bool run(const QString &label, std::function<void()> work);

    /// Runs `read` on a worker thread; its value, or nothing when the user cancelled.
    template <typename T>
    static std::optional<T> read(QWidget *parent, const QString &label, std::function<T()> read)
    {
        auto slot = std::make_shared<std::optional<T>>();
        BackgroundRead background(parent);
        if (!background.run(label, [slot, read = std::move(read)] { *slot = read(); }))
            return std::nullopt;
        return std::move(*slot);
    }

    /// For tests: how long before the progress dialog shows (default kProgressDelayMs), and a
    /// function called with the dialog once it is shown.
    static void setProgressDelayForTests(int milliseconds);
    static void setDialogShownHookForTests(std::function<void(QWidget *dialog)> hook);

private:
    QPointer<QWidget> m_parent;
};

} // namespace attnlens
