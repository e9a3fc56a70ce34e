// AttentionModel's edit brackets and gestures: kept apart from the setters so that the two stay
// independent. The setters only call endSuspendedGesture() before they change anything.
#include "attentionmodel.h"

#include <utility>

namespace attnlens {

void AttentionModel::beginEdit(const QString &text)
{
    // An edit that opens while a gesture waits between its steps is another command.
    endSuspendedGesture();
    if (m_editDepth++ > 0)
        return;
    ++m_editSerial;
    m_gestureOpen = false;
    m_editText = text;
    emit editBegun(text);
}

void AttentionModel::endEdit()
{
    if (m_editDepth == 0)
        return;
    if (--m_editDepth > 0)
        return;
    m_gestureOpen = false;
    const QString text = std::exchange(m_editText, QString());
    emit editEnded(text);
}

void AttentionModel::setEditText(const QString &text)
{
    if (m_editDepth == 1)
        m_editText = text;
}

quint64 AttentionModel::beginGesture(const QString &text)
{
    // Another gesture waiting between its steps ends: the user has turned to this one.
    endSuspendedGesture();
    if (m_editDepth > 0) {
        ++m_editDepth;  // inside a running edit: one of its brackets, ended with it
        return m_editSerial;
    }
    m_editDepth = 1;
    ++m_editSerial;
    m_gestureOpen = true;
    m_editText = text;
    emit editBegun(text);
    return m_editSerial;
}

void AttentionModel::endGesture(quint64 serial)
{
    if (isEditOpen(serial))
        endEdit();
}

void AttentionModel::endSuspendedGesture()
{
    if (!m_gestureOpen || m_gestureSteps > 0)
        return;
    // Between its steps a gesture is the only open bracket: another edit opening would have
    // ended it here first.
    m_editDepth = 0;
    m_gestureOpen = false;
    const QString text = std::exchange(m_editText, QString());
    emit editEnded(text);
}

void AttentionModel::interruptGesture()
{
    endSuspendedGesture();
}

AttentionModel::EditScope::EditScope(AttentionModel *model, const QString &text)
    : m_model(model)
{
    m_model->beginEdit(text);
}

AttentionModel::EditScope::~EditScope()
{
    m_model->endEdit();
}

} // namespace attnlens
