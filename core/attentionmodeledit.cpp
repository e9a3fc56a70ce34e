// AttentionModel's edit brackets: kept apart from the setters so that the two stay independent.
#include "attentionmodel.h"

#include <utility>

namespace attnlens {

void AttentionModel::beginEdit(const QString &text)
{
    if (m_editDepth++ > 0)
        return;
    m_editText = text;
    emit editBegun(text);
}

void AttentionModel::endEdit()
{
    if (m_editDepth == 0)
        return;
    if (--m_editDepth > 0)
        return;
    const QString text = std::exchange(m_editText, QString());
    emit editEnded(text);
}

void AttentionModel::setEditText(const QString &text)
{
    if (m_editDepth == 1)
        m_editText = text;
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
