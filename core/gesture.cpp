#include "gesture.h"

#include "attentionmodel.h"

#include <utility>

namespace attnlens {

Gesture::Gesture(AttentionModel *model)
    : m_model(model)
{
}

Gesture::~Gesture()
{
    end();
}

void Gesture::begin(const QString &text)
{
    if (isOpen())
        return;
    m_text = text;
    m_serial = m_model->beginGesture(text);
}

void Gesture::setText(const QString &text)
{
    m_text = text;
    if (isOpen())
        m_model->setEditText(text);
}

void Gesture::end()
{
    if (!isOpen()) {
        m_serial = 0;
        return;
    }
    m_model->setEditText(m_text);
    m_model->endGesture(std::exchange(m_serial, 0));
}

bool Gesture::isOpen() const
{
    return m_serial != 0 && m_model && m_model->isEditOpen(m_serial);
}

Gesture::Step::Step(Gesture &gesture)
    : m_gesture(gesture)
{
    if (!m_gesture.isOpen())
        m_gesture.begin(m_gesture.m_text);
    m_gesture.m_model->enterGestureStep();
}

Gesture::Step::~Step()
{
    if (m_gesture.m_model)
        m_gesture.m_model->leaveGestureStep();
}

} // namespace attnlens
