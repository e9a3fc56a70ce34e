#include "keyspacedimensionpicker.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace attnlens {

namespace {

// The plane picker's entries, in this order.
constexpr int kPrincipalPlaneEntry = 0;
constexpr int kCoordinatesEntry = 1;

} // namespace

KeySpaceDimensionPicker::KeySpaceDimensionPicker(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("keySpaceDimensionHeader"));
    auto *headerLayout = new QVBoxLayout(this);
    headerLayout->setContentsMargins(6, 4, 6, 2);
    headerLayout->setSpacing(2);
    auto *pickerRow = new QHBoxLayout;
    auto *planeLabel = new QLabel(tr("Show:"), this);
    m_planePicker = new QComboBox(this);
    m_planePicker->setObjectName(QStringLiteral("keySpacePlanePicker"));
    m_planePicker->setAccessibleName(tr("Plane shown in the key space"));
    m_planePicker->insertItem(kPrincipalPlaneEntry, tr("principal plane"));
    m_planePicker->insertItem(kCoordinatesEntry, tr("two key coordinates"));
    m_planePicker->setItemData(kPrincipalPlaneEntry,
                               tr("The two directions in which the keys spread most"), Qt::ToolTipRole);
    planeLabel->setBuddy(m_planePicker);

    m_coordinatePickers = new QWidget(this);
    auto *coordinateRow = new QHBoxLayout(m_coordinatePickers);
    coordinateRow->setContentsMargins(0, 0, 0, 0);
    auto *horizontalLabel = new QLabel(tr("Horizontal:"), m_coordinatePickers);
    m_horizontalPicker = new QComboBox(m_coordinatePickers);
    m_horizontalPicker->setObjectName(QStringLiteral("horizontalDimensionPicker"));
    m_horizontalPicker->setAccessibleName(tr("Key coordinate shown horizontally"));
    horizontalLabel->setBuddy(m_horizontalPicker);
    auto *verticalLabel = new QLabel(tr("Vertical:"), m_coordinatePickers);
    m_verticalPicker = new QComboBox(m_coordinatePickers);
    m_verticalPicker->setObjectName(QStringLiteral("verticalDimensionPicker"));
    m_verticalPicker->setAccessibleName(tr("Key coordinate shown vertically"));
    verticalLabel->setBuddy(m_verticalPicker);
    coordinateRow->addWidget(horizontalLabel);
    coordinateRow->addWidget(m_horizontalPicker);
    coordinateRow->addSpacing(8);
    coordinateRow->addWidget(verticalLabel);
    coordinateRow->addWidget(m_verticalPicker);

    m_noteLabel = new QLabel(this);
    m_noteLabel->setObjectName(QStringLiteral("dimensionNote"));
    m_noteLabel->setWordWrap(true);
    pickerRow->addWidget(planeLabel);
    pickerRow->addWidget(m_planePicker);
    pickerRow->addSpacing(8);
    pickerRow->addWidget(m_coordinatePickers);
    pickerRow->addStretch(1);
    headerLayout->addLayout(pickerRow);
    headerLayout->addWidget(m_noteLabel);
    hide();

    connect(m_planePicker, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int index) { emit planePicked(index == kPrincipalPlaneEntry); });
    connect(m_horizontalPicker, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &KeySpaceDimensionPicker::horizontalPicked);
    connect(m_verticalPicker, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &KeySpaceDimensionPicker::verticalPicked);
}

void KeySpaceDimensionPicker::setDimensions(int dimensionCount, bool principalPlane, int horizontal, int vertical,
                                            const QString &note)
{
    {
        const QSignalBlocker blockPlane(m_planePicker);
        const QSignalBlocker blockHorizontal(m_horizontalPicker);
        const QSignalBlocker blockVertical(m_verticalPicker);
        m_planePicker->setCurrentIndex(principalPlane ? kPrincipalPlaneEntry : kCoordinatesEntry);
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
    m_coordinatePickers->setVisible(!principalPlane);
    m_noteLabel->setText(note);
    setVisible(dimensionCount > 2);
}

} // namespace attnlens
