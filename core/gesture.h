#pragma once

#include <QPointer>
#include <QString>

namespace attnlens {

class AttentionModel;

/// A view's gesture: changes that the user makes as one, across several events (a drag from
/// press to release, a slider stroke, a typed value from its first key to Return), and that undo
/// keeps as one step. The view declares where it begins and ends, and makes each of its changes
/// inside a Step:
///
///     press:   m_drag.begin(tr("Drag key %1").arg(name));
///     move:    { const Gesture::Step step(m_drag); m_model->setKeyRow(row, key); }
///     release: m_drag.end();
///
/// Between its steps the gesture waits, and whatever else changes the document then (another
/// setter, another edit, an undo), or AttentionModel::interruptGesture() (the window losing the
/// focus, a dialog opening), ends it first, as an edit of its own named by its text. Its end()
/// then does nothing; a Step that comes after an interruption begins it again, as a new edit with
/// the same text. So an edit never waits for a release that may not come, and never takes in a
/// change that was not the gesture's.
class Gesture {
public:
    explicit Gesture(AttentionModel *model);
    /// Ends the gesture, if it is open.
    ~Gesture();
    Gesture(const Gesture &) = delete;
    Gesture &operator=(const Gesture &) = delete;

    /// Declares the gesture begun, named `text`. Does nothing while it is open.
    void begin(const QString &text);
    /// Names the gesture by its outcome ("Set temperature to 0.5"): the name its edit ends with,
    /// however it ends.
    void setText(const QString &text);
    QString text() const { return m_text; }
    /// Declares the gesture ended: its changes become one edit. Does nothing when it is not open
    /// (never begun, ended already, or ended by an interruption).
    void end();
    bool isOpen() const;

    /// Makes the changes made in its lifetime the gesture's own. Begins the gesture again (with
    /// its last text) when it is not open.
    class Step {
    public:
        explicit Step(Gesture &gesture);
        ~Step();
        Step(const Step &) = delete;
        Step &operator=(const Step &) = delete;

    private:
        Gesture &m_gesture;
    };

private:
    /// Guarded: a view may outlive the model it showed (destruction order in a window).
    QPointer<AttentionModel> m_model;
    QString m_text;
    /// The serial of the model's edit this gesture opened; 0 when it opened none.
    quint64 m_serial = 0;
};

} // namespace attnlens
