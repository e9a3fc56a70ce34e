#include "keyspacedimensionpicker.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace attnlens {

KeySpaceDimensionPicker::KeySpaceDimensionPicker(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("keySpaceDimensionHeader"));
    auto *headerLayout = new QVBoxLayout(this);
    headerLayout->setContentsMargins(6, 4, 6, 2);
    headerLayout->setSpacing(2);
    auto *pickerRow = new QHBoxLayout;
    auto *horizontalLabel = new QLabel(tr("Horizontal:"), this);
    m_horizontalPicker = new QComboBox(this);
    m_horizontalPicker->setObjectName(QStringLiteral("horizontalDimensionPicker"));
    m_horizontalPicker->setAccessibleName(tr("Key coordinate shown horizontally"));
    horizontalLabel->setBuddy(m_horizontalPicker);
    auto *verticalLabel = new QLabel(tr("Vertical:"), this);
    m_verticalPicker = new QComboBox(this);
    m_verticalPicker->setObjectName(QStringLiteral("verticalDimensionPicker"));
    m_verticalPicker->setAccessibleName(tr("Key coordinate shown vertically"));
    verticalLabel->setBuddy(m_verticalPicker);
    m_noteLabel = new QLabel(this);
    m_noteLabel->setObjectName(QStringLiteral("dimensionNote"));
    m_noteLabel->setWordWrap(true);
    pickerRow->addWidget(horizontalLabel);
    pickerRow->addWidget(m_horizontalPicker);
    pickerRow->addSpacing(8);
    pickerRow->addWidget(verticalLabel);
    pickerRow->addWidget(m_verticalPicker);
    pickerRow->addStretch(1);
    headerLayout->addLayout(pickerRow);
    headerLayout->addWidget(m_noteLabel);
    hide();

    connect(m_horizontalPicker, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &KeySpaceDimensionPicker::horizontalPicked);
    connect(m_verticalPicker, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &KeySpaceDimensionPicker::verticalPicked);
}

void KeySpaceDimensionPicker::setDimensions(int dimensionCount, int horizontal, int vertical, const QString &note)
{
    {
        const QSignalBlocker blockHorizontal(m_horizontalPicker);
        const QSignalBlocker blockVertical(m_verticalPicker);
        if (m_horizontalPicker->count() != dimensionCount) {
            m_horizontalPicker->clear();
            m_verticalPicker->clear();
            for (int i = 0; i < dimensionCount; ++i) {
                m_horizontalPicker->addItem(tr("dimension %1").arg(i + 1));
                m_verticalPicker->addItem(tr("dimension %1").arg(i + 1));
            }
        }
        if (dimensionCount >= 2) {
            m_horizontalPicker->setCurrentIndex(horizontal);
            m_verticalPicker->setCurrentIndex(vertical);
        }
    }
    m_noteLabel->setText(note);
    setVisible(dimensionCount > 2);
}

} // namespace attnlens
