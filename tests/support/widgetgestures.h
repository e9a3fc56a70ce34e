#pragma once

// What a user's hand does to standard widgets, written once for every widget test.

#include <QLineEdit>
#include <QPoint>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTableView>
#include <QTest>

namespace attnlens::test {

/// The centre of `slider`'s handle, where a press grabs it, in the slider's coordinates.
inline QPoint sliderHandleCentre(const QSlider *slider)
{
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    option.subControls = QStyle::SC_SliderHandle;
    return slider->style()
        ->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider)
        .center();
}

/// Opens the editor of cell (`row`, `column`) of `table`, replaces its text with `text` as typed
/// keys and presses Return. Returns the editor it typed into, or null when none opened.
inline QLineEdit *typeIntoCell(QTableView *table, int row, int column, const QString &text)
{
    const QModelIndex cell = table->model()->index(row, column);
    table->setCurrentIndex(cell);
    table->edit(cell);
    QCoreApplication::processEvents();
    auto *lineEdit = table->findChild<QLineEdit *>();
    if (!lineEdit || !lineEdit->isVisible())
        return nullptr;
    lineEdit->selectAll();
    QTest::keyClicks(lineEdit, text);
    QTest::keyClick(lineEdit, Qt::Key_Return);
    return lineEdit;
}

} // namespace attnlens::test
